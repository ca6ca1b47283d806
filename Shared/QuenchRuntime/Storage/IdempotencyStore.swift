import Foundation
import GRDB
import MessagePack
import QuenchProtocol

/// Key → reply, written in the same transaction as the change the reply reports, so a
/// retried command returns the stored reply and changes nothing.
///
/// Keys are scoped by the principal (or user) that sent them, so two users choosing the
/// same key never see each other's replies.
enum IdempotencyStore {
    struct Stored {
        var type: String
        var reply: MessagePackRaw
    }

    // Both run for every command, so they bind in place (DirectStatement).
    static func lookup(_ db: Database, scope: String, key: String) throws -> Stored? {
        let query = try DirectStatement(db, sql: "SELECT type, reply FROM runtime_idempotency WHERE scope = ? AND key = ?")
        query.bind(1, scope)
        query.bind(2, key)
        defer { query.finish() }
        guard try query.step() else { return nil }
        return Stored(type: query.text(0), reply: try MessagePackRaw(validating: query.blob(1)))
    }

    static func store(_ db: Database, scope: String, key: String, type: String, reply: MessagePackRaw, user: String? = nil) throws {
        let insert = try DirectStatement(db, sql: "INSERT INTO runtime_idempotency (scope, key, type, reply, createdAt, user) VALUES (?, ?, ?, ?, ?, ?)")
        insert.bind(1, scope)
        insert.bind(2, key)
        insert.bind(3, type)
        insert.bind(4, blob: reply.bytes)
        insert.bind(5, Date().timeIntervalSince1970)
        insert.bind(6, user)
        try insert.run()
    }

    /// Forgets every stored reply of `user` (an erase): those stored with the user as the
    /// acting user, and those of the user's own scope (insecure deployments and user keys
    /// scope replies by the user; replies stored before `runtime.v3` have no user).
    /// Returns how many were forgotten.
    @discardableResult
    static func forget(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM runtime_idempotency WHERE user = ?", arguments: [user])
        let byUser = db.changesCount
        try db.execute(cached: "DELETE FROM runtime_idempotency WHERE scope IN (?, ?)", arguments: [user, "user:\(user)"])
        return byUser + db.changesCount
    }

    /// What one pruning step did: the rows it looked at (oldest first, from `after`), the last
    /// of them, and how many of those it forgot.
    struct PruneStep: Codable {
        var scanned: Int
        var lastRowID: Int64
        var forgotten: Int
    }

    /// Looks at the `limit` oldest replies stored after row `after` and forgets those older
    /// than `hours`. Rows are numbered in the order they were stored, so the expired ones are
    /// at the start: a sweep steps through until a step finds none (or the table ends). The
    /// table needs no index on `createdAt` for it — an index every command would have paid an
    /// insert for. A clock that went back only makes a reply wait for the ones before it.
    static func prune(_ db: Database, olderThanHours hours: Int, now: Date = Date(), after: Int64, limit: Int) throws -> PruneStep {
        let cutoff = now.timeIntervalSince1970 - Double(hours) * 3600
        let row = try Row.fetchOne(db, cached: """
            SELECT COUNT(*), MAX(rowid) FROM
                (SELECT rowid FROM runtime_idempotency WHERE rowid > ? ORDER BY rowid LIMIT ?)
            """, arguments: [after, limit])
        let scanned: Int = row?[0] ?? 0
        guard scanned > 0, let last: Int64 = row?[1] else { return PruneStep(scanned: 0, lastRowID: after, forgotten: 0) }
        try db.execute(cached: "DELETE FROM runtime_idempotency WHERE rowid > ? AND rowid <= ? AND createdAt < ?",
                       arguments: [after, last, cutoff])
        return PruneStep(scanned: scanned, lastRowID: last, forgotten: db.changesCount)
    }
}
