import GRDB

/// The analytics read models. Every table is derived from other services' events, so
/// `readModels` may be emptied at any time and rebuilt from seq 0 (`analytics.rebuild`).
/// Per-day aggregates are keyed (user, day): every query is an index range, never a scan.
enum AnalyticsSchema {
    /// Every read-model table, in the order a rebuild empties them.
    static let readModels = [
        "intake_entry", "water_day", "water_streak", "goal_change", "challenge_version",
        "steps_day", "distance_day", "strength_set", "exercise", "orm_day", "workout", "consent_revoked",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("analytics.v1") { db in
            try db.execute(sql: """
                CREATE TABLE intake_entry (
                    user TEXT NOT NULL,
                    id TEXT NOT NULL,
                    day TEXT NOT NULL,
                    waterUl INTEGER NOT NULL CHECK (waterUl >= 0),
                    PRIMARY KEY (user, id)
                ) WITHOUT ROWID;
                CREATE TABLE water_day (
                    user TEXT NOT NULL,
                    day TEXT NOT NULL,
                    waterUl INTEGER NOT NULL CHECK (waterUl >= 0),
                    intakes INTEGER NOT NULL CHECK (intakes >= 0),
                    PRIMARY KEY (user, day)
                ) WITHOUT ROWID;
                CREATE TABLE goal_change (
                    user TEXT NOT NULL,
                    effectiveDay TEXT NOT NULL,
                    goalMl REAL NOT NULL CHECK (goalMl > 0),
                    source TEXT NOT NULL,
                    weightKg REAL,
                    PRIMARY KEY (user, effectiveDay)
                ) WITHOUT ROWID;
                CREATE TABLE challenge (
                    id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    type TEXT NOT NULL,
                    goal REAL NOT NULL CHECK (goal > 0),
                    trophy TEXT NOT NULL,
                    points INTEGER NOT NULL CHECK (points >= 0)
                );
                CREATE TABLE steps_day (
                    user TEXT NOT NULL,
                    day TEXT NOT NULL,
                    steps INTEGER NOT NULL CHECK (steps >= 0),
                    PRIMARY KEY (user, day)
                ) WITHOUT ROWID;
                CREATE TABLE distance_day (
                    user TEXT NOT NULL,
                    day TEXT NOT NULL,
                    meters REAL NOT NULL CHECK (meters >= 0),
                    PRIMARY KEY (user, day)
                ) WITHOUT ROWID;
                CREATE TABLE strength_set (
                    user TEXT NOT NULL,
                    sampleId TEXT NOT NULL,
                    exerciseKey TEXT NOT NULL,
                    day TEXT NOT NULL,
                    sets INTEGER NOT NULL,
                    reps INTEGER NOT NULL,
                    weightKg REAL NOT NULL,
                    PRIMARY KEY (user, sampleId)
                ) WITHOUT ROWID;
                CREATE TABLE exercise (
                    user TEXT NOT NULL,
                    exerciseKey TEXT NOT NULL,
                    name TEXT NOT NULL,
                    excludedSets INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (user, exerciseKey)
                ) WITHOUT ROWID;
                CREATE TABLE orm_day (
                    user TEXT NOT NULL,
                    exerciseKey TEXT NOT NULL,
                    day TEXT NOT NULL,
                    oneRepMax REAL NOT NULL CHECK (oneRepMax >= 0),
                    PRIMARY KEY (user, exerciseKey, day)
                ) WITHOUT ROWID;
                CREATE INDEX orm_day_best ON orm_day (user, exerciseKey, oneRepMax DESC, day);
                """)
        }
        migrator.registerMigration("analytics.v2-water-streak") { db in
            // Runs of met days as `LocalDay.ordinal`s (`StreakStore`): the longest run ending
            // by today is the first row of the second index that ends by today.
            try db.execute(sql: """
                CREATE TABLE water_streak (
                    user TEXT NOT NULL,
                    firstDay INTEGER NOT NULL,
                    lastDay INTEGER NOT NULL CHECK (lastDay >= firstDay),
                    days INTEGER NOT NULL CHECK (days = lastDay - firstDay + 1),
                    PRIMARY KEY (user, firstDay)
                ) WITHOUT ROWID;
                CREATE INDEX water_streak_longest ON water_streak (user, days DESC, lastDay);
                """)
            for user in try String.fetchAll(db, sql: "SELECT DISTINCT user FROM water_day") {
                try StreakStore.refreshAll(db, user: user)
            }
        }
        migrator.registerMigration("analytics.v3-consent") { db in
            // The health consents each user has revoked (`ConsentMask`): masks, not deletes.
            try db.execute(sql: """
                CREATE TABLE consent_revoked (
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    PRIMARY KEY (user, type)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("analytics.v4-workouts") { db in
            // Workouts (`WorkoutStore`), keyed by sample so a repeated event changes nothing.
            try db.execute(sql: """
                CREATE TABLE workout (
                    user TEXT NOT NULL,
                    sampleId TEXT NOT NULL,
                    activity TEXT NOT NULL,
                    day TEXT NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    durationS REAL NOT NULL,
                    distanceM REAL,
                    energyKcal REAL,
                    source TEXT NOT NULL,
                    PRIMARY KEY (user, sampleId)
                ) WITHOUT ROWID;
                CREATE INDEX workout_day ON workout (user, day);
                """)
        }
        migrator.registerMigration("analytics.v5-strength-warmup") { db in
            // A warm-up set (1; NULL otherwise): kept, left out of one-rep maxes.
            try db.execute(sql: "ALTER TABLE strength_set ADD COLUMN warmup INTEGER")
        }
        migrator.registerMigration("analytics.v6-challenge-versions") { db in
            // The catalog by effective day (`ChallengeStore`): each day is scored with the
            // version of a challenge in force that day. `effectiveDay` '' is every day (events
            // from before versions); `origin` 1 marks a challenge's first version, which also
            // counts for the days before it. The old table's rows are such versions.
            try db.execute(sql: """
                CREATE TABLE challenge_version (
                    id TEXT NOT NULL,
                    effectiveDay TEXT NOT NULL,
                    origin INTEGER NOT NULL CHECK (origin IN (0, 1)),
                    retired INTEGER NOT NULL CHECK (retired IN (0, 1)),
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    type TEXT NOT NULL,
                    goal REAL NOT NULL CHECK (goal > 0),
                    trophy TEXT NOT NULL,
                    points INTEGER NOT NULL CHECK (points >= 0),
                    PRIMARY KEY (id, effectiveDay, origin)
                ) WITHOUT ROWID;
                CREATE INDEX challenge_version_day ON challenge_version (effectiveDay);
                INSERT INTO challenge_version (id, effectiveDay, origin, retired, title, description, type, goal, trophy, points)
                    SELECT id, '', 1, 0, title, description, type, goal, trophy, points FROM challenge;
                DROP TABLE challenge;
                """)
        }
        migrator.registerMigration("analytics.v7-strength-by-day") { db in
            // Sets keyed by (user, day, sampleId), not (user, sampleId): a sample id is a hash, so
            // a large import wrote each set to a page of its own all over the table; keyed by day,
            // a day's sets lie together and an import sent in day order fills neighbouring pages.
            // A sample id's day never changes (it is part of what the id is made from), so the
            // key is as unique as before. `health.samples.removed` names each id's day.
            try db.execute(sql: """
                CREATE TABLE strength_set_v7 (
                    user TEXT NOT NULL,
                    day TEXT NOT NULL,
                    sampleId TEXT NOT NULL,
                    exerciseKey TEXT NOT NULL,
                    sets INTEGER NOT NULL,
                    reps INTEGER NOT NULL,
                    weightKg REAL NOT NULL,
                    warmup INTEGER,
                    PRIMARY KEY (user, day, sampleId)
                ) WITHOUT ROWID;
                INSERT INTO strength_set_v7 (user, day, sampleId, exerciseKey, sets, reps, weightKg, warmup)
                    SELECT user, day, sampleId, exerciseKey, sets, reps, weightKg, warmup FROM strength_set ORDER BY user, day, sampleId;
                DROP TABLE strength_set;
                ALTER TABLE strength_set_v7 RENAME TO strength_set;
                """)
        }
        migrator.registerMigration("analytics.v8-challenge-backdated") { db in
            // Whether a challenge's first version also counts for the days before it: only the
            // catalog's first day (a new catalog scores the past) and the versions from before
            // effective days; a challenge added to a catalog later counts from its own day on,
            // so a finished day keeps what it earned. Existing rows get the same rule.
            try db.execute(sql: """
                ALTER TABLE challenge_version ADD COLUMN backdated INTEGER NOT NULL DEFAULT 0 CHECK (backdated IN (0, 1));
                UPDATE challenge_version SET backdated = 1 WHERE origin = 1 AND (effectiveDay = ''
                    OR effectiveDay = (SELECT MIN(effectiveDay) FROM challenge_version WHERE origin = 1));
                """)
        }
        return migrator
    }
}
