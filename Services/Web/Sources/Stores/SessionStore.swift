import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Browser sessions: made when a user signs in with a token or a one-time link, presented as
/// an HttpOnly cookie, stored only as the SHA-256 of the cookie's value. Each has its own
/// CSRF token (for forms and the `X-CSRF-Token` header).
struct SessionStore: Sendable {
    static let cookieName = "quench_session"
    let database: ServiceDatabase
    /// How long a session lasts from sign-in (`http.session.hours`).
    let lifetime: TimeInterval
    var cache: SecretCache = .shared

    struct Session: Sendable, Equatable {
        var id: String
        var user: String
        var csrf: String
        var expiresAt: Date
    }

    /// The live session a cookie value names, nil otherwise (unknown, expired, signed out).
    func session(presenting text: String, now: Date = Date()) async throws -> Session? {
        guard let secret = Secret.parse(text, as: .session) else { return nil }
        if let cached = cache.lookup(id: secret.id, hash: secret.hash), let csrf = cached.csrf, let expires = cached.expiresAt {
            return Session(id: secret.id, user: cached.user, csrf: csrf, expiresAt: expires)
        }
        let generation = cache.generation
        let row = try database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT hash, user, token_id, csrf, expires_at FROM session WHERE id = ?", arguments: [secret.id])
        }
        guard let row, Secret.constantTimeEqual(Array(row["hash"] as Data), secret.hash) else { return nil }
        let expires = Date(timeIntervalSince1970: row["expires_at"])
        guard expires > now else { return nil }
        let session = Session(id: secret.id, user: row["user"], csrf: row["csrf"], expiresAt: expires)
        cache.store(id: secret.id, .init(hash: secret.hash, user: session.user, tokenID: row["token_id"], csrf: session.csrf, expiresAt: expires, cachedAt: .now), since: generation)
        return session
    }

    /// What a sign-in presents, checked in the transaction that makes the session: a token or
    /// a one-time link deleted (revoked, used, erased) a moment before makes none.
    enum Claim: Sendable {
        /// Signed in with the API token `id` of `user`: it must still be there.
        case token(id: String, user: String)
        /// A one-time link's text: redeemed (deleted) here.
        case link(String)
    }

    /// A new session for the user `claim` names, in one transaction with the claim's check;
    /// nil when the claim no longer holds. Returns the cookie value (the only copy of the secret).
    func create(_ claim: Claim, now: Date = Date()) async throws -> (cookie: String, session: Session)? {
        let secret = Secret.generate(.session)
        let csrf = String(Secret.generate(.session).text.dropFirst(3))
        let expiresAt = now.addingTimeInterval(lifetime)
        return try await database.pool.write { db -> (cookie: String, session: Session)? in
            let user: String
            let tokenID: String?
            switch claim {
            case .token(let id, let claimed):
                guard try String.fetchOne(db, sql: "SELECT user FROM token WHERE id = ?", arguments: [id]) == claimed else { return nil }
                user = claimed
                tokenID = id
            case .link(let text):
                guard let redeemed = try SignInLinkStore.redeem(db, text, now: now) else { return nil }
                user = redeemed
                tokenID = nil
            }
            let session = Session(id: secret.id, user: user, csrf: csrf, expiresAt: expiresAt)
            try db.execute(sql: "DELETE FROM session WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            try db.execute(
                sql: "INSERT INTO session (id, hash, user, token_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [secret.id, Data(secret.hash), user, tokenID, csrf, now.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
            return (secret.text, session)
        }
    }

    /// Ends a session (sign-out).
    func delete(id: String) async throws {
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id]) }
        cache.forget(id: id)
    }
}
