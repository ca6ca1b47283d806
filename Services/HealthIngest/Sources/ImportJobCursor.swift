import Foundation
import QuenchProtocol

/// Where a page of `health.export`'s import jobs ended: the last job's `(startedAt, id)`, the
/// order the pages walk in. On the wire an opaque string, `1.<startedAt as 16 hex digits of
/// its float64 bits>.<jobId>`; clients pass it back as they got it.
struct ImportJobCursor: Equatable {
    var startedAt: Double
    var id: String

    init(after job: ImportJob) {
        startedAt = job.startedAt.timeIntervalSince1970
        id = job.jobId
    }

    var text: String {
        let bits = String(startedAt.bitPattern, radix: 16)
        return "1.\(String(repeating: "0", count: 16 - bits.count) + bits).\(id)"
    }

    /// The cursor in `text`, or `invalid_argument` on `importsCursor`.
    init(parsing text: String) throws {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard text.utf8.count <= 128, parts.count == 3, parts[0] == "1", parts[1].utf8.count == 16,
              let bits = UInt64(parts[1], radix: 16), Double(bitPattern: bits).isFinite,
              !parts[2].isEmpty, parts[2].utf8.count <= 64 else {
            throw QuenchError.invalidArgument("importsCursor", "is not a cursor from a previous reply's importsNextCursor")
        }
        startedAt = Double(bitPattern: bits)
        id = String(parts[2])
    }
}
