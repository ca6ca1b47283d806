import Foundation
import QuenchProtocol
import Synchronization

/// What a checked token or session resolved to, kept in memory for `ttl` so that a busy
/// client does not cost a SQLite read per request. Found by the secret's public id, used
/// only when the presented secret's whole hash equals the stored one (constant time).
/// Revoking a token, deleting a session, signing out and erasing a user (`web.erase`) go
/// through this process (the only one serving `tokens.*` and `web.erase` for its file),
/// which forgets the entries at once: a revoked token, ended session or erased user's secret
/// is refused from the next request, never after the time to live.
///
/// A lookup that read the file before such a change committed must not put what it read
/// back: it takes ``generation`` before its read and stores with it, and every forget moves
/// the generation on, so that store is dropped.
final class SecretCache: Sendable {
    struct Entry: Sendable {
        var hash: [UInt8]
        var user: String
        /// The token a session was signed in with (revoking it ends the session).
        var tokenID: String?
        var csrf: String?
        var expiresAt: Date?
        var lastUsedAt: Double?
        /// A token's scopes (nil for a session).
        var scopes: [TokenScope]? = nil
        var cachedAt: ContinuousClock.Instant
    }

    /// One per process: the ZeroMQ handlers (revoke, erase) and the HTTP routes share it.
    static let shared = SecretCache()

    let ttl: Duration
    let capacity: Int
    private struct State {
        var entries: [String: Entry] = [:]
        var generation: UInt64 = 0
    }
    private let state = Mutex(State())

    init(ttl: Duration = .seconds(30), capacity: Int = 10_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    /// Moves on at every forget: take it before reading the file, pass it to ``store(id:_:since:)``.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The live entry of `id` whose hash is `hash`, nil otherwise.
    func lookup(id: String, hash: [UInt8], now: ContinuousClock.Instant = .now) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[id] else { return nil }
            guard now - entry.cachedAt < ttl, entry.expiresAt.map({ $0 > Date() }) ?? true else {
                state.entries.removeValue(forKey: id)
                return nil
            }
            return Secret.constantTimeEqual(entry.hash, hash) ? entry : nil
        }
    }

    /// Keeps `entry`, unless something was forgotten since `generation` (the read that found
    /// it may be older than a revoke or an erase).
    func store(id: String, _ entry: Entry, since generation: UInt64? = nil) {
        state.withLock { state in
            if let generation, generation != state.generation { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[id] = entry
        }
    }

    func markUsed(id: String, at time: Double) {
        state.withLock { $0.entries[id]?.lastUsedAt = time }
    }

    /// Forgets a token or session, and every session signed in with token `id`.
    func forget(id: String) {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeValue(forKey: id)
            for (key, entry) in state.entries where entry.tokenID == id { state.entries.removeValue(forKey: key) }
        }
    }

    /// Forgets every token and session of `user` (an erase).
    func forget(user: String) {
        state.withLock { state in
            state.generation &+= 1
            for (key, entry) in state.entries where entry.user == user { state.entries.removeValue(forKey: key) }
        }
    }
}
