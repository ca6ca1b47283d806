import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench analytics rebuild`, `quench analytics lag`
struct Analytics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Operate the analytics read models.",
        subcommands: [Rebuild.self, Lag.self])

    struct Rebuild: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drop analytics' read models and rebuild them from the other services' events (operators).",
            discussion: HelpText.reflow("""
                Everything analytics answers is derived from intake's, goals' and health-ingest's events; a
                rebuild replays them from the first. Answers are incomplete until it has caught up
                (`quench analytics lag`).
                """))

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: RebuildReply = try await gateway.call(.analyticsRebuild, RebuildRequest(), requiresUser: false, actingFor: .none)
                try output.emit(reply) {
                    let rows = reply.cleared.values.reduce(0, +)
                    return tr(AnalyticsText.rebuilt(
                        rows: rows, publishers: reply.publishers.isEmpty ? tr(AnalyticsText.everyPublisher) : reply.publishers.joined(separator: ", ")))
                }
            }
        }
    }

    struct Lag: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "How far analytics is behind each publisher.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: LagReply = try await gateway.call(.analyticsLag, LagRequest(), requiresUser: false, actingFor: .none)
                try output.emit(reply) {
                    var table = Table(columns(AnalyticsText.lagHeaders),
                                      alignments: [.left, .right, .right, .right, .right, .left])
                    for entry in reply.publishers {
                        table.add([
                            entry.publisher, "\(entry.appliedSeq)", "\(entry.headSeq)", "\(entry.lag)", "\(entry.skipped)",
                            entry.connected ? tr(AnalyticsText.yes) : output.style.red(tr(AnalyticsText.no)),
                        ])
                    }
                    return table.render(style: output.style)
                }
            }
        }
    }
}
