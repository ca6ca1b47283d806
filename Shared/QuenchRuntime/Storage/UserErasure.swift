import Foundation
public import GRDB
internal import GRDBSQLite
import Synchronization

/// What an erase does beyond a service's own tables, so that no byte of the user's content
/// stays in the service's SQLite file, its `-wal` or its `-shm` (docs/SECURITY.md, Privacy):
///
/// - the user's events in the outbox become tombstones (``Outbox/redact(_:user:)``): seq,
///   type and publisher stay, so `seq` stays gapless and catch-up keeps working;
/// - the user's stored command replies are forgotten (`IdempotencyStore.forget`);
/// - once the transaction has committed, the file is rebuilt (`VACUUM`) and the WAL
///   checkpointed and truncated (``ServiceDatabase/scrubIfRequested()``): deleted rows
///   otherwise live on in free pages, in the unallocated space of pages split before the
///   delete (`secure_delete` does not reach those) and in old page images in the WAL.
public enum UserErasure {
    /// Asks for the file `db` writes to be scrubbed once the current transaction has
    /// committed: the command writer and the event subscriber do it before they report the
    /// transaction done.
    public static func requestScrub(_ db: Database) {
        guard let connection = db.sqliteConnection, let name = sqlite3_db_filename(connection, "main") else { return }
        let path = String(cString: name)
        guard !path.isEmpty else { return }
        pending.withLock { _ = $0.insert(path) }
    }

    /// Forgets every event and stored reply of `user` in the transaction `db` is in, and asks
    /// for the scrub after it commits. Returns how many events became tombstones.
    @discardableResult
    public static func forgetTraces(_ db: Database, user: String, outbox: Outbox?) throws -> Int {
        let redacted = try outbox?.redact(db, user: user) ?? 0
        try IdempotencyStore.forget(db, user: user)
        requestScrub(db)
        return redacted
    }

    /// Takes the request for `path`, if there is one.
    static func takeRequest(path: String) -> Bool {
        pending.withLock { $0.remove(path) != nil }
    }

    /// Puts a request back (the scrub could not finish; it is tried again after the next commit).
    static func putBack(path: String) {
        pending.withLock { _ = $0.insert(path) }
    }

    private static let pending = Mutex<Set<String>>([])
}

extension WriteContext {
    /// Forgets the user's events (tombstones) and stored replies in this transaction, and
    /// has the file scrubbed once it has committed (``UserErasure``). Every erase command
    /// calls it before it emits its own `….erased` event, which stays.
    @discardableResult
    public func forgetTraces(of user: String) throws -> Int {
        try UserErasure.forgetTraces(db, user: user, outbox: outbox)
    }
}
