import ArgumentParser
import Foundation
import QuenchProtocol

/// `quench status`
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ping every service in parallel and show its state.",
        discussion: "Exits non-zero (69) when any service is down, naming it.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let timeout = gateway.attemptTimeout < .seconds(2) ? gateway.attemptTimeout : .seconds(2)
            let states = await StatusProbe.probe(config: gateway.config, timeout: timeout) { name in
                try gateway.credentials(for: name)
            }
            struct Result: Encodable {
                var services: [StatusProbe.State]
            }
            try output.emit(Result(services: states)) {
                var table = Table(["SERVICE", "STATE", "VERSION", "UPTIME", "ROUND TRIP", "HEAD SEQ", "ENDPOINT"],
                                  alignments: [.left, .left, .left, .right, .right, .right, .left])
                for state in states {
                    table.add([
                        state.name,
                        state.up ? output.style.green("up") : output.style.red("down"),
                        state.version ?? "-",
                        state.uptimeSeconds.map(formatUptime) ?? "-",
                        state.roundTripMs.map { String(format: "%.2f ms", $0) } ?? "-",
                        state.headSeq.map(String.init) ?? "-",
                        state.endpoint,
                    ])
                }
                return table.render(style: output.style)
            }
            let down = states.filter { !$0.up }
            if let first = down.first {
                throw CLIError.unavailable(service: down.map(\.name).joined(separator: ", "), endpoint: first.endpoint, detail: "")
            }
        }
    }
}

func formatUptime(_ seconds: Double) -> String {
    let total = Int(seconds)
    if total < 60 { return "\(total)s" }
    if total < 3600 { return "\(total / 60)m\(total % 60)s" }
    if total < 86_400 { return "\(total / 3600)h\(total % 3600 / 60)m" }
    return "\(total / 86_400)d\(total % 86_400 / 3600)h"
}
