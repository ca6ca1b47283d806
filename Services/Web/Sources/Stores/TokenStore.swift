import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// API tokens: created by the operator (`quench tokens create`, over `tokens.create`),
/// checked on every API request. Only the SHA-256 of a token is stored, with its scopes
/// (``TokenScope``: what the routes let it do).
struct TokenStore: Sendable {
    let database: ServiceDatabase
    var cache: SecretCache = .shared

    /// A live token as a request presents it: its public id, its user and what it may do.
    struct Presented: Sendable, Equatable {
        var id: String
        var user: String
        var scopes: [TokenScope]
    }

    /// The token a presented bearer text is, nil when it is not a live token (unknown,
    /// revoked, or not of the token's form). Marks it used at most once a minute.
    func token(presenting text: String, now: Date = Date()) async throws -> Presented? {
        guard let secret = Secret.parse(text, as: .token) else { return nil }
        if let cached = cache.lookup(id: secret.id, hash: secret.hash) {
            if cached.lastUsedAt.map({ now.timeIntervalSince1970 - $0 >= 60 }) ?? true {
                try await markUsed(secret.id, now: now)
            }
            return Presented(id: secret.id, user: cached.user, scopes: cached.scopes ?? [])
        }
        let generation = cache.generation
        let row = try database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT hash, user, last_used_at, scopes FROM token WHERE id = ?", arguments: [secret.id])
        }
        guard let row, Secret.constantTimeEqual(Array(row["hash"] as Data), secret.hash) else { return nil }
        let lastUsed: Double? = row["last_used_at"]
        let user: String = row["user"]
        let scopes = Self.scopes(row["scopes"])
        cache.store(id: secret.id, .init(hash: secret.hash, user: user, lastUsedAt: lastUsed, scopes: scopes, cachedAt: .now), since: generation)
        if lastUsed.map({ now.timeIntervalSince1970 - $0 >= 60 }) ?? true {
            try await markUsed(secret.id, now: now)
        }
        return Presented(id: secret.id, user: user, scopes: scopes)
    }

    /// The stored `scopes` column (`ingest,log`); a name this version does not know gives nothing.
    static func scopes(_ column: String) -> [TokenScope] {
        TokenScope.normalized(column.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) })
    }

    private func markUsed(_ id: String, now: Date) async throws {
        cache.markUsed(id: id, at: now.timeIntervalSince1970)
        try await database.pool.write { db in
            try db.execute(sql: "UPDATE token SET last_used_at = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
        }
    }

    /// Stores a token's hash for `user` with its scopes (inside a command's transaction).
    static func insert(_ db: Database, secret: Secret, user: String, name: String, scopes: [TokenScope], now: Date) throws -> TokenInfo {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM token WHERE id = ?", arguments: [secret.id]) == true {
            throw QuenchError(.alreadyExists, "a token with this id exists already; generate another token", field: "token")
        }
        let scopes = TokenScope.normalized(scopes)
        try db.execute(
            sql: "INSERT INTO token (id, hash, user, name, created_at, scopes) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [secret.id, Data(secret.hash), user, name, now.timeIntervalSince1970, scopes.map(\.rawValue).joined(separator: ",")])
        return TokenInfo(id: secret.id, user: user, name: name, createdAt: now, lastUsedAt: nil, scopes: scopes)
    }

    static func list(_ db: Database, user: String?) throws -> [TokenInfo] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, user, name, created_at, last_used_at, scopes FROM token WHERE ?1 IS NULL OR user = ?1 ORDER BY created_at, id",
            arguments: [user])
        return rows.map { row in
            TokenInfo(
                id: row["id"], user: row["user"], name: row["name"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                lastUsedAt: (row["last_used_at"] as Double?).map(Date.init(timeIntervalSince1970:)), scopes: scopes(row["scopes"]))
        }
    }

    /// Deletes the token and every browser session signed in with it.
    static func revoke(_ db: Database, id: String) throws -> TokenInfo? {
        guard let info = try list(db, user: nil).first(where: { $0.id == id }) else { return nil }
        try db.execute(sql: "DELETE FROM token WHERE id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM session WHERE token_id = ?", arguments: [id])
        SecretCache.shared.forget(id: id)
        // Again once committed: a lookup that read the file before the commit stores nothing.
        db.afterNextTransaction(onCommit: { _ in SecretCache.shared.forget(id: id) })
        return info
    }
}
