import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Workouts per user (`health.workout.recorded`/`batch-recorded`), keyed by sample so a
/// repeated event changes nothing; running challenges count their running distance.
enum WorkoutStore {
    /// The activity a running challenge counts.
    static let running = "HKWorkoutActivityTypeRunning"

    static func record(_ db: Database, _ workout: WorkoutRecordedBody) throws {
        try db.execute(cached: """
            INSERT INTO workout (user, sampleId, activity, day, start, "end", durationS, distanceM, energyKcal, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user, sampleId) DO NOTHING
            """, arguments: [
                workout.user, workout.sampleId, workout.activity, workout.day, workout.start.timeIntervalSince1970,
                workout.end.timeIntervalSince1970, workout.durationSeconds, workout.distanceMeters, workout.energyKcal, workout.source,
            ])
    }

    /// Removes the workouts with these sample ids.
    static func remove(_ db: Database, user: String, sampleIds: [String]) throws {
        for sampleId in sampleIds {
            try db.execute(cached: "DELETE FROM workout WHERE user = ? AND sampleId = ?", arguments: [user, sampleId])
        }
    }

    static func eraseUser(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM workout WHERE user = ?", arguments: [user])
    }

    /// The workouts starting on the days `from`…`to`, by start.
    static func list(_ db: Database, user: String, from: String, to: String) throws -> [WorkoutEntry] {
        try Row.fetchAll(db, cached: """
            SELECT sampleId, activity, day, start, "end", durationS, distanceM, energyKcal, source FROM workout
            WHERE user = ? AND day BETWEEN ? AND ? ORDER BY start, sampleId
            """, arguments: [user, from, to]).map { row in
            WorkoutEntry(
                sampleId: row["sampleId"], activity: row["activity"], day: try LocalDay(stored: row["day"]),
                start: Date(timeIntervalSince1970: row["start"]), end: Date(timeIntervalSince1970: row["end"]),
                durationSeconds: row["durationS"], distanceMeters: row["distanceM"], energyKcal: row["energyKcal"], source: row["source"])
        }
    }

    /// Metres run per day (running workouts only) over `from`…`to`.
    static func runningMeters(_ db: Database, user: String, from: String, to: String) throws -> [String: Double] {
        var result: [String: Double] = [:]
        for row in try Row.fetchAll(db, cached: """
            SELECT day, SUM(distanceM) FROM workout
            WHERE user = ? AND day BETWEEN ? AND ? AND activity = ? AND distanceM IS NOT NULL GROUP BY day
            """, arguments: [user, from, to, running]) {
            result[row[0]] = row[1] as Double
        }
        return result
    }
}
