import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench status`
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ping every service in parallel and show its state.",
        discussion: HelpText.reflow("""
            Exits non-zero (69) when any service is down, naming it. With --health each
            service is also asked for `system.health`: its status, its database's last
            integrity check (SQLite's quick_check, run at most once a minute) and how far
            each of its event subscriptions is behind its publisher; a service that is not
            `ok`, a failed database check or a lost publisher then also exits 69.

            Examples:
              quench status
              quench status --health
              quench status --health --json
            """))

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Also show each service's health: status, database check, subscriptions' lag.")
    var health = false

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let timeout = gateway.attemptTimeout < .seconds(2) ? gateway.attemptTimeout : .seconds(2)
            let states = await StatusProbe.probe(config: gateway.config, timeout: timeout, health: health) { name in
                try gateway.credentials(for: name)
            }
            struct Result: Encodable {
                var services: [StatusProbe.State]
            }
            try output.emit(Result(services: states)) {
                var titles = columns(SystemText.statusHeaders)
                var alignments: [Table.Alignment] = [.left, .left, .left, .right, .right, .right]
                if health {
                    titles += columns(SystemText.healthHeaders)
                    alignments += [.left, .left, .left]
                }
                var table = Table(titles + [tr(SystemText.endpointHeader)], alignments: alignments + [.left])
                for state in states {
                    var row = [
                        state.name,
                        state.up ? output.style.green(tr(SystemText.up)) : output.style.red(tr(SystemText.down)),
                        state.version ?? "-",
                        state.uptimeSeconds.map(formatUptime) ?? "-",
                        state.roundTripMs.map { tr(SystemText.milliseconds(l10n.decimal($0, minimum: 2, maximum: 2))) } ?? "-",
                        state.headSeq.map(String.init) ?? "-",
                    ]
                    if health {
                        row += HealthColumns(state.health, style: output.style).cells
                    }
                    table.add(row + [state.endpoint])
                }
                return table.render(style: output.style)
            }
            let down = states.filter { !$0.up }
            if !down.isEmpty {
                throw CLIError.servicesDown(down.map { ($0.name, $0.endpoint) })
            }
            let problems = states.compactMap { state in state.health.flatMap(HealthColumns.problem).map { "\(state.name): \($0)" } }
            if !problems.isEmpty {
                throw CLIError.unhealthy(problems.joined(separator: "; "))
            }
        }
    }
}

/// The `--health` columns of `quench status` for one service, and what is wrong with it.
private struct HealthColumns {
    let cells: [String]

    init(_ health: HealthReply?, style: Style, now: Date = Date()) {
        guard let health else {
            cells = ["-", "-", "-"]
            return
        }
        let status = health.status == "ok" ? style.green(health.status) : style.red(health.status)
        var database = health.database.ok ? style.green(tr(SystemText.ok)) : style.red(tr(SystemText.failed))
        if let checkedAt = health.database.checkedAt {
            database += tr(SystemText.checkedAgo(formatUptime(max(0, now.timeIntervalSince(checkedAt)))))
        }
        if !health.database.ok, let message = health.database.message {
            database += ": \(message)"
        }
        let subscriptions = health.subscriptions.map { subscription in
            let text = subscription.lag == 0
                ? tr(SystemText.upToDate(publisher: subscription.publisher))
                : tr(SystemText.behind(publisher: subscription.publisher, count: Int64(clamping: subscription.lag)))
            return subscription.connected ? text : style.red(text + tr(SystemText.notConnected))
        }
        cells = [status, database, subscriptions.isEmpty ? "-" : subscriptions.joined(separator: ", ")]
    }

    /// Why `health` is not fine, or nil when it is.
    static func problem(_ health: HealthReply) -> String? {
        var problems: [String] = []
        if health.status != "ok" { problems.append(tr(SystemText.problemStatus(health.status))) }
        if !health.database.ok { problems.append(tr(SystemText.databaseCheckFailed(detail: health.database.message.map { " (\($0))" } ?? ""))) }
        let lost = health.subscriptions.filter { !$0.connected }.map(\.publisher)
        if !lost.isEmpty { problems.append(tr(SystemText.notHearingFrom(lost.joined(separator: ", ")))) }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}

func formatUptime(_ seconds: Double) -> String {
    let total = Int(seconds)
    if total < 60 { return tr(SystemText.uptime(days: 0, hours: 0, minutes: 0, seconds: total)) }
    if total < 3600 { return tr(SystemText.uptime(days: 0, hours: 0, minutes: total / 60, seconds: total % 60)) }
    if total < 86_400 { return tr(SystemText.uptime(days: 0, hours: total / 3600, minutes: total % 3600 / 60, seconds: 0)) }
    return tr(SystemText.uptime(days: total / 86_400, hours: total % 86_400 / 3600, minutes: 0, seconds: 0))
}
