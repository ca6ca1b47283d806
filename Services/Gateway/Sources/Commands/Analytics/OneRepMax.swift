import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench orm [EXERCISE] [--limit N] [--unit kg|lb]`
struct OneRepMax: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orm",
        abstract: "Estimated one-rep max per exercise (Brzycki), with your records.",
        discussion: HelpText.reflow("""
            Each day's point is the best estimate of its sets: weight × 36 / (37 − reps); one rep is the
            weight itself. Sets of more than 12 reps, and warm-up sets, are left out.
            Weights show in --unit, else in your preference (`quench units`), else kg; JSON is
            in kg unless --unit says otherwise (its `unit` field names it).
            Example: quench orm "Back Squat" --limit 10 --unit lb
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Only this exercise (any case).")
    var exercise: String?

    @Option(help: "The latest N days per exercise (1 to 3660).")
    var limit: Int = OneRepMaxRequest.defaultLimit

    enum Unit: String, ExpressibleByArgument, CaseIterable {
        case kg, lb
    }

    @Option(help: "Show weights in kg or lb (default: your preference, else kg).")
    var unit: Unit?

    /// The reply with every estimate in `unit`, and the unit named.
    struct Report: Encodable {
        var unit: String
        var exercises: [ExerciseOneRepMax]
        var lag: [SubscriptionHealth]
        var revoked: [String]?

        init(_ reply: OneRepMaxReply, unit: String) {
            let factor = unit == "lb" ? DisplayUnits.poundsPerKilogram : 1
            func convert(_ point: OneRepMaxPoint) -> OneRepMaxPoint {
                OneRepMaxPoint(day: point.day, oneRepMax: (point.oneRepMax * factor * 100).rounded() / 100)
            }
            self.unit = unit
            exercises = reply.exercises.map { entry in
                var entry = entry
                entry.personalRecord = entry.personalRecord.map(convert)
                entry.series = entry.series.map(convert)
                return entry
            }
            lag = reply.lag
            revoked = reply.revoked
        }
    }

    func validate() throws {
        guard (1...OneRepMaxRequest.maxLimit).contains(limit) else {
            throw ValidationError(tr(AnalyticsText.limitRange(max: OneRepMaxRequest.maxLimit, got: limit)))
        }
    }

    func run() async throws {
        try await CLI.run(global, units: true) { gateway, output in
            let shown = unit?.rawValue ?? DisplayUnits.current.weight
            let reply: OneRepMaxReply = try await gateway.call(.analyticsOneRepMax, OneRepMaxRequest(exercise: exercise, limit: limit))
            try output.emit(Report(reply, unit: unit?.rawValue ?? "kg")) {
                if reply.revoked != nil {
                    return tr(AnalyticsText.noOneRepMaxShown) + RevokedNote.text(reply.revoked, style: output.style)
                        + LagNote.text(reply.lag, style: output.style)
                }
                guard !reply.exercises.isEmpty else {
                    return tr(AnalyticsText.noStrengthSets) + LagNote.text(reply.lag, style: output.style)
                }
                let blocks = reply.exercises.map { entry -> String in
                    var lines = [output.style.bold(entry.name)]
                    if let record = entry.personalRecord {
                        lines.append(tr(AnalyticsText.record(weight: DisplayUnits.weight(record.oneRepMax, unit: shown), day: Format.day(record.day))))
                    }
                    let oldestFirst = entry.series.reversed().map(\.oneRepMax)
                    if !oldestFirst.isEmpty {
                        lines.append(Charts.sparkline(oldestFirst) + "  " + (entry.series.last.map { Format.day($0.day) } ?? "") + " → " + (entry.series.first.map { Format.day($0.day) } ?? ""))
                    }
                    var table = Table(columns(AnalyticsText.ormHeaders), alignments: [.left, .right])
                    for point in entry.series {
                        table.add([Format.day(point.day), DisplayUnits.weight(point.oneRepMax, unit: shown)])
                    }
                    lines.append(table.render(style: output.style))
                    if entry.excludedSets > 0 {
                        lines.append(output.style.dim(tr(AnalyticsText.excludedSets(entry.excludedSets))))
                    }
                    return lines.joined(separator: "\n")
                }
                return blocks.joined(separator: "\n\n") + LagNote.text(reply.lag, style: output.style)
            }
        }
    }
}
