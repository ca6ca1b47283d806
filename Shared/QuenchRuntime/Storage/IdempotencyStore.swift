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

    static func lookup(_ db: Database, scope: String, key: String) throws -> Stored? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT type, reply FROM runtime_idempotency WHERE scope = ? AND key = ?"),
            arguments: [scope, key]
        ) else { return nil }
        let bytes: [UInt8] = [UInt8](row["reply"] as Data)
        return Stored(type: row["type"], reply: try MessagePackRaw(validating: bytes))
    }

    static func store(_ db: Database, scope: String, key: String, type: String, reply: MessagePackRaw) throws {
        try db.cachedStatement(sql: "INSERT INTO runtime_idempotency (scope, key, type, reply, createdAt) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [scope, key, type, Data(reply.bytes), Date().timeIntervalSince1970])
    }

    /// Forgets replies older than `hours`.
    static func prune(_ db: Database, olderThanHours hours: Int) throws -> Int {
        let cutoff = Date().timeIntervalSince1970 - Double(hours) * 3600
        try db.execute(sql: "DELETE FROM runtime_idempotency WHERE createdAt < ?", arguments: [cutoff])
        return db.changesCount
    }
}
