import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench metrics [SERVICE…]`
struct Metrics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the services' metrics in the Prometheus text format (operators).",
        discussion: HelpText.reflow("""
            Asks each service (all four by default) for `system.metrics` and prints what they
            answer, one block after the other: request counts and times by message type, error
            replies by code, group-commit sizes and times, requests in flight, the outbox head
            and each subscription's applied seq and lag. Needs an admin (or service) key.

            For Prometheus, write it where node_exporter's textfile collector reads, e.g. every
            15 s from cron or a systemd timer:
              quench metrics > /var/lib/node_exporter/quench.prom.tmp && \\
                mv /var/lib/node_exporter/quench.prom.tmp /var/lib/node_exporter/quench.prom

            Examples:
              quench metrics
              quench metrics intake goals
              quench metrics --json
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("intake, goals, health-ingest or analytics (default: all).", valueName: "SERVICE"))
    var services: [String] = []

    func validate() throws {
        for service in services where !ServiceName.all.contains(service) {
            throw ValidationError(tr(SystemText.serviceMustBe(field: "SERVICE", list: ServiceName.all.joined(separator: ", "), got: service)))
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            var replies: [MetricsReply] = []
            for service in services.isEmpty ? ServiceName.all : services {
                replies.append(try await gateway.call(.systemMetrics, MetricsRequest(), service: service, requiresUser: false))
            }
            struct Result: Encodable {
                var services: [MetricsReply]
            }
            try output.emit(Result(services: replies)) {
                replies.map { "# quench service \($0.service)\n" + $0.text }.joined(separator: "\n")
            }
        }
    }
}
