import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// One-time sign-in links (`quench tokens link USER`): a browser that opens one gets a
/// session; the link is deleted on first use and expires after its time to live.
enum SignInLinkStore {
    static func insert(_ db: Database, secret: Secret, user: String, expiresAt: Date) throws -> SignInLinkInfo {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sign_in_link (id, hash, user, expires_at) VALUES (?, ?, ?, ?)",
            arguments: [secret.id, Data(secret.hash), user, expiresAt.timeIntervalSince1970])
        return SignInLinkInfo(id: secret.id, user: user, expiresAt: expiresAt)
    }

    /// The user of a live link, consuming it (a second use finds nothing), in the caller's
    /// transaction (the one that makes its session, ``SessionStore/create(_:now:)``).
    static func redeem(_ db: Database, _ text: String, now: Date = Date()) throws -> String? {
        guard let secret = Secret.parse(text, as: .link) else { return nil }
        try db.execute(sql: "DELETE FROM sign_in_link WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
        guard let row = try Row.fetchOne(db, sql: "SELECT hash, user FROM sign_in_link WHERE id = ?", arguments: [secret.id]),
              Secret.constantTimeEqual(Array(row["hash"] as Data), secret.hash)
        else { return nil }
        try db.execute(sql: "DELETE FROM sign_in_link WHERE id = ?", arguments: [secret.id])
        return row["user"]
    }
}
