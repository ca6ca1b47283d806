import GRDB

/// The health-ingest tables. `sample.seq` is the anchor of `samples.changes`; the sample's
/// key `(user, type, start, identity)` is what makes a re-import add only what is new.
/// Instants are stored rounded to the millisecond, the precision of the identity.
///
/// Since `health.v2` a sample is stored in two B-trees, not four: the table is clustered on
/// its identity key (`WITHOUT ROWID`), with one index for the anchor. Day queries scan the key
/// by start over the day's widest span in any time zone (``SampleStore/startSpan(from:to:)``)
/// instead of keeping a day index; `seq` is handed out from `sequence_counter`, saved once per
/// request, instead of `AUTOINCREMENT`'s bookkeeping row per insert.
enum HealthSchema {
    /// The name of the sample anchor's row in `sequence_counter`.
    static let sampleSeq = "sample.seq"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("health.v1") { db in
            try db.execute(sql: """
                CREATE TABLE consent (
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    granted INTEGER NOT NULL,
                    since REAL NOT NULL,
                    PRIMARY KEY (user, type)
                ) WITHOUT ROWID;
                CREATE TABLE source (
                    id INTEGER PRIMARY KEY,
                    user TEXT NOT NULL,
                    name TEXT NOT NULL,
                    UNIQUE (user, name)
                );
                CREATE TABLE device (
                    id INTEGER PRIMARY KEY,
                    user TEXT NOT NULL,
                    description TEXT NOT NULL,
                    UNIQUE (user, description)
                );
                CREATE TABLE sample (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    identity INTEGER NOT NULL,
                    value REAL NOT NULL,
                    unit TEXT NOT NULL,
                    normalized REAL NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    day TEXT NOT NULL,
                    sourceId INTEGER NOT NULL REFERENCES source (id),
                    deviceId INTEGER REFERENCES device (id),
                    jobId TEXT,
                    exercise TEXT,
                    sets INTEGER,
                    reps INTEGER,
                    createdAt REAL NOT NULL,
                    CHECK ("end" >= start)
                );
                -- Duplicates share type and start, so the identity is unique within (user, type, start):
                -- a chronological import appends at the right edge of this index instead of writing
                -- pages all over a hash-ordered one. It also serves "latest of a type".
                CREATE UNIQUE INDEX sample_identity ON sample (user, type, start, identity);
                CREATE INDEX sample_day ON sample (user, type, day, sourceId, normalized);
                CREATE INDEX sample_user_seq ON sample (user, seq);
                CREATE TABLE day_total (
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    day TEXT NOT NULL,
                    value REAL NOT NULL,
                    PRIMARY KEY (user, type, day)
                ) WITHOUT ROWID;
                CREATE TABLE steps_priority (
                    user TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    source TEXT NOT NULL,
                    PRIMARY KEY (user, position)
                ) WITHOUT ROWID;
                CREATE TABLE import_job (
                    id TEXT PRIMARY KEY,
                    user TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    fileName TEXT,
                    status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
                    startedAt REAL NOT NULL,
                    finishedAt REAL,
                    recordsSeen INTEGER NOT NULL DEFAULT 0,
                    imported INTEGER NOT NULL DEFAULT 0,
                    duplicates INTEGER NOT NULL DEFAULT 0,
                    batches INTEGER NOT NULL DEFAULT 0,
                    skipped TEXT NOT NULL DEFAULT '{}',
                    skippedForConsent TEXT NOT NULL DEFAULT '{}',
                    otherTypes TEXT NOT NULL DEFAULT '{}',
                    byType TEXT NOT NULL DEFAULT '{}',
                    correlationChildrenIgnored INTEGER,
                    bytesRead INTEGER,
                    totalBytes INTEGER,
                    error TEXT
                );
                CREATE INDEX import_job_user ON import_job (user, startedAt);
                """)
        }
        migrator.registerMigration("health.v2-clustered-sample") { db in
            // The counter starts past every seq ever handed out, deleted ones included, so an
            // anchor never names a seq that is handed out again.
            try db.execute(sql: """
                CREATE TABLE sequence_counter (
                    name TEXT PRIMARY KEY,
                    value INTEGER NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO sequence_counter (name, value) VALUES ('\(sampleSeq)', MAX(
                    COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'sample'), 0),
                    COALESCE((SELECT MAX(seq) FROM sample), 0)));
                CREATE TABLE sample_v2 (
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    start REAL NOT NULL,
                    identity INTEGER NOT NULL,
                    seq INTEGER NOT NULL,
                    value REAL NOT NULL,
                    unit TEXT NOT NULL,
                    normalized REAL NOT NULL,
                    "end" REAL NOT NULL,
                    day TEXT NOT NULL,
                    sourceId INTEGER NOT NULL REFERENCES source (id),
                    deviceId INTEGER REFERENCES device (id),
                    jobId TEXT,
                    exercise TEXT,
                    sets INTEGER,
                    reps INTEGER,
                    createdAt REAL NOT NULL,
                    CHECK ("end" >= start),
                    PRIMARY KEY (user, type, start, identity)
                ) WITHOUT ROWID;
                INSERT INTO sample_v2 (user, type, start, identity, seq, value, unit, normalized, "end", day,
                                       sourceId, deviceId, jobId, exercise, sets, reps, createdAt)
                    SELECT user, type, start, identity, seq, value, unit, normalized, "end", day,
                           sourceId, deviceId, jobId, exercise, sets, reps, createdAt FROM sample;
                DROP TABLE sample;
                ALTER TABLE sample_v2 RENAME TO sample;
                -- The anchor: unique per user, so a seq handed out twice fails loudly.
                CREATE UNIQUE INDEX sample_user_seq ON sample (user, seq);
                """)
        }
        return migrator
    }
}
