import Foundation
import GRDB

/// The intake service's tables and the seeded catalog.
enum IntakeSchema {
    /// Water content of the seeded fluids, in basis points (1/100 %).
    static let seedCatalog: [(String, Int)] = [
        ("water", 10_000), ("sparkling water", 10_000), ("tea", 9_900), ("coffee", 9_900),
        ("milk", 8_800), ("juice", 8_800), ("soda", 8_900), ("sports drink", 9_500), ("beer", 9_200),
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("intake.v1") { db in
            // owner '' is the shared catalog; otherwise the user who added (or overrode) it.
            try db.execute(sql: """
                CREATE TABLE fluid (
                    id INTEGER PRIMARY KEY,
                    owner TEXT NOT NULL,
                    name TEXT NOT NULL,
                    waterBasisPoints INTEGER NOT NULL CHECK (waterBasisPoints > 0 AND waterBasisPoints <= 10000),
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL,
                    UNIQUE (owner, name)
                );
                CREATE TABLE intake (
                    id TEXT PRIMARY KEY,
                    user TEXT NOT NULL,
                    fluid TEXT NOT NULL,
                    volumeUl INTEGER NOT NULL CHECK (volumeUl > 0 AND volumeUl <= 6000000),
                    waterUl INTEGER NOT NULL CHECK (waterUl >= 0),
                    waterBasisPoints INTEGER NOT NULL,
                    at REAL NOT NULL,
                    day TEXT NOT NULL,
                    timeZone TEXT NOT NULL,
                    source TEXT NOT NULL,
                    sourceRef TEXT,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL
                );
                CREATE INDEX intake_user_day ON intake (user, day, at);
                CREATE UNIQUE INDEX intake_source_ref ON intake (user, sourceRef) WHERE sourceRef IS NOT NULL;
                """)
            let now = Date().timeIntervalSince1970
            for (name, basisPoints) in seedCatalog {
                try db.execute(
                    sql: "INSERT INTO fluid (owner, name, waterBasisPoints, createdAt, updatedAt) VALUES ('', ?, ?, ?, ?)",
                    arguments: [name, basisPoints, now, now])
            }
        }
        migrator.registerMigration("intake.v2") { db in
            // The table clustered on its id (`WITHOUT ROWID`): ids are time-ordered, so a new
            // intake goes in at the table's right edge, and a logged drink writes one B-tree
            // fewer (no rowid table beside the id index).
            //
            // An intake made from another service's record is unique per (user, sourceAt,
            // sourceRef): the record's own instant first, so an import's intakes go in at the
            // right edge of that index instead of at random places (its ids are hashes). The
            // instant is the record's, fixed when the intake is made; editing the intake's `at`
            // does not change it. Rows made before this migration keep it only when they were
            // never edited (their `at` is still the record's); the others stay unique per
            // (user, sourceRef) in the legacy index, which new rows never enter.
            try db.execute(sql: """
                CREATE TABLE intake_v2 (
                    id TEXT NOT NULL PRIMARY KEY,
                    user TEXT NOT NULL,
                    fluid TEXT NOT NULL,
                    volumeUl INTEGER NOT NULL CHECK (volumeUl > 0 AND volumeUl <= 6000000),
                    waterUl INTEGER NOT NULL CHECK (waterUl >= 0),
                    waterBasisPoints INTEGER NOT NULL,
                    at REAL NOT NULL,
                    day TEXT NOT NULL,
                    timeZone TEXT NOT NULL,
                    source TEXT NOT NULL,
                    sourceRef TEXT,
                    sourceAt REAL,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO intake_v2 (id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source,
                                       sourceRef, sourceAt, createdAt, updatedAt)
                    SELECT id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source, sourceRef,
                           CASE WHEN sourceRef IS NOT NULL AND updatedAt = createdAt THEN at END, createdAt, updatedAt
                    FROM intake;
                DROP TABLE intake;
                ALTER TABLE intake_v2 RENAME TO intake;
                CREATE INDEX intake_user_day ON intake (user, day, at);
                CREATE UNIQUE INDEX intake_source_ref ON intake (user, sourceAt, sourceRef) WHERE sourceRef IS NOT NULL;
                CREATE UNIQUE INDEX intake_source_ref_legacy ON intake (user, sourceRef) WHERE sourceRef IS NOT NULL AND sourceAt IS NULL;
                """)
        }
        migrator.registerMigration("intake.v3-withheld") { db in
            // Intakes made from dietary-water samples while that consent is revoked
            // (`WithheldIntakeStore`): the columns of `intake`, kept out of every answer.
            try db.execute(sql: """
                CREATE TABLE intake_withheld (
                    id TEXT NOT NULL PRIMARY KEY,
                    user TEXT NOT NULL,
                    fluid TEXT NOT NULL,
                    volumeUl INTEGER NOT NULL,
                    waterUl INTEGER NOT NULL,
                    waterBasisPoints INTEGER NOT NULL,
                    at REAL NOT NULL,
                    day TEXT NOT NULL,
                    timeZone TEXT NOT NULL,
                    source TEXT NOT NULL,
                    sourceRef TEXT,
                    sourceAt REAL,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX intake_withheld_user ON intake_withheld (user, sourceRef);
                """)
        }
        return migrator
    }
}
