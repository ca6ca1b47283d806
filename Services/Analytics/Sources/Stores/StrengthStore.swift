import GRDB
import QuenchRuntime

/// Strength sets (keyed by user, day and sample, so a repeated event changes nothing, and a
/// day's sets lie together), each exercise's count of excluded sets, and the best one-rep max
/// estimate per (user, exercise, day).
enum StrengthStore {
    struct Exercise {
        var key: String
        var name: String
        var excludedSets: Int
    }

    /// One row of `strength_set`: a set from a `health.strength.set-recorded` event.
    struct StrengthSet {
        var user: String
        var sampleId: String
        var exerciseKey: String
        var exerciseName: String
        var day: String
        var sets: Int
        var reps: Int
        var weightKg: Double
        var warmup = false
    }

    /// Records a set once; returns false when the sample was known already.
    @discardableResult
    static func record(_ db: Database, _ set: StrengthSet) throws -> Bool {
        try db.execute(cached: """
            INSERT INTO strength_set (user, sampleId, exerciseKey, day, sets, reps, weightKg, warmup) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user, day, sampleId) DO NOTHING
            """, arguments: [set.user, set.sampleId, set.exerciseKey, set.day, set.sets, set.reps, set.weightKg, set.warmup ? 1 : nil])
        guard db.changesCount > 0 else { return false }
        try db.execute(
            cached: "INSERT INTO exercise (user, exerciseKey, name) VALUES (?, ?, ?) ON CONFLICT (user, exerciseKey) DO NOTHING",
            arguments: [set.user, set.exerciseKey, set.exerciseName])
        if set.warmup { return true }
        if let estimate = Brzycki.oneRepMax(weight: set.weightKg, reps: set.reps) {
            try db.execute(cached: """
                INSERT INTO orm_day (user, exerciseKey, day, oneRepMax) VALUES (?, ?, ?, ?)
                ON CONFLICT (user, exerciseKey, day) DO UPDATE SET oneRepMax = MAX(oneRepMax, excluded.oneRepMax)
                """, arguments: [set.user, set.exerciseKey, set.day, estimate])
        } else {
            try db.execute(
                cached: "UPDATE exercise SET excludedSets = excludedSets + ? WHERE user = ? AND exerciseKey = ?",
                arguments: [set.sets, set.user, set.exerciseKey])
        }
        return true
    }

