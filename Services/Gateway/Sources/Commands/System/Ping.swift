import ArgumentParser
import Foundation
import QuenchProtocol

/// `quench ping SERVICE [--endpoint URL]`
struct Ping: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ping one service; exit 0 when it answers (health checks, probes).",
        discussion: """
            Sends one `system.ping` and waits up to --timeout seconds (default 3) for the answer.
            Exits 0 when the service answers, 69 when it does not. Uses the endpoint and keys of
            the client config, or --endpoint, which is what a container's health check wants: its
            own service on 127.0.0.1.

            Examples:
              quench ping intake
              quench ping intake --endpoint tcp://127.0.0.1:7101 --timeout 2
              quench ping analytics --json
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("intake, goals, health-ingest or analytics.", valueName: "SERVICE"))
    var service: String

    @Option(help: ArgumentHelp("Ping this RPC endpoint instead of the client config's.", valueName: "URL"))
    var endpoint: String?

    func validate() throws {
        guard ServiceName.all.contains(service) else {
            throw ValidationError("SERVICE must be one of \(ServiceName.all.joined(separator: ", ")); got '\(service)'")
        }
        if let endpoint, !(endpoint.hasPrefix("tcp://") || endpoint.hasPrefix("ipc://")) {
            throw ValidationError("--endpoint must be a tcp:// or ipc:// URL, got '\(endpoint)'")
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let configured = gateway.config.services[service]
            var target = gateway.config
            target.services = [
                service: ClientConfig.Endpoint(
                    rpc: endpoint ?? configured?.rpc ?? "", pub: configured?.pub ?? "", publicKey: configured?.publicKey),
            ]
            let states = await StatusProbe.probe(config: target, timeout: gateway.attemptTimeout) { name in
                try gateway.credentials(for: name)
            }
            guard let state = states.first else {
                throw CLIError.usage("the client config names no endpoint for \(service)")
            }
            try output.emit(state) {
                guard state.up else { return "" }
                var details: [String] = []
                if let version = state.version { details.append("version \(version)") }
                if let uptime = state.uptimeSeconds { details.append("up \(formatUptime(uptime))") }
                if let head = state.headSeq { details.append("head seq \(head)") }
                let roundTrip = state.roundTripMs.map { String(format: "%.2f ms", $0) } ?? "-"
                return "\(service) answered from \(state.endpoint) in \(roundTrip) (\(details.joined(separator: ", ")))"
            }
            if !state.up {
                throw CLIError.unavailable(service: service, endpoint: state.endpoint, detail: state.error ?? "")
            }
        }
    }
}
