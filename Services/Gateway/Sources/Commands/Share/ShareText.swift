import Foundation
import QuenchProtocol

/// Every string `quench share` shows (card, chat text, messages), in one place.
enum ShareText {
    static let cardTitle = "My progress"
    static let waterHeading = "Water today"
    static let goalReached = "Goal reached"
    static let today = "today"
    static let challengesCaption = "points"
    static let noChallenges = "No challenge completed yet"
    static let recordsHeading = "One-rep max records"
    static let noRecords = "No lifts yet"
    static let footer = "Shared from Quench"

    static func of(goal: String) -> String { "of \(goal)" }
    static func toGo(_ remaining: String) -> String { "\(remaining) to go" }
    static func stepsHeading(_ month: String) -> String { "Steps · \(monthName(month))" }
    static func steps(_ total: Int64) -> String { "\(Format.thousands(total)) steps" }
    static func challengesHeading(_ month: String) -> String { "Challenges · \(monthName(month))" }
    static func points(_ points: Int) -> String { "+\(Format.thousands(Int64(points)))" }
    static func trophies(_ trophy: String, _ count: Int) -> String { "\(trophy) ×\(count)" }

    static func badges(earned: Int, next: Int64?) -> String {
        switch (earned, next) {
        case (0, let next?): "first badge at \(Format.thousands(next))"
        case (1, _): "1 badge"
        default: "\(earned) badges"
        }
    }

    /// `Tuesday, 24 November 2026` for `2026-11-24`.
    static func longDay(_ day: String) -> String {
        guard let local = LocalDay(day) else { return day }
        return formatted(local, "EEEE, d MMMM yyyy")
    }

    /// `November 2026` for `2026-11`.
    static func monthName(_ month: String) -> String {
        guard let local = LocalDay("\(month)-01") else { return month }
        return formatted(local, "MMMM yyyy")
    }

    private static func formatted(_ day: LocalDay, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: day.start(in: TimeZone(identifier: "UTC")!))
    }

    // MARK: The chat text

    static func chatTitle(_ day: String?) -> String { "My Quench progress" + (day.map { " · \($0)" } ?? "") }
    static func chatWater(_ total: String, _ goal: String, _ percent: String) -> String { "💧 Water today: \(total) of \(goal) (\(percent))" }
    static func chatSteps(_ month: String, _ total: Int64, _ badges: Int) -> String {
        "👟 Steps in \(monthName(month)): \(Format.thousands(total)) · \(badges == 1 ? "1 badge" : "\(badges) badges")"
    }
    static func chatPoints(_ month: String, _ points: Int, _ trophies: [String]) -> String {
        "🏆 Challenge points in \(monthName(month)): \(Format.thousands(Int64(points)))" + (trophies.isEmpty ? "" : " (\(trophies.joined(separator: ", ")))")
    }
    static func chatRecords(_ records: [String]) -> String {
        "🏋 One-rep max records: " + (records.isEmpty ? noRecords : records.joined(separator: ", "))
    }

    // MARK: Messages

    static func wrote(_ file: String, _ format: String) -> String { "Wrote the \(format.uppercased()) card to \(file)." }
    static let textWithPNG = "--text and --png: a PNG needs the card, not the text; choose one"

    static let pngMissing =
        "--png: \(PNGConverter.tool) is not on PATH; install librsvg's converter (Debian/Ubuntu: apt-get install librsvg2-bin) or write the SVG with --out FILE"

    static func cannotRun(_ converter: String, _ why: String) -> String { "--png: cannot run \(converter): \(why)" }

    static func converterFailed(_ tool: String, status: Int32, path: String, detail: String) -> String {
        "--png: \(tool) failed (exit \(status)) writing \(path)" + (detail.isEmpty ? "" : ": \(detail)")
    }

    static func pngHelp(_ tool: String?) -> String {
        if let tool { return "PNG: converted by \(tool)." }
        return "PNG needs \(PNGConverter.tool) (librsvg), not on PATH here:\ninstall it (Debian/Ubuntu: apt-get install librsvg2-bin)."
    }
}
