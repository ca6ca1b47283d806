import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench weight`, `quench weight add VALUE --unit kg|lb [--at TIME]`
struct Weight: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your body weight (needs the body-mass consent).",
        subcommands: [Show.self, Add.self],
        defaultSubcommand: Show.self)

    /// What `quench weight` prints.
    struct Report: Encodable {
        var weightKg: Double
        var at: Date
        var value: Double
        var unit: String
        var source: String
        var sampleId: String
        var duplicate: Bool?

        init(_ reply: WeightReply) {
            weightKg = reply.weightKg
            at = reply.at
            value = reply.value
            unit = reply.unit
            source = reply.source
            sampleId = reply.sampleId
            duplicate = reply.duplicate
        }

        enum Verb { case shown, recorded }

        func human(verb: Verb, zone: String) -> String {
            // In the preferred unit (``DisplayUnits``), one decimal.
            let kg = DisplayUnits.current.weight == "lb"
                ? tr(UnitText.pounds(l10n.decimal(weightKg * DisplayUnits.poundsPerKilogram, minimum: 1, maximum: 1)))
                : tr(UnitText.kilograms(l10n.decimal(weightKg, minimum: 1, maximum: 1)))
            let number = l10n.decimal(value, maximum: 1)
            let given = unit == DisplayUnits.current.weight ? "" : " (" + tr(unit == "lb" ? UnitText.pounds(number) : UnitText.kilograms(number)) + ")"
            let measured = Format.dayAndTime(at, zone: zone)
            return verb == .shown
                ? tr(HealthText.weightShown(weight: kg, given: given, measured: measured, duplicate: duplicate == true))
                : tr(HealthText.weightRecorded(weight: kg, given: given, measured: measured, duplicate: duplicate == true))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Your latest weight.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let reply: WeightReply = try await gateway.call(.weightLatest, LatestWeightRequest())
                let report = Report(reply)
                try output.emit(report) { report.human(verb: .shown, zone: gateway.timeZone) }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a weight.",
            discussion: HelpText.reflow("""
                VALUE carries its unit (80kg, 176lb) or takes --unit.

                Examples:
                  quench weight add 72.5kg
                  quench weight add 72.5 --unit kg
                  quench weight add 160lb --at "2026-11-20 07:30"
                """))

        enum Unit: String, ExpressibleByArgument, CaseIterable {
            case kg, lb
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The weight: 72.5kg, 160lb, or a number with --unit; \(ValueRules.text(.bodyMass)) (1.2 to 1102 lb)."))
        var value: String

        @Option(help: "kg or lb, when VALUE has no unit.")
        var unit: Unit?

        @Option(help: "When it was measured: 07:30, 2026-11-21 07:30, or an ISO 8601 instant (default now).")
        var at: String?

        /// `80`, `80kg`, `80 kg`, `176.5lb`, `176 LB`: the number and the unit written with it.
        static func parse(_ text: String) -> (value: Double, unit: Unit?)? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let numberEnd = trimmed.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }
                ?? trimmed.endIndex
            guard let number = Double(trimmed[..<numberEnd]) else { return nil }
            let rest = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces).lowercased()
            if rest.isEmpty { return (number, nil) }
            switch rest {
            case "kg", "kgs", "kilogram", "kilograms": return (number, .kg)
            case "lb", "lbs", "pound", "pounds": return (number, .lb)
            default: return nil
            }
        }

        /// The weight and its unit, or the rule it breaks.
        func measurement() throws -> (value: Double, unit: Unit) {
            guard let (number, written) = Self.parse(value) else {
                throw ValidationError(tr(HealthText.notAWeight(field: "VALUE", value: String(value.prefix(40)))))
            }
            if let written, let unit, written != unit {
                throw ValidationError(tr(HealthText.twoUnits(field: "VALUE", value: String(value.prefix(40)), written: written.rawValue, option: unit.rawValue)))
            }
            guard let chosen = written ?? unit else {
                throw ValidationError(tr(HealthText.noUnit(field: "VALUE", value: String(value.prefix(40)))))
            }
            guard number.isFinite, number > 0 else {
                throw ValidationError(tr(HealthText.notPositive(field: "VALUE", value: String(value.prefix(40)))))
            }
            return (number, chosen)
        }

        func validate() throws {
            _ = try measurement()
        }

        func run() async throws {
            try await CLI.run(global, units: true) { gateway, output in
                let (number, chosen) = try measurement()
                let instant = try at.map { try TimeParsing.instant($0, zone: gateway.timeZone) }
                let reply: WeightReply = try await gateway.call(.weightAdd, AddWeightRequest(value: number, unit: chosen.rawValue, at: instant))
                let report = Report(reply)
                try output.emit(report) { report.human(verb: .recorded, zone: gateway.timeZone) }
            }
        }
    }
}
