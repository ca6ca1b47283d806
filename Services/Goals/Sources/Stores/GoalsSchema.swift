import GRDB

/// The goals service's tables.
enum GoalsSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("goals.v1") { db in
            // One row per user goals knows: the choices the user made and goals' copy of
            // what health-ingest reported (consent, newest weight by measuring time).
            try db.execute(sql: """
                CREATE TABLE goal_user (
                    user TEXT PRIMARY KEY,
                    manualMl REAL CHECK (manualMl IS NULL OR (manualMl > 0 AND manualMl <= 6000)),
                    pinned INTEGER NOT NULL DEFAULT 0,
                    timeZone TEXT NOT NULL DEFAULT 'UTC',
                    bodyMassConsent INTEGER NOT NULL DEFAULT 0,
                    weightKg REAL,
                    weightMeasuredAt REAL,
                    weightSampleId TEXT,
                    updatedAt REAL NOT NULL
                );
                CREATE TABLE goal_period (
                    user TEXT NOT NULL,
                    startDay TEXT NOT NULL,
                    endDay TEXT,
                    goalMl REAL NOT NULL CHECK (goalMl > 0 AND goalMl <= 6000),
                    source TEXT NOT NULL CHECK (source IN ('default', 'manual', 'auto')),
                    weightKg REAL,
                    adjusted TEXT,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL,
                    PRIMARY KEY (user, startDay),
                    CHECK (endDay IS NULL OR endDay >= startDay)
                );
                CREATE UNIQUE INDEX goal_period_current ON goal_period (user) WHERE endDay IS NULL;
                CREATE TABLE challenge (
                    id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    type TEXT NOT NULL CHECK (type IN ('step', 'walking_distance', 'running_distance')),
                    goal REAL NOT NULL CHECK (goal > 0),
                    trophy TEXT NOT NULL CHECK (trophy IN ('bronze', 'silver', 'gold', 'zombie_hand')),
                    points INTEGER NOT NULL CHECK (points >= 0),
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("goals.v2-challenge-source") { db in
            // Where the catalog was last fetched from (`challenges.replace`, `.checked`):
            // one row, the feed's validators and the last fetch's outcome.
            try db.execute(sql: """
                CREATE TABLE challenge_source (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    url TEXT NOT NULL,
                    etag TEXT,
                    lastModified TEXT,
                    fetchedAt REAL NOT NULL,
                    checkedAt REAL NOT NULL,
                    outcome TEXT NOT NULL CHECK (outcome IN ('replaced', 'not_modified', 'failed')),
                    detail TEXT,
                    skipped INTEGER NOT NULL CHECK (skipped >= 0)
                );
                """)
        }
        migrator.registerMigration("goals.v3-challenge-source-reason") { db in
            // A failed fetch's reason as a code and its values (JSON), beside the English
            // `detail`; rows from before have neither and read as they did.
            try db.execute(sql: """
                ALTER TABLE challenge_source ADD COLUMN reasonCode TEXT;
                ALTER TABLE challenge_source ADD COLUMN reasonValues TEXT;
                """)
        }
        return migrator
    }
}
