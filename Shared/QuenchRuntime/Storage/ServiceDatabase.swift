import Foundation
public import GRDB
internal import CSQLiteTuning

/// One SQLite file owned by one service, opened through GRDB as a WAL `DatabasePool`
/// with `synchronous=FULL` (each commit is on disk before its reply goes out; group commit
/// keeps that to one sync per batch), foreign keys on, and the schema changed only through
/// migrations: the runtime's own tables first (idempotency, outbox, cursors), then the
/// service's. A file with migrations this version does not know (written by a newer one)
/// is refused with `NewerSchemaError`, untouched.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("intake.v1") { db in try db.create(table: "intake") { … } }
/// let database = try ServiceDatabase(path: "/var/lib/quench/intake.sqlite", migrator: migrator)
/// ```
public final class ServiceDatabase: Sendable {
    public let path: String
    public let pool: DatabasePool
    /// The file's name as SQLite reports it (absolute), the key of ``UserErasure``'s requests.
    let resolvedPath: String
    /// The migrations this open applied, in order (empty when the file was current): the
    /// service logs each at start.
    public let migrationsApplied: [String]

    public init(path: String, migrator serviceMigrator: DatabaseMigrator = DatabaseMigrator()) throws {
        _ = Self.tuneSQLite
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        // Set on the writer after opening: GRDB's WAL set-up resets it to NORMAL, which
        // leaves the last commits unsynced (lost on power loss or a file-system abort).
        resolvedPath = try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            return try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'") ?? path
        }
        var migrator = DatabaseMigrator()
        RuntimeSchema.register(in: &migrator)
        // A file a newer Quench migrated has tables this version does not know how to keep
        // consistent: refuse it rather than run on it.
        let known = Set(migrator.migrations + serviceMigrator.migrations)
        let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
        let unknown = applied.subtracting(known).sorted()
        guard unknown.isEmpty else { throw NewerSchemaError(path: path, unknownMigrations: unknown) }
        let serviceApplied = try pool.read { db in try serviceMigrator.appliedIdentifiers(db) }
        migrationsApplied = (migrator.migrations.filter { !applied.contains($0) }
            + serviceMigrator.migrations.filter { !serviceApplied.contains($0) })
        try migrator.migrate(pool)
        try serviceMigrator.migrate(pool)
    }

    /// SQLite's process-wide settings, made once before the first connection opens: no
    /// memory statistics, whose mutex every allocation and free took (≈ 4 % of health-ingest's
    /// CPU during an Apple Health import, docs/BENCHMARKS.md). Without effect (and harmless)
    /// when SQLite was already initialised.
    static let tuneSQLite: Void = {
        _ = quench_sqlite_memstatus_off()
    }()

    /// After an erase committed (``UserErasure/requestScrub(_:)``): rebuilds the file
    /// (`VACUUM`, so no deleted row survives in a free page or in the unused space of a page)
    /// and checkpoints the WAL into it and truncates the WAL to nothing (`wal_checkpoint(TRUNCATE)`,
    /// so no old page image survives there). Call it on the thread that writes, between
    /// transactions. A checkpoint a reader keeps from finishing is tried again after the next
    /// commit. Returns true when a scrub ran to the end.
    @discardableResult
    public func scrubIfRequested() -> Bool {
        guard UserErasure.takeRequest(path: resolvedPath) else { return false }
        do {
            let done = try pool.writeWithoutTransaction { db -> Bool in
                try db.execute(sql: "VACUUM")
                for attempt in 0..<3 {
                    if attempt > 0 { Thread.sleep(forTimeInterval: 0.05) }
                    // (busy, frames in the log, frames checkpointed): busy 0 = the WAL is empty now.
                    let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                    if (row?[0] as Int?) == 0 { return true }
                }
                return false
            }
            if !done { UserErasure.putBack(path: resolvedPath) }
            return done
        } catch {
            UserErasure.putBack(path: resolvedPath)
            return false
        }
    }

    /// At a graceful stop, after every service of the process has ended: checkpoints the WAL
    /// into the main file, truncates it (`wal_checkpoint(TRUNCATE)`) and closes every
    /// connection, so the `.sqlite` file alone holds every committed row (a plain copy of it
    /// is a complete backup) and SQLite removes the `-wal` and `-shm` files. A checkpoint a
    /// reader still blocks is tried a few times; the close runs either way (SQLite checkpoints
    /// again when the last connection closes). Returns true when the WAL was emptied.
    @discardableResult
    public func closeForShutdown() throws -> Bool {
        let emptied = try pool.writeWithoutTransaction { db -> Bool in
            for attempt in 0..<5 {
                if attempt > 0 { Thread.sleep(forTimeInterval: 0.05) }
                let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                if (row?[0] as Int?) == 0 { return true }
            }
            return false
        }
        try pool.close()
        return emptied
    }

    /// `PRAGMA quick_check`: true when SQLite finds the file sound.
    public func check() -> (ok: Bool, message: String?) {
        do {
            let result = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            return result == "ok" ? (true, nil) : (false, result)
        } catch {
            return (false, String(describing: error))
        }
    }
}

