import ArgumentParser
import Foundation
import QuenchProtocol

/// `quench orm [EXERCISE] [--limit N]`
struct OneRepMax: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orm",
        abstract: "Estimated one-rep max per exercise (Brzycki), with your records.",
        discussion: """
            Each day's point is the best estimate of its sets: weight × 36 / (37 − reps); one rep is the
            weight itself. Sets of more than 12 reps are left out and counted.
            Example: quench orm "Back Squat" --limit 10
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Only this exercise (any case).")
    var exercise: String?

    @Option(help: "The latest N days per exercise (1 to 3660).")
    var limit: Int = OneRepMaxRequest.defaultLimit

    func validate() throws {
        guard (1...OneRepMaxRequest.maxLimit).contains(limit) else {
            throw ValidationError("--limit must be between 1 and \(OneRepMaxRequest.maxLimit), got \(limit)")
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let reply: OneRepMaxReply = try await gateway.call(.analyticsOneRepMax, OneRepMaxRequest(exercise: exercise, limit: limit))
            try output.emit(reply) {
                if reply.revoked != nil {
                    return "No one-rep maxes shown." + RevokedNote.text(reply.revoked, style: output.style)
                        + LagNote.text(reply.lag, style: output.style)
                }
                guard !reply.exercises.isEmpty else {
                    return "No strength sets yet: `quench import workouts FILE` adds them." + LagNote.text(reply.lag, style: output.style)
                }
                let blocks = reply.exercises.map { entry -> String in
                    var lines = [output.style.bold(entry.name)]
                    if let record = entry.personalRecord {
                        lines.append("Record: \(OneRepMax.kilograms(record.oneRepMax)) on \(record.day)")
                    }
                    let oldestFirst = entry.series.reversed().map(\.oneRepMax)
                    if !oldestFirst.isEmpty {
                        lines.append("\(Charts.sparkline(oldestFirst))  \(entry.series.last?.day.description ?? "") → \(entry.series.first?.day.description ?? "")")
                    }
                    var table = Table(["DAY", "1RM"], alignments: [.left, .right])
                    for point in entry.series {
                        table.add([point.day.description, OneRepMax.kilograms(point.oneRepMax)])
                    }
                    lines.append(table.render(style: output.style))
                    if entry.excludedSets > 0 {
                        lines.append(output.style.dim("\(entry.excludedSets) sets of more than 12 reps left out"))
                    }
                    return lines.joined(separator: "\n")
                }
                return blocks.joined(separator: "\n\n") + LagNote.text(reply.lag, style: output.style)
            }
        }
    }

    static func kilograms(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) kg" : String(format: "%.2f kg", value)
    }
}
