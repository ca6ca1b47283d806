import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench sources`, `quench sources priority SOURCE…`
struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The sources of your steps and distance, and the order they are merged in.",
        discussion: HelpText.reflow("""
            A day's steps and distance merge every source in time, as the Health app does: where
            samples of two sources overlap, the higher one in this order counts; where only a lower
            one has samples (the watch was off), those count; a sample partly covered counts in
            proportion to the time left uncovered. The default order: Apple Watches, then iPhones
            (sources whose names say so), then every other source by name. Names are matched
            whatever their case, apostrophes (’ or ') or spacing.
            """),
        subcommands: [List.self, Priority.self],
        defaultSubcommand: List.self)

    /// What `quench sources` prints.
    struct Report: Encodable {
        var rule: String
        var priority: [String]
        var sources: [SeenSource]

        init(_ reply: StepsPriorityReply) {
            rule = reply.rule
            priority = reply.sources
            sources = reply.seen ?? []
        }

        var human: String {
            var lines: [String] = []
            if sources.isEmpty {
                lines.append(tr(HealthText.noSourcesYet))
            } else {
                lines.append(tr(HealthText.sourcesIntro))
                for (index, source) in sources.enumerated() {
                    let why = source.listed ? tr(HealthText.yourPriority) : tr(HealthText.defaultKind(source.kind))
                    lines.append(tr(HealthText.sourceLine(rank: index + 1, name: source.name, samples: source.samples, why: why)))
                }
            }
            let unseen = priority.filter { name in !sources.contains { $0.listed && $0.name.lowercased() == name.lowercased() } }
            if !unseen.isEmpty {
                lines.append(tr(HealthText.listedNotSeen(unseen.joined(separator: ", "))))
            }
            lines.append(priority.isEmpty ? tr(HealthText.defaultOrder) : tr(HealthText.yourOrder))
            return lines.joined(separator: "\n")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The sources seen, in merge order.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: StepsPriorityReply = try await gateway.call(.stepsPriorityGet, StepsPriorityGetRequest())
                let report = Report(reply)
                try output.emit(report) { report.human }
            }
        }
    }

    struct Priority: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the sources to prefer, highest first; the rest follow in the default order.",
            discussion: HelpText.reflow("""
                Examples:
                  quench sources priority "Ann's Apple Watch" "Ann's iPhone"
                  quench sources priority --clear
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Source names as `quench sources` shows them (at most 20).")
        var sources: [String] = []

        @Flag(help: "Go back to the default order.")
        var clear = false

        func validate() throws {
            guard clear != !sources.isEmpty else {
                throw ValidationError(tr(HealthText.sourcesOrClear(both: clear)))
            }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: StepsPriorityReply = try await gateway.call(.stepsPrioritySet, StepsPriorityRequest(sources: sources))
                let report = Report(reply)
                try output.emit(report) { report.human }
            }
        }
    }
}
