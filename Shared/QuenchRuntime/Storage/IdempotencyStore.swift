import Foundation
import GRDB
import MessagePack
import QuenchProtocol

/// Key → reply, written in the same transaction as the change the reply reports, so a
/// retried command returns the stored reply and changes nothing.
///
/// A key belongs to the authenticated principal that sent it *and* the user the command acted
/// for (`runtime.v3`): an operator or a service acting for two users with the same key runs two
/// commands, and an insecure deployment (principal `insecure`) behaves the same. With the
/// reply it keeps the request's type and a fingerprint of its body, so the key reused for
/// another type or another body is a `conflict`, never someone else's reply.
enum IdempotencyStore {
    /// Who a key belongs to: the principal's text (`user:ana`, `service:goals`, `admin`,
    /// `insecure`) and the acting user (empty for a command that acts for no user).
    struct Scope: Sendable, Equatable {
        var principal: String
        var user: String
    }

    struct Stored {
        var type: String
        /// SHA-256 of the request body; nil for replies stored before `runtime.v3`.
        var fingerprint: [UInt8]?
        var reply: MessagePackRaw
    }

    /// SHA-256 of the body's bytes as sent (an absent body counts as the empty map `0x80`).
    static func fingerprint(body: MessagePackRaw?) -> [UInt8] {
        SHA256.hash((body ?? .emptyMap).bytes)
    }

    /// The stored reply when `key` was used before in `scope` by the same request; throws
    /// `conflict` (field `idempotencyKey`) when it was used for another type or body.
    static func replay(_ db: Database, scope: Scope, key: String, type: String, fingerprint: [UInt8]) throws -> MessagePackRaw? {
        guard let stored = try lookup(db, scope: scope, key: key) else { return nil }
        guard stored.type == type else {
            throw QuenchError(.conflict, "idempotency key '\(key)' was already used for '\(stored.type)'", field: "idempotencyKey")
        }
        if let previous = stored.fingerprint, previous != fingerprint {
            throw QuenchError(
                .conflict, "idempotency key '\(key)' was already used for another \(type) request (a different body); use a new key for a new request",
                field: "idempotencyKey")
        }
        return stored.reply
    }

    // Both run for every command, so they bind in place (DirectStatement).
    static func lookup(_ db: Database, scope: Scope, key: String) throws -> Stored? {
        let query = try DirectStatement(db, sql: "SELECT type, fingerprint, reply FROM runtime_idempotency WHERE user = ? AND scope = ? AND key = ?")
        query.bind(1, scope.user)
        query.bind(2, scope.principal)
        query.bind(3, key)
        defer { query.finish() }
        guard try query.step() else { return nil }
        let fingerprint = query.blob(1)  // empty for NULL: a reply stored before runtime.v3
        return Stored(type: query.text(0), fingerprint: fingerprint.isEmpty ? nil : fingerprint, reply: try MessagePackRaw(validating: query.blob(2)))
    }

    static func store(_ db: Database, scope: Scope, key: String, type: String, fingerprint: [UInt8], reply: MessagePackRaw) throws {
        let insert = try DirectStatement(db, sql: """
            INSERT INTO runtime_idempotency (user, scope, key, type, fingerprint, reply, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insert.bind(1, scope.user)
        insert.bind(2, scope.principal)
        insert.bind(3, key)
        insert.bind(4, type)
        insert.bind(5, blob: fingerprint)
        insert.bind(6, blob: reply.bytes)
        insert.bind(7, Date().timeIntervalSince1970)
        try insert.run()
    }

    /// Forgets every stored reply of `user` (an erase): every reply is stored under its acting
    /// user (`runtime.v3` gave the replies stored before it theirs), and the primary key leads
    /// with `user`, so this is one index range. Returns how many were forgotten.
    @discardableResult
    static func forget(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM runtime_idempotency WHERE user = ?", arguments: [user])
        return db.changesCount
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
