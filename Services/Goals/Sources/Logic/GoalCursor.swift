import Foundation
import QuenchProtocol

/// Where a page of `goal.history` or `goal.export` ended: the last period's start day (a
/// user has at most one period a day, and pages walk newest first). On the wire an opaque
/// string, `1.<startDay>`; clients pass it back as they got it.
struct GoalCursor: Equatable {
    var startDay: LocalDay

    init(after startDay: LocalDay) {
        self.startDay = startDay
    }

    var text: String { "1.\(startDay)" }

    /// The cursor in `text`, or `invalid_argument` on `cursor`.
    init(parsing text: String) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 32, parts.count == 2, parts[0] == "1", let day = LocalDay(String(parts[1])) else {
            throw QuenchError.invalidArgument("cursor", "is not a cursor from a previous reply's nextCursor", rule: ErrorRule("cursor.invalid"))
        }
        self.init(after: day)
    }
}
