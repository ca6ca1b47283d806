import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// Import jobs: one row each, counts kept as they grow batch by batch (maps as JSON text).
enum ImportJobStore {
    static func insert(_ db: Database, user: String, job: ImportJob) throws {
        try db.execute(cached: """
            INSERT INTO import_job (id, user, kind, fileName, status, startedAt, totalBytes) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [job.jobId, user, job.kind, job.fileName, job.status, job.startedAt.timeIntervalSince1970, job.totalBytes])
    }

    static func find(_ db: Database, user: String, id: String) throws -> ImportJob? {
        try Row.fetchOne(db, cached: "SELECT * FROM import_job WHERE id = ? AND user = ?", arguments: [id, user]).map(job)
    }

    static func recent(_ db: Database, user: String, limit: Int) throws -> [ImportJob] {
        try Row.fetchAll(db, cached: "SELECT * FROM import_job WHERE user = ? ORDER BY startedAt DESC, rowid DESC LIMIT ?", arguments: [user, limit])
            .map(job)
    }

    /// Up to `limit` jobs after `cursor` (from the first when nil), ordered by `startedAt`, then `id`.
    static func page(_ db: Database, user: String, after cursor: ImportJobCursor?, limit: Int) throws -> [ImportJob] {
        try Row.fetchAll(db, cached: """
            SELECT * FROM import_job WHERE user = ?1 AND (?2 IS NULL OR startedAt > ?2 OR (startedAt = ?2 AND id > ?3))
            ORDER BY startedAt, id LIMIT ?4
            """, arguments: [user, cursor?.startedAt, cursor?.id, limit]).map(job)
    }

    static func save(_ db: Database, user: String, _ job: ImportJob) throws {
        try db.execute(cached: """
            UPDATE import_job SET status = ?, finishedAt = ?, recordsSeen = ?, imported = ?, duplicates = ?, batches = ?,
                skipped = ?, skippedForConsent = ?, otherTypes = ?, byType = ?, correlationChildrenIgnored = ?, bytesRead = ?, error = ?,
                otherElements = ?
            WHERE id = ? AND user = ?
            """, arguments: [
                job.status, job.finishedAt?.timeIntervalSince1970, job.recordsSeen, job.imported, job.duplicates, job.batches,
                try json(job.skipped), try json(job.skippedForConsent), try json(job.otherTypes), try json(job.byType),
                job.correlationChildrenIgnored, job.bytesRead, job.error, try job.otherElements.map(json), job.jobId, user,
            ])
    }

    /// Widens the range of row ids the job's samples were stored in to hold `keys` (the
    /// samples one request stored for it). `import.undo` reads the job's samples in that range.
    static func extendKeys(_ db: Database, id: String, with keys: ClosedRange<Int64>) throws {
        try db.execute(cached: """
            UPDATE import_job SET firstKey = MIN(COALESCE(firstKey, ?1), ?1), lastKey = MAX(COALESCE(lastKey, ?2), ?2) WHERE id = ?3
            """, arguments: [keys.lowerBound, keys.upperBound, id])
    }

    /// The range of row ids the job's samples were stored in; nil when it stored none.
    static func keys(_ db: Database, user: String, id: String) throws -> ClosedRange<Int64>? {
        guard let row = try Row.fetchOne(
            db, cached: "SELECT firstKey, lastKey FROM import_job WHERE id = ? AND user = ?", arguments: [id, user]),
            let first = row[0] as Int64?, let last = row[1] as Int64?, first <= last else { return nil }
        return first...last
    }

    /// Marks the job undone (its stored status stays `completed` or `failed`; it reads as `undone`).
    static func markUndone(_ db: Database, user: String, id: String, at: Date, removed: Int) throws {
        try db.execute(cached: "UPDATE import_job SET undoneAt = ?, removed = ? WHERE id = ? AND user = ?",
                       arguments: [at.timeIntervalSince1970, removed, id, user])
    }

    static func deleteAll(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM import_job WHERE user = ?", arguments: [user])
        return db.changesCount
    }

    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let text = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private static func job(_ row: Row) -> ImportJob {
        var job = ImportJob(
            jobId: row["id"], kind: row["kind"], fileName: row["fileName"], status: row["status"],
            startedAt: Date(timeIntervalSince1970: row["startedAt"]),
            finishedAt: (row["finishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            recordsSeen: row["recordsSeen"], imported: row["imported"], duplicates: row["duplicates"],
            skipped: decode(row["skipped"]), skippedForConsent: decode(row["skippedForConsent"]),
            otherTypes: decode(row["otherTypes"]), byType: decode(row["byType"]),
            correlationChildrenIgnored: row["correlationChildrenIgnored"], batches: row["batches"],
            bytesRead: row["bytesRead"], totalBytes: row["totalBytes"], error: row["error"],
            otherElements: (row["otherElements"] as String?).map { decode($0) })
        if let undone = row["undoneAt"] as Double? {
            job.status = "undone"
            job.undoneAt = Date(timeIntervalSince1970: undone)
            job.removed = row["removed"]
        }
        return job
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable & ExpressibleByDictionaryLiteral>(_ text: String) -> T {
        (try? JSONDecoder().decode(T.self, from: Data(text.utf8))) ?? [:]
    }
}
