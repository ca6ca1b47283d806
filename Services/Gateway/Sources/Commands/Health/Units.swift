import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench units`, `quench units set [--weight kg|lb] [--volume mL|L|fl-oz]`
struct Units: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The units you see weights and volumes in.",
        discussion: HelpText.reflow("""
            Kept by health-ingest for your user, so every machine you use shows the same. Weights
            (`quench orm`, `quench weight`) show in kg or lb; volumes (`quench today`, `history`,
            `intakes`, `log`, `goal`) in mL, L or US fl oz. A workout log whose file names no unit
            is read in your weight unit once you set one (else lb). JSON output stays in kg and mL.

            Examples:
              quench units
              quench units set --weight lb --volume fl-oz
            """),
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    static func human(_ reply: UnitsReply) -> String {
        tr(HealthText.units(weight: tr(UnitText.symbol(reply.weight)), volume: tr(UnitText.symbol(reply.volume)), stored: reply.stored))
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Your display units.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: UnitsReply = try await gateway.call(.unitsGet, UnitsGetRequest())
                try output.emit(reply) { Units.human(reply) }
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change your display units.")

        enum Weight: String, ExpressibleByArgument, CaseIterable {
            case kg, lb
        }

        enum Volume: String, ExpressibleByArgument, CaseIterable {
            case mL, L, flOz = "fl-oz"
        }

        @OptionGroup var global: GlobalOptions

        @Option(help: "kg or lb.")
        var weight: Weight?

        @Option(help: "mL, L or fl-oz.")
        var volume: Volume?

        func validate() throws {
            guard weight != nil || volume != nil else { throw ValidationError(tr(HealthText.giveWeightOrVolume)) }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: UnitsReply = try await gateway.call(.unitsSet, UnitsSetRequest(weight: weight?.rawValue, volume: volume?.rawValue))
                try output.emit(reply) { Units.human(reply) }
            }
        }
    }
}
