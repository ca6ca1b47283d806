import Foundation
import Synchronization

/// What a checked token or session resolved to, kept in memory for `ttl` so that a busy
/// client does not cost a SQLite read per request. Found by the secret's public id, used
/// only when the presented secret's whole hash equals the stored one (constant time).
/// Revoking a token, deleting a session and signing out go through this process (the only
/// one serving `tokens.*` for its file), which forgets the entries at once: a revoked token
/// or ended session is refused from the next request, never after the time to live.
final class SecretCache: Sendable {
    struct Entry: Sendable {
        var hash: [UInt8]
        var user: String
        /// The token a session was signed in with (revoking it ends the session).
        var tokenID: String?
        var csrf: String?
        var expiresAt: Date?
        var lastUsedAt: Double?
        var cachedAt: ContinuousClock.Instant
    }

    /// One per process: the ZeroMQ handlers (revoke) and the HTTP routes share it.
    static let shared = SecretCache()

    let ttl: Duration
    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(ttl: Duration = .seconds(30), capacity: Int = 10_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    /// The live entry of `id` whose hash is `hash`, nil otherwise.
    func lookup(id: String, hash: [UInt8], now: ContinuousClock.Instant = .now) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[id] else { return nil }
            guard now - entry.cachedAt < ttl, entry.expiresAt.map({ $0 > Date() }) ?? true else {
                entries.removeValue(forKey: id)
                return nil
            }
            return Secret.constantTimeEqual(entry.hash, hash) ? entry : nil
        }
    }

    func store(id: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = entry
        }
    }

    func markUsed(id: String, at time: Double) {
        entries.withLock { $0[id]?.lastUsedAt = time }
    }

    /// Forgets a token or session, and every session signed in with token `id`.
    func forget(id: String) {
        entries.withLock { entries in
            entries.removeValue(forKey: id)
            for (key, entry) in entries where entry.tokenID == id { entries.removeValue(forKey: key) }
        }
    }
}
