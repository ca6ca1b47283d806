import ArgumentParser
import Foundation
import QuenchProtocol

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

        func human(verb: String, zone: String) -> String {
            let kg = String(format: "%.1f kg", weightKg)
            let given = unit == "kg" ? "" : " (\(value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)) \(unit))"
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return "\(verb) \(kg)\(given), measured \(formatter.string(from: at))" + (duplicate == true ? " (already recorded)" : "")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Your latest weight.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: WeightReply = try await gateway.query(ServiceName.healthIngest, HealthMessage.weightLatest, LatestWeightRequest())
                let report = Report(reply)
                try output.emit(report) { report.human(verb: "Weight", zone: gateway.timeZone) }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a weight.",
            discussion: """
                Examples:
                  quench weight add 72.5 --unit kg
                  quench weight add 160 --unit lb --at "2026-11-20 07:30"
                """)

        enum Unit: String, ExpressibleByArgument, CaseIterable {
            case kg, lb
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The weight: \(ValueRules.text(.bodyMass)) (1.2 to 1102 lb)."))
        var value: Double

        @Option(help: "kg or lb.")
        var unit: Unit

        @Option(help: "When it was measured: 07:30, 2026-11-21 07:30, or an ISO 8601 instant (default now).")
        var at: String?

        func validate() throws {
            guard value.isFinite, value > 0 else {
                throw ValidationError("VALUE must be a number greater than 0, got \(value)")
            }
            // The range itself is health-ingest's (ValueRules, the same for every service):
            // refused there as invalid_argument naming `value`, exit 65.
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let instant = try at.map { try TimeParsing.instant($0, zone: gateway.timeZone) }
                let reply: WeightReply = try await gateway.command(
                    ServiceName.healthIngest, HealthMessage.weightAdd, AddWeightRequest(value: value, unit: unit.rawValue, at: instant))
                let report = Report(reply)
                try output.emit(report) { report.human(verb: "Recorded", zone: gateway.timeZone) }
            }
        }
    }
}
