import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench workouts [--month YYYY-MM]`
struct Workouts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "A month's workouts (imported from Apple Health): type, day, duration, distance, energy.",
        discussion: HelpText.reflow("""
            Each workout is on the day of its own start as the export wrote it (its own UTC offset).
            Needs the `workouts` consent; while it is revoked nothing is shown. Challenges of type
            running_distance count the distance of running workouts only.
            Example: quench workouts --month 2026-10
            """))

    @OptionGroup var global: GlobalOptions

    @Option(help: "The month, YYYY-MM (default this month in --tz).")
    var month: String?

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let reply: WorkoutsReply = try await gateway.call(.analyticsWorkouts, MonthRequest(month: month))
            try output.emit(reply) {
                if reply.revoked != nil {
                    return tr(AnalyticsText.noWorkoutsShown) + RevokedNote.text(reply.revoked, style: output.style) + LagNote.text(reply.lag, style: output.style)
                }
                guard !reply.workouts.isEmpty else {
                    return tr(AnalyticsText.noWorkouts(month: l10n.month(reply.month))) + LagNote.text(reply.lag, style: output.style)
                }
                var table = Table(columns(AnalyticsText.workoutsHeaders), alignments: [.left, .left, .right, .right, .right, .left])
                for workout in reply.workouts {
                    table.add([
                        Format.day(workout.day), tr(AnalyticsText.activity(Self.name(workout.activity))), Self.duration(workout.durationSeconds),
                        workout.distanceMeters.map { tr(UnitText.kilometres(l10n.decimal($0 / 1000, minimum: 2, maximum: 2))) } ?? "-",
                        workout.energyKcal.map { tr(UnitText.kilocalories(l10n.decimal($0, maximum: 0))) } ?? "-", workout.source,
                    ])
                }
                return output.style.bold(l10n.month(reply.month)) + "\n" + table.render(style: output.style) + LagNote.text(reply.lag, style: output.style)
            }
        }
    }

    /// `HKWorkoutActivityTypeRunning` → `Running`.
    static func name(_ activity: String) -> String {
        let prefix = "HKWorkoutActivityType"
        return activity.hasPrefix(prefix) && activity.count > prefix.count ? String(activity.dropFirst(prefix.count)) : activity
    }

    /// `1:05:03` or `31:12`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
