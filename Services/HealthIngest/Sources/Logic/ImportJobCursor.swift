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

    /// The first jobs of `jobs` that fit a page: at most `items`, and no more than about
    /// `bytes` on the wire (at least one job, whatever its size).
    static func page(_ jobs: [ImportJob], items: Int, bytes: Int) -> [ImportJob] {
        var total = 0
        var count = 0
        for job in jobs.prefix(items) {
            total += wireBytes(job)
            if count > 0 && total > bytes { break }
            count += 1
        }
        return Array(jobs.prefix(count))
    }

    /// An upper estimate of a job's MessagePack size: the fixed fields, the free texts, and
    /// every counter (a key of up to 200 characters and an integer).
    static func wireBytes(_ job: ImportJob) -> Int {
        let counters = [job.skipped, job.skippedForConsent, job.otherTypes].reduce(0) { sum, map in
            sum + map.keys.reduce(0) { $0 + $1.utf8.count + 12 }
        }
        let types = job.byType.keys.reduce(0) { $0 + $1.utf8.count + 40 }
        return 400 + (job.fileName?.utf8.count ?? 0) + (job.error?.utf8.count ?? 0) + counters + types
    }
}
