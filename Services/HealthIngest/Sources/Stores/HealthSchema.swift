import GRDB
import QuenchProtocol

/// The health-ingest tables. `sample.seq` is the anchor of `samples.changes`; the sample's
/// key `(user, type, start, identity)` is what makes a re-import add only what is new.
/// Instants are stored rounded to the millisecond, the precision of the identity.
///
/// Since `health.v2` a sample is stored in two B-trees, not four: the table is clustered on
/// its identity key (`WITHOUT ROWID`), with one index for the anchor. Day queries scan the key
/// by start over the day's widest span in any time zone (``SampleStore/startSpan(from:to:)``)
/// instead of keeping a day index; `seq` is handed out from `sequence_counter`, saved once per
/// request, instead of `AUTOINCREMENT`'s bookkeeping row per insert.
///
/// Since `health.v3` the table is a row-id table keyed by user and seq (``SampleKey``), user
/// and type are integers (`user_key`, ``SampleType/code``), and the identity key is an index:
/// an import appends its rows at the end of the user's range and adds small entries to the
/// index, instead of inserting whole rows into a B-tree ordered by type and start. Cumulative
/// types' per-source day sums are kept in `day_source_sum`, added to as samples are stored,
/// so a day total or a day bucket reads a few sums instead of the day's samples.
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
        migrator.registerMigration("health.v3-keyed-sample") { db in
            // The row id carries the user and the seq (``SampleKey``: user << 40 | seq), so a
            // user's samples lie together in seq order and an import appends them; user and type
            // are integers in the identity index. Seqs, and so every anchor a client holds, stay
            // as they were. The numbers are written out: a migration keeps its version's shape.
            try db.execute(sql: """
                CREATE TABLE user_key (
                    id INTEGER PRIMARY KEY,
                    user TEXT NOT NULL UNIQUE
                );
                INSERT INTO user_key (user) SELECT DISTINCT user FROM sample ORDER BY user;
                CREATE TABLE sample_v3 (
                    key INTEGER PRIMARY KEY,
                    userKey INTEGER NOT NULL,
                    type INTEGER NOT NULL,
                    start REAL NOT NULL,
                    identity INTEGER NOT NULL,
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
                    CHECK ("end" >= start)
                );
                INSERT INTO sample_v3 (key, userKey, type, start, identity, value, unit, normalized, "end", day,
                                       sourceId, deviceId, jobId, exercise, sets, reps, createdAt)
                    SELECT (u.id << 40) | s.seq, u.id,
                           CASE s.type WHEN 'steps' THEN 1 WHEN 'body-mass' THEN 2 WHEN 'distance' THEN 3
                                       WHEN 'dietary-water' THEN 4 WHEN 'strength' THEN 5 END,
                           s.start, s.identity,
                           s.value, s.unit, s.normalized, s."end", s.day, s.sourceId, s.deviceId, s.jobId, s.exercise,
                           s.sets, s.reps, s.createdAt
                    FROM sample s JOIN user_key u ON u.user = s.user;
                DROP TABLE sample;
                ALTER TABLE sample_v3 RENAME TO sample;
                CREATE UNIQUE INDEX sample_identity ON sample (userKey, type, start, identity);
                CREATE TABLE day_source_sum (
                    userKey INTEGER NOT NULL,
                    type INTEGER NOT NULL,
                    day TEXT NOT NULL,
                    sourceId INTEGER NOT NULL,
                    total REAL NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (userKey, type, day, sourceId)
                ) WITHOUT ROWID;
                INSERT INTO day_source_sum (userKey, type, day, sourceId, total, count)
                    SELECT userKey, type, day, sourceId, SUM(normalized), COUNT(*) FROM sample
                    WHERE type IN (1, 3, 4, 5)
                    GROUP BY userKey, type, day, sourceId;
                """)
        }
        migrator.registerMigration("health.import-job-elements") { db in
            // The export's elements other than records (Workout, ActivitySummary, …), by name.
            try db.execute(sql: "ALTER TABLE import_job ADD COLUMN otherElements TEXT")
        }
        migrator.registerMigration("health.sample-day-parts") { db in
            // A sample's UTC offset (the day it was taken at), so a steps or distance sample cut
            // by local midnight is split between its days (``DaySplit``); NULL in rows stored
            // before, which count whole on their day as they did. `sample_day_part` names the
            // days other than its start's that such a sample covers, for the merge of those days.
            try db.execute(sql: """
                ALTER TABLE sample ADD COLUMN utcOffset INTEGER;
                CREATE TABLE sample_day_part (
                    userKey INTEGER NOT NULL,
                    type INTEGER NOT NULL,
                    day TEXT NOT NULL,
                    key INTEGER NOT NULL,
                    PRIMARY KEY (userKey, type, day, key)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("health.workouts") { db in
            // A workout's distance and energy (its activity is in `exercise`).
            try db.execute(sql: "ALTER TABLE sample ADD COLUMN distanceM REAL")
            try db.execute(sql: "ALTER TABLE sample ADD COLUMN energyKcal REAL")
        }
        migrator.registerMigration("health.strength-warmup") { db in
            // A warm-up strength set (1; NULL otherwise), and the job index `import.undo` reads by.
            try db.execute(sql: "ALTER TABLE sample ADD COLUMN warmup INTEGER")
            try db.execute(sql: "CREATE INDEX sample_job ON sample (jobId) WHERE jobId IS NOT NULL")
            // `import.undo`: when, and how many samples it removed (the status stays as it ended).
            try db.execute(sql: "ALTER TABLE import_job ADD COLUMN undoneAt REAL")
            try db.execute(sql: "ALTER TABLE import_job ADD COLUMN removed INTEGER")
        }
        migrator.registerMigration("health.user-units") { db in
            // Each user's display units (`units.get` / `units.set`); no row: the defaults.
            try db.execute(sql: "CREATE TABLE user_units (user TEXT PRIMARY KEY, weight TEXT NOT NULL, volume TEXT NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("health.import-job-keys") { db in
            // `import.undo` finds a job's samples in the range of row ids they were stored in
            // (`firstKey`…`lastKey`, kept by each request that stores some) instead of through
            // `sample_job`: that index was a third B-tree written per imported sample (a tenth
            // of health-ingest's CPU during an import). The ranges of existing jobs come from it.
            try db.execute(sql: """
                ALTER TABLE import_job ADD COLUMN firstKey INTEGER;
                ALTER TABLE import_job ADD COLUMN lastKey INTEGER;
                UPDATE import_job SET
                    firstKey = (SELECT MIN(key) FROM sample WHERE jobId = import_job.id),
                    lastKey = (SELECT MAX(key) FROM sample WHERE jobId = import_job.id);
                DROP INDEX sample_job;
                """)
        }
        return migrator
    }
}

/// A sample's row id: the user's key in the high bits, the sample's seq in the low
/// ``seqBits``. Seqs come from one counter for all users, so a row id is unique, and a
/// user's samples are one range of row ids in seq order: changes since an anchor are a range
/// scan, and an import appends at the end of its user's range.
enum SampleKey {
    static let seqBits: Int64 = 40
    /// Seqs run below this (about 10^12 samples for the whole service).
    static let seqLimit: Int64 = 1 << seqBits
    /// User keys run below this (about 8.4 million users), so every row id, and the end of
    /// the last user's range, stays a positive Int64.
    static let userLimit: Int64 = (1 << (63 - seqBits)) - 1

    static func of(user: Int64, seq: Int64) -> Int64 {
        user << seqBits | seq
    }

    /// The row ids of `user`'s samples with a seq above `anchor` (the whole range for an anchor
    /// below 1): `lower < key < upper`.
    static func range(user: Int64, after anchor: Int64) -> (lower: Int64, upper: Int64) {
        (of(user: user, seq: max(0, min(anchor, seqLimit - 1))), (user + 1) << seqBits)
    }

    /// The SQL expression of a row's seq.
    static func seqSQL(_ key: String) -> String {
        "(\(key) & \(seqLimit - 1))"
    }
}

/// The integers `sample.type` and `day_source_sum.type` store: fixed, as rows keep them.
extension SampleType {
    var code: Int64 {
        switch self {
        case .steps: 1
        case .bodyMass: 2
        case .distance: 3
        case .dietaryWater: 4
        case .strength: 5
        case .workout: 6
        }
    }

    init?(code: Int64) {
        guard let type = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = type
    }
}