    /// Records a batch's sets (each once, as ``record(_:_:)`` would), with one exercise insert
    /// per new exercise and one best-estimate upsert per exercise and day instead of per set;
    /// the upsert writes only when the estimate beats the day's (an unchanged row and its
    /// `orm_day_best` entry are not rewritten).
    static func record(_ db: Database, batch sets: [StrengthSet]) throws {
        struct ExerciseKey: Hashable {
            var user: String
            var key: String
        }
        struct DayKey: Hashable {
            var exercise: ExerciseKey
            var day: String
        }
        var names: [ExerciseKey: String] = [:]
        var best: [DayKey: Double] = [:]
        var excluded: [ExerciseKey: Int] = [:]
        // Bound in place (``DirectStatement``): of each set only what differs from the one before.
        let insert = try DirectStatement(db, sql: """
            INSERT INTO strength_set (user, sampleId, exerciseKey, day, sets, reps, weightKg, warmup) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user, day, sampleId) DO NOTHING
            """)
        var last: StrengthSet?
        for set in sets {
            if last?.user != set.user { insert.bind(1, set.user) }
            insert.bind(2, set.sampleId)
            if last?.exerciseKey != set.exerciseKey { insert.bind(3, set.exerciseKey) }
            if last?.day != set.day { insert.bind(4, set.day) }
            insert.bind(5, Int64(set.sets))
            insert.bind(6, Int64(set.reps))
            insert.bind(7, set.weightKg)
            if last?.warmup != set.warmup { insert.bind(8, set.warmup ? Int64(1) : nil) }
            last = set
            try insert.run()
            guard insert.changes > 0 else { continue }
            let exercise = ExerciseKey(user: set.user, key: set.exerciseKey)
            if names[exercise] == nil { names[exercise] = set.exerciseName }
            if set.warmup { continue }
            if let estimate = Brzycki.oneRepMax(weight: set.weightKg, reps: set.reps) {
                let day = DayKey(exercise: exercise, day: set.day)
                best[day] = max(best[day] ?? 0, estimate)
            } else {
                excluded[exercise, default: 0] += set.sets
            }
        }
        for (exercise, name) in names {
            try db.execute(
                cached: "INSERT INTO exercise (user, exerciseKey, name) VALUES (?, ?, ?) ON CONFLICT (user, exerciseKey) DO NOTHING",
                arguments: [exercise.user, exercise.key, name])
        }
        for (exercise, count) in excluded {
            try db.execute(
                cached: "UPDATE exercise SET excludedSets = excludedSets + ? WHERE user = ? AND exerciseKey = ?",
                arguments: [count, exercise.user, exercise.key])
        }
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO orm_day (user, exerciseKey, day, oneRepMax) VALUES (?, ?, ?, ?)
            ON CONFLICT (user, exerciseKey, day) DO UPDATE SET oneRepMax = excluded.oneRepMax WHERE excluded.oneRepMax > oneRepMax
            """)
        for (key, estimate) in best {
            try upsert.execute(arguments: [key.exercise.user, key.exercise.key, key.day, estimate])
        }
    }

    /// Removes the sets with these sample ids, then recomputes the days and exercises they were
    /// part of from the sets that remain (an exercise left without sets goes). `days` (the day of
    /// each id, as `health.samples.removed` names them since `analytics.v7`) makes each removal
    /// one lookup of the key; without them the ids' days are found in one pass over the user's
    /// sets. Returns how many went.
    @discardableResult
    static func remove(_ db: Database, user: String, sampleIds: [String], days given: [String]? = nil) throws -> Int {
        var days: Set<[String]> = []
        var exercises: Set<String> = []
        var removed = 0
        for (day, sampleId) in try keyed(db, user: user, sampleIds: sampleIds, days: given) {
            guard let row = try Row.fetchOne(
                db, cached: "DELETE FROM strength_set WHERE user = ? AND day = ? AND sampleId = ? RETURNING exerciseKey, day",
                arguments: [user, day, sampleId])
            else { continue }
            removed += 1
            let key: String = row["exerciseKey"]
            days.insert([key, row["day"]])
            exercises.insert(key)
        }
        for pair in days {
            let sets = try Row.fetchAll(db, cached: """
                SELECT reps, weightKg FROM strength_set WHERE user = ? AND exerciseKey = ? AND day = ? AND warmup IS NULL
                """, arguments: [user, pair[0], pair[1]])
            let best = sets.compactMap { Brzycki.oneRepMax(weight: $0["weightKg"], reps: $0["reps"]) }.max()
            if let best {
                try db.execute(cached: """
                    INSERT INTO orm_day (user, exerciseKey, day, oneRepMax) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user, exerciseKey, day) DO UPDATE SET oneRepMax = excluded.oneRepMax
                    """, arguments: [user, pair[0], pair[1], best])
            } else {
                try db.execute(cached: "DELETE FROM orm_day WHERE user = ? AND exerciseKey = ? AND day = ?", arguments: [user, pair[0], pair[1]])
            }
        }
        for key in exercises {
            let left = try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM strength_set WHERE user = ? AND exerciseKey = ?", arguments: [user, key]) ?? 0
            if left == 0 {
                try db.execute(cached: "DELETE FROM exercise WHERE user = ? AND exerciseKey = ?", arguments: [user, key])
            } else {
                try db.execute(cached: """
                    UPDATE exercise SET excludedSets = (
                        SELECT COALESCE(SUM(sets), 0) FROM strength_set
                        WHERE user = ?1 AND exerciseKey = ?2 AND warmup IS NULL AND reps > \(Brzycki.maxReps))
                    WHERE user = ?1 AND exerciseKey = ?2
                    """, arguments: [user, key])
            }
        }
        return removed
    }

    /// Each id with its day: `days` as given when they match the ids one for one, else the days
    /// the user's stored sets have (one pass over them; ids not stored are left out).
    private static func keyed(_ db: Database, user: String, sampleIds: [String], days: [String]?) throws -> [(day: String, sampleId: String)] {
        if let days, days.count == sampleIds.count {
            return Array(zip(days, sampleIds))
        }
        guard !sampleIds.isEmpty else { return [] }
        let wanted = Set(sampleIds)
        var found: [(day: String, sampleId: String)] = []
        let rows = try Row.fetchCursor(db, cached: "SELECT day, sampleId FROM strength_set WHERE user = ?", arguments: [user])
        while let row = try rows.next() {
            let sampleId: String = row["sampleId"]
            if wanted.contains(sampleId) { found.append((row["day"], sampleId)) }
        }
        return found
    }

    static func eraseUser(_ db: Database, user: String) throws {
        for table in ["strength_set", "exercise", "orm_day"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE user = ?", arguments: [user])
        }
    }

    /// The user's exercises by name, or only the one with `key`.
    static func exercises(_ db: Database, user: String, key: String?) throws -> [Exercise] {
        let rows: [Row]
        if let key {
            rows = try Row.fetchAll(
                db, cached: "SELECT exerciseKey, name, excludedSets FROM exercise WHERE user = ? AND exerciseKey = ?", arguments: [user, key])
        } else {
            rows = try Row.fetchAll(
                db, cached: "SELECT exerciseKey, name, excludedSets FROM exercise WHERE user = ? ORDER BY name, exerciseKey", arguments: [user])
        }
        return rows.map { Exercise(key: $0["exerciseKey"], name: $0["name"], excludedSets: $0["excludedSets"]) }
    }

    /// The latest `limit` days, newest first.
    static func series(_ db: Database, user: String, key: String, limit: Int) throws -> [(day: String, oneRepMax: Double)] {
        try Row.fetchAll(db, cached: """
            SELECT day, oneRepMax FROM orm_day WHERE user = ? AND exerciseKey = ? ORDER BY day DESC LIMIT ?
            """, arguments: [user, key, limit]).map { ($0["day"], $0["oneRepMax"]) }
    }

    /// The best estimate ever, the earliest day on a tie.
    static func personalRecord(_ db: Database, user: String, key: String) throws -> (day: String, oneRepMax: Double)? {
        try Row.fetchOne(db, cached: """
            SELECT day, oneRepMax FROM orm_day WHERE user = ? AND exerciseKey = ? ORDER BY oneRepMax DESC, day ASC LIMIT 1
            """, arguments: [user, key]).map { ($0["day"], $0["oneRepMax"]) }
    }
}
