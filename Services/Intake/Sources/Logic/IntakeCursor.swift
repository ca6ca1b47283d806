import Foundation
import QuenchProtocol

/// Where a page of `intake.list` or `intake.export` ended: the last intake's `(day, at, id)`,
/// the order both walk in. On the wire an opaque string, `1.<day>.<at as 16 hex digits of
/// its float64 bits>.<id>`; clients pass it back as they got it.
struct IntakeCursor: Equatable {
    var day: String
    var at: Double
    var id: String

    init(day: String, at: Double, id: String) {
        self.day = day
        self.at = at
        self.id = id
    }

    init(after row: IntakeStore.StoredIntake) {
        self.init(day: row.day, at: row.at.timeIntervalSince1970, id: row.id)
    }

    var text: String {
        let bits = String(at.bitPattern, radix: 16)
        return "1.\(day).\(String(repeating: "0", count: 16 - bits.count) + bits).\(id)"
    }

    /// The cursor in `text`, or `invalid_argument` on `cursor`.
    init(parsing text: String) throws {
        let parts = text.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
        guard text.utf8.count <= 128, parts.count == 4, parts[0] == "1", LocalDay(String(parts[1])) != nil,
              parts[2].utf8.count == 16, let bits = UInt64(parts[2], radix: 16), Double(bitPattern: bits).isFinite,
              !parts[3].isEmpty, parts[3].utf8.count <= 64 else {
            throw QuenchError.invalidArgument("cursor", "is not a cursor from a previous reply's nextCursor", rule: ErrorRule("cursor.invalid"))
        }
        self.init(day: String(parts[1]), at: Double(bitPattern: bits), id: String(parts[3]))
    }
}
