import Foundation
import QuenchProtocol
import QuenchStrings

/// Every string `quench share` shows (card, chat text, messages), from the catalog's
/// ``ShareStrings`` in the user's language.
enum ShareText {
    static var cardTitle: String { tr(ShareStrings.cardTitle) }
    static var waterHeading: String { tr(ShareStrings.waterHeading) }
    static var goalReached: String { tr(ShareStrings.goalReached) }
    static var today: String { tr(CommonText.today) }
    static var challengesCaption: String { tr(ShareStrings.challengesCaption) }
    static var noChallenges: String { tr(ShareStrings.noChallenges) }
    static var recordsHeading: String { tr(ShareStrings.recordsHeading) }
    static var noRecords: String { tr(ShareStrings.noRecords) }
    static var footer: String { tr(ShareStrings.footer) }

    static func of(goal: String) -> String { tr(ShareStrings.ofGoal(goal)) }
    static func toGo(_ remaining: String) -> String { tr(ShareStrings.toGo(remaining)) }
    static func stepsHeading(_ month: String) -> String { tr(ShareStrings.stepsHeading(month: monthName(month))) }
    static func steps(_ total: Int64) -> String { tr(ShareStrings.steps(Format.thousands(total))) }
    static func challengesHeading(_ month: String) -> String { tr(ShareStrings.challengesHeading(month: monthName(month))) }
    static func points(_ points: Int) -> String { "+" + Format.thousands(Int64(points)) }
    /// `silver ×3` (`Silber ×3`): the trophy by its name in the user's language.
    static func trophies(_ trophy: String, _ count: Int) -> String { tr(TrophyText(id: trophy)) + " ×" + Format.thousands(Int64(count)) }

    static func badges(earned: Int, next: Int64?) -> String {
        switch (earned, next) {
        case (0, let next?): tr(ShareStrings.firstBadgeAt(Format.thousands(next)))
        default: tr(ShareStrings.badges(earned))
        }
    }

    /// `Tuesday, 24 November 2026` for `2026-11-24` (in the user's language).
    static func longDay(_ day: String) -> String { l10n.longDay(day) }

    /// `November 2026` for `2026-11`.
    static func monthName(_ month: String) -> String { l10n.month(month) }

    // MARK: The chat text

    static func chatTitle(_ day: String?) -> String { tr(ShareStrings.chatTitle) + (day.map { " · " + Format.day($0) } ?? "") }
    static func chatWater(_ total: String, _ goal: String, _ percent: String) -> String {
        tr(ShareStrings.chatWater(total: total, goal: goal, percent: percent))
    }
    static func chatSteps(_ month: String, _ total: Int64, _ badges: Int) -> String {
        tr(ShareStrings.chatSteps(month: monthName(month), total: Format.thousands(total), badges: tr(ShareStrings.badges(badges))))
    }
    static func chatPoints(_ month: String, _ points: Int, _ trophies: [String]) -> String {
        tr(ShareStrings.chatPoints(month: monthName(month), points: Format.thousands(Int64(points))))
            + (trophies.isEmpty ? "" : " (" + trophies.joined(separator: ", ") + ")")
    }
    static func chatRecords(_ records: [String]) -> String {
        tr(ShareStrings.chatRecords(records.isEmpty ? noRecords : records.joined(separator: ", ")))
    }

    // MARK: Messages

    static func wrote(_ file: String, _ format: String) -> String { tr(ShareStrings.wrote(file: file, format: format.uppercased())) }
    static var textWithPNG: String { tr(ShareStrings.textWithPNG) }

    static var pngMissing: String { tr(ShareStrings.pngMissing(tool: PNGConverter.tool)) }

    static func cannotRun(_ converter: String, _ why: String) -> String { tr(ShareStrings.cannotRun(converter: converter, why: why)) }

    static func converterFailed(_ tool: String, status: Int32, path: String, detail: String) -> String {
        tr(ShareStrings.converterFailed(tool: tool, status: status, path: path)) + (detail.isEmpty ? "" : ": " + detail)
    }

    static func pngHelp(_ tool: String?) -> String {
        if let tool { return tr(ShareStrings.pngConvertedBy(tool)) }
        return tr(ShareStrings.pngNeeds(PNGConverter.tool))
    }
}
