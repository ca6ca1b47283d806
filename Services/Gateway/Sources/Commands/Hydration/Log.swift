import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench log AMOUNT [--fluid NAME] [--at TIME]`
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log a drink.",
        discussion: HelpText.reflow("""
            AMOUNT is a number with an optional unit: 250, 250ml, 0.5l, 12oz (US fl oz).
            The water it counts is the amount times the fluid's water content (`quench fluids`).

            Examples:
              quench log 250
              quench log 12oz --fluid coffee
              quench log 0.5l --fluid tea --at 08:30
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The amount: 250, 250ml, 0.5l, 12oz.")
    var amount: AmountArgument

    @Option(help: "The fluid (default water).")
    var fluid: String?

    @Option(help: "When: 08:30, 2026-11-21 08:30, or an ISO 8601 instant (default now).")
    var at: String?

    static var examples: String { tr(HydrationText.amountExamples) }

    func validate() throws {
        _ = try amount.parsed(name: "AMOUNT", examples: Self.examples)
    }

    func run() async throws {
        try await CLI.run(global, units: true) { gateway, output in
            let (value, unit) = try amount.parsed(name: "AMOUNT", examples: Self.examples)
            let instant = try at.map { try TimeParsing.instant($0, zone: gateway.timeZone) }
            let record: IntakeRecord = try await gateway.call(.intakeLog,
                LogIntakeRequest(fluid: fluid.map(FluidText.canonical), volume: value, unit: unit.rawValue, at: instant))
            try output.emit(record) {
                let style = output.style
                return tr(HydrationText.logged(
                    volume: style.bold(Format.millilitres(record.volumeMl)), fluid: tr(FluidText(name: record.fluid)), water: Format.millilitres(record.waterMl),
                    time: Format.time(record.at, zone: record.timeZone), day: Format.day(record.day)))
                    + "  " + style.dim(tr(HydrationText.id(String(record.id))))
            }
        }
    }
}
