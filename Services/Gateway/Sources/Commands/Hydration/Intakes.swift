import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench intakes [--day DATE]`, `quench intakes edit ID …`, `quench intakes rm ID`
struct Intakes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, edit and delete logged drinks.",
        subcommands: [List.self, Edit.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "A day's drinks (default today).",
            discussion: "Example: quench intakes --day 2026-11-20")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("The day (default today in --tz).", valueName: "YYYY-MM-DD"))
        var day: LocalDay?

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                // The service answers a page at a time (`limits.page.items`); follow every page.
                var reply: ListIntakesReply = try await gateway.call(.intakeList, ListIntakesRequest(day: day))
                while let cursor = reply.nextCursor {
                    let page: ListIntakesReply = try await gateway.call(.intakeList, ListIntakesRequest(day: reply.day, cursor: cursor))
                    reply.intakes += page.intakes
                    reply.nextCursor = page.nextCursor
                }
                try output.emit(reply) {
                    guard !reply.intakes.isEmpty else { return tr(HydrationText.noDrinks(day: Format.day(reply.day))) }
                    var table = Table(columns(HydrationText.intakesHeaders), alignments: [.left, .left, .left, .right, .right], whole: [0])
                    for intake in reply.intakes {
                        table.add([
                            intake.id, Format.time(intake.at, zone: intake.timeZone), tr(FluidText(name: intake.fluid)),
                            Format.millilitres(intake.volumeMl), Format.millilitres(intake.waterMl),
                        ])
                    }
                    let total = reply.intakes.reduce(Int64(0)) { $0 + $1.waterMicrolitres }
                    return output.style.bold(Format.day(reply.day)) + "\n" + table.render(style: output.style)
                        + "\n" + tr(HydrationText.totalWater(Format.millilitres(Microlitres.toMillilitres(total))))
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a logged drink's amount, fluid or time.",
            discussion: "Example: quench intakes edit 3f9c0d1e2a4b5c6d --amount 330ml --fluid juice")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The drink's id (from `quench intakes`).")
        var id: String

        @Option(help: "New amount: 250, 250ml, 0.5l, 12oz.")
        var amount: AmountArgument?

        @Option(help: "New fluid.")
        var fluid: String?

        @Option(help: "New time.")
        var at: String?

        func validate() throws {
            guard amount != nil || fluid != nil || at != nil else {
                throw ValidationError(tr(HydrationText.nothingToChange))
            }
            _ = try amount?.parsed(name: "--amount", examples: Log.examples)
        }

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let parsed = try amount?.parsed(name: "--amount", examples: Log.examples)
                let instant = try at.map { try TimeParsing.instant($0, zone: gateway.timeZone) }
                let record: IntakeRecord = try await gateway.call(.intakeEdit,
                    EditIntakeRequest(id: id, fluid: fluid.map(FluidText.canonical), volume: parsed?.value, unit: parsed?.unit.rawValue, at: instant))
                try output.emit(record) {
                    tr(HydrationText.updated(
                        id: record.id, volume: Format.millilitres(record.volumeMl), fluid: tr(FluidText(name: record.fluid)), water: Format.millilitres(record.waterMl),
                        time: Format.time(record.at, zone: record.timeZone), day: Format.day(record.day)))
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete a logged drink.",
            discussion: "Example: quench intakes rm 3f9c0d1e2a4b5c6d")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The drink's id.")
        var id: String

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let reply: DeleteIntakeReply = try await gateway.call(.intakeDelete, DeleteIntakeRequest(id: id))
                try output.emit(reply) { tr(HydrationText.deleted(id: reply.id)) }
            }
        }
    }
}
