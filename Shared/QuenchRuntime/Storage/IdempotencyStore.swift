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

    static func store(_ db: Database, scope: String, key: String, type: String, reply: MessagePackRaw) throws {
        let insert = try DirectStatement(db, sql: "INSERT INTO runtime_idempotency (scope, key, type, reply, createdAt) VALUES (?, ?, ?, ?, ?)")
        insert.bind(1, scope)
        insert.bind(2, key)
        insert.bind(3, type)
        insert.bind(4, blob: reply.bytes)
        insert.bind(5, Date().timeIntervalSince1970)
        try insert.run()
    }

    /// Forgets up to `limit` replies older than `hours`, oldest first (through the
    /// `createdAt` index, so a chunk costs what it deletes, not the table's size); returns
    /// how many it forgot.
    static func prune(_ db: Database, olderThanHours hours: Int, now: Date = Date(), limit: Int) throws -> Int {
        let cutoff = now.timeIntervalSince1970 - Double(hours) * 3600
        try db.execute(cached: """
            DELETE FROM runtime_idempotency WHERE rowid IN
                (SELECT rowid FROM runtime_idempotency WHERE createdAt < ? ORDER BY createdAt LIMIT ?)
            """, arguments: [cutoff, limit])
        return db.changesCount
    }
}