/// The database was migrated by a newer version of Quench (a downgrade): this version does
/// not know some of its schema changes, so the service does not start on it.
public struct NewerSchemaError: Error, CustomStringConvertible {
    public let path: String
    public let unknownMigrations: [String]

    public var description: String {
        "\(path) was written by a newer Quench: its schema has migrations this version (\(QuenchVersion.current)) "
            + "does not know (\(unknownMigrations.joined(separator: ", "))). Run the newer version, "
            + "or restore a backup taken with this one; the file was not changed."
    }
}

/// Tables every service has.
enum RuntimeSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("runtime.v1") { db in
            try db.create(table: "runtime_idempotency") { t in
                t.column("scope", .text).notNull()
                t.column("key", .text).notNull()
                t.column("type", .text).notNull()
                t.column("reply", .blob).notNull()
                t.column("createdAt", .double).notNull()
                t.primaryKey(["scope", "key"])
            }
            try db.create(index: "runtime_idempotency_created", on: "runtime_idempotency", columns: ["createdAt"])
            try db.create(table: "runtime_outbox") { t in
                t.primaryKey("seq", .integer)
                t.column("type", .text).notNull()
                t.column("user", .text)
                t.column("envelope", .blob).notNull()
                t.column("createdAt", .double).notNull()
            }
            try db.create(index: "runtime_outbox_user", on: "runtime_outbox", columns: ["user", "seq"])
            try db.create(table: "runtime_cursor") { t in
                t.primaryKey("publisher", .text)
                t.column("seq", .integer).notNull()
                t.column("skipped", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("runtime.v2") { db in
            // Stored replies are pruned in row order (IdempotencyStore.prune): the index on
            // `createdAt` only cost every command one more insert.
            try db.execute(sql: "DROP INDEX IF EXISTS runtime_idempotency_created")
        }
        migrator.registerMigration("runtime.v3") { db in
            // Stored replies belong to (principal, acting user), and keep a fingerprint of the
            // request body (IdempotencyStore). The primary key leads with `user`, so its index
            // also serves `DELETE FROM runtime_idempotency WHERE user = ?` (a user's erase).
            // Rows keep their rowid (pruning goes in rowid order). Older rows: `user:<id>` keys
            // belong to that user; a plain user id was an insecure deployment's; an operator's
            // or a service's keys named no user and match no new request (a retry across the
            // upgrade runs as new, within the retention they are pruned).
            try db.execute(sql: """
                CREATE TABLE runtime_idempotency_v3 (
                    user TEXT NOT NULL DEFAULT '',
                    scope TEXT NOT NULL,
                    key TEXT NOT NULL,
                    type TEXT NOT NULL,
                    fingerprint BLOB,
                    reply BLOB NOT NULL,
                    createdAt DOUBLE NOT NULL,
                    PRIMARY KEY (user, scope, key));
                INSERT INTO runtime_idempotency_v3 (rowid, user, scope, key, type, fingerprint, reply, createdAt)
                    SELECT rowid,
                        CASE WHEN scope LIKE 'user:%' THEN substr(scope, 6)
                             WHEN scope = 'admin' OR scope LIKE 'service:%' THEN ''
                             ELSE scope END,
                        CASE WHEN scope LIKE 'user:%' OR scope = 'admin' OR scope LIKE 'service:%' THEN scope
                             ELSE 'insecure' END,
                        key, type, NULL, reply, createdAt
                    FROM runtime_idempotency ORDER BY rowid;
                DROP TABLE runtime_idempotency;
                ALTER TABLE runtime_idempotency_v3 RENAME TO runtime_idempotency;
                """)
        }
    }
}
