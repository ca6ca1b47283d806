import GRDB
import QuenchRuntime

/// Strength sets (keyed by sample, so a repeated event changes nothing), each exercise's
/// count of excluded sets, and the best one-rep max estimate per (user, exercise, day).
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
    }

    /// Records a set once; returns false when the sample was known already.
    @discardableResult
    static func record(_ db: Database, _ set: StrengthSet) throws -> Bool {
        try db.execute(cached: """
            INSERT INTO strength_set (user, sampleId, exerciseKey, day, sets, reps, weightKg) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user, sampleId) DO NOTHING
            """, arguments: [set.user, set.sampleId, set.exerciseKey, set.day, set.sets, set.reps, set.weightKg])
        guard db.changesCount > 0 else { return false }
        try db.execute(
            sql: "INSERT INTO exercise (user, exerciseKey, name) VALUES (?, ?, ?) ON CONFLICT (user, exerciseKey) DO NOTHING",
            arguments: [set.user, set.exerciseKey, set.exerciseName])
        if let estimate = Brzycki.oneRepMax(weight: set.weightKg, reps: set.reps) {
            try db.execute(cached: """
                INSERT INTO orm_day (user, exerciseKey, day, oneRepMax) VALUES (?, ?, ?, ?)
                ON CONFLICT (user, exerciseKey, day) DO UPDATE SET oneRepMax = MAX(oneRepMax, excluded.oneRepMax)
                """, arguments: [set.user, set.exerciseKey, set.day, estimate])
        } else {
            try db.execute(
                sql: "UPDATE exercise SET excludedSets = excludedSets + ? WHERE user = ? AND exerciseKey = ?",
                arguments: [set.sets, set.user, set.exerciseKey])
        }
        return true
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
