import Foundation
import GRDB
import MessagePack
import QuenchProtocol

/// Everything `web.sqlite` holds about one user, deleted by `web.erase`.
enum WebUserStore {
    struct Deleted: Equatable {
        var tokens: Int
        var sessions: Int
        var signInLinks: Int
        /// The operator's stored `tokens.revoke` replies naming the user (kept under no user).
        var revokeReplies: Int
    }

    /// Deletes the user's tokens (hash, name, times), browser sessions (every one, whatever
    /// signed it in) and sign-in links (used or not), and the operator's stored replies that
    /// name the user without being kept under the user: a `tokens.revoke` sent naming no user
    /// is kept under none, and its reply (TokenInfo) holds the user's id and token name. The
    /// user's own stored replies (`tokens.create`, `tokens.link`, kept under the user) go with
    /// `forgetTraces(of:)`.
    static func erase(_ db: Database, user: String) throws -> Deleted {
        try db.execute(sql: "DELETE FROM token WHERE user = ?", arguments: [user])
        let tokens = db.changesCount
        try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [user])
        let sessions = db.changesCount
        try db.execute(sql: "DELETE FROM sign_in_link WHERE user = ?", arguments: [user])
        let links = db.changesCount
        return Deleted(tokens: tokens, sessions: sessions, signInLinks: links, revokeReplies: try forgetRevokeReplies(db, user: user))
    }

    private static func forgetRevokeReplies(_ db: Database, user: String) throws -> Int {
        let rows = try Row.fetchAll(
            db, sql: "SELECT rowid, reply FROM runtime_idempotency WHERE user = '' AND type = ?",
            arguments: [MessageDescriptor.tokensRevoke.name])
        var forgotten = 0
        for row in rows {
            let reply: Data = row["reply"]
            // A reply that does not decode as a TokenInfo could name anyone: it goes too.
            let named = (try? MessagePackDecoder().decode(TokenInfo.self, from: reply))?.user
            guard named == nil || named == user else { continue }
            try db.execute(sql: "DELETE FROM runtime_idempotency WHERE rowid = ?", arguments: [row["rowid"] as Int64])
            forgotten += 1
        }
        return forgotten
    }
}
