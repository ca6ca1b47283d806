import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench goal`, `quench goal set AMOUNT`, `quench goal auto`, `quench goal history`
struct Goal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your daily water goal: default, manual, or derived from your weight.",
        discussion: HelpText.reflow("""
            The goal is 2500 mL until you set one. With the body-mass consent granted and a weight
            recorded, it follows your weight (half your weight in lb, as US fl oz, 1000–6000 mL)
            unless you set a manual goal while an auto goal is available; `quench goal auto`
            follows your weight again.

            Examples:
              quench goal
              quench goal set 3l
              quench goal auto
              quench goal history --json
            """),
        subcommands: [Show.self, Set.self, Auto.self, History.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Your current goal.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let reply: GoalReply = try await gateway.call(.goalGet, GetGoalRequest())
                try output.emit(GoalView(reply)) { GoalView.describe(reply, style: output.style) }
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a manual goal (at least 500 mL, at most 6000 mL).",
            discussion: "AMOUNT: 3000, 3000ml, 2.5l, 100oz (US fl oz). Example: quench goal set 2.5l")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The goal: 3000, 3000ml, 2.5l, 100oz.")
        var amount: AmountArgument

        static var examples: String { tr(GoalsText.goalExamples) }

        func validate() throws {
            let (value, unit) = try amount.parsed(name: "AMOUNT", examples: Self.examples)
            do {
                _ = try GoalVolumeRule.microlitres(value, unit: unit, field: "AMOUNT")
            } catch is QuenchError {
                throw ValidationError(tr(CommonText.field("AMOUNT", message: tr(GoalsText.goalOutOfRange(got: Self.typed(value, unit))))))
            }
        }

        /// The amount as typed back: `100 ml`, `2.5 l`.
        static func typed(_ value: Double, _ unit: VolumeUnit) -> String {
            let number = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : l10n.decimal(value, minimum: 0, maximum: 3)
            return "\(number) \(unit.rawValue)"
        }

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let (value, unit) = try amount.parsed(name: "AMOUNT", examples: Self.examples)
                let reply: GoalReply = try await gateway.call(.goalSet, SetGoalRequest(volume: value, unit: unit.rawValue))
                try output.emit(GoalView(reply)) { GoalView.describe(reply, style: output.style) }
            }
        }
    }

    struct Auto: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow the goal derived from your newest weight again.",
            discussion: "Needs the body-mass consent (`quench consent grant body-mass`) and a weight (`quench weight add`).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let reply: GoalReply = try await gateway.call(.goalAuto, AutoGoalRequest())
                try output.emit(GoalView(reply)) { GoalView.describe(reply, style: output.style) }
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every goal you had, newest first.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                // The service answers a page at a time (`limits.page.items`); follow every page.
                var reply: GoalHistoryReply = try await gateway.call(.goalHistory, GoalHistoryRequest())
                while let cursor = reply.nextCursor {
                    let page: GoalHistoryReply = try await gateway.call(.goalHistory, GoalHistoryRequest(cursor: cursor))
                    reply.goals += page.goals
                    reply.nextCursor = page.nextCursor
                }
                try output.emit(GoalHistoryView(reply)) {
                    guard !reply.goals.isEmpty else { return tr(GoalsText.noGoalYet) }
                    var table = Table(columns(GoalsText.goalHeaders), alignments: [.left, .left, .right, .left])
                    for period in reply.goals {
                        table.add([
                            Format.day(period.startDay), period.endDay.map(Format.day) ?? output.style.dim(tr(GoalsText.now)),
                            Format.millilitres(period.goalMl), tr(GoalsText.source(period.source)),
                        ])
                    }
                    return table.render(style: output.style)
                }
            }
        }
    }
}
