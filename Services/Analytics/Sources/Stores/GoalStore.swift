import GRDB
import QuenchRuntime
import QuenchProtocol

/// Goal changes keyed by (user, effective day); a second change for the same day replaces it.
/// Each change lists the days it decides the goal of for re-judging (`StreakBacklog`).
enum GoalStore {
    static func set(
        _ db: Database, user: String, effectiveDay: String, goalMl: Double, source: String, weightKg: Double?,
        streaks: inout StreakBacklog
    ) throws {
        try db.execute(cached: """
            INSERT INTO goal_change (user, effectiveDay, goalMl, source, weightKg) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user, effectiveDay) DO UPDATE SET goalMl = excluded.goalMl, source = excluded.source, weightKg = excluded.weightKg
            """, arguments: [user, effectiveDay, goalMl, source, weightKg])
        streaks.goal(user: user, from: effectiveDay)
    }

    static func eraseUser(_ db: Database, user: String, streaks: inout StreakBacklog) throws {
        try db.execute(cached: "DELETE FROM goal_change WHERE user = ?", arguments: [user])
        streaks.all(user: user)
    }

    /// The goal in effect on `day`.
    static func goal(_ db: Database, user: String, on day: String) throws -> GoalTimeline.Goal {
        let row = try Row.fetchOne(db, cached: """
            SELECT goalMl, source FROM goal_change WHERE user = ? AND effectiveDay <= ?
            ORDER BY effectiveDay DESC LIMIT 1
            """, arguments: [user, day])
        return row.map { GoalTimeline.Goal(goalMl: $0["goalMl"], source: $0["source"]) } ?? GoalTimeline.defaultGoal
    }

    static func timeline(_ db: Database, user: String) throws -> GoalTimeline {
        let rows = try Row.fetchAll(
            db, cached: "SELECT effectiveDay, goalMl, source FROM goal_change WHERE user = ? ORDER BY effectiveDay", arguments: [user])
        return GoalTimeline(changes: rows.compactMap { row in
            LocalDay(row["effectiveDay"] as String).map { ($0, GoalTimeline.Goal(goalMl: row["goalMl"], source: row["source"])) }
        })
    }

    /// The goals of the days `from…through` (ordinals): the change in effect on `from` and the
    /// later ones up to `through`. Days outside the range are not to be asked.
    static func timeline(_ db: Database, user: String, from: Int, through: Int) throws -> GoalTimeline {
        let first = LocalDay(ordinal: from).description
        var changes: [(day: Int, goal: GoalTimeline.Goal)] = []
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT goalMl, source FROM goal_change WHERE user = ? AND effectiveDay <= ? ORDER BY effectiveDay DESC LIMIT 1
                """),
            arguments: [user, first]
        ) {
            changes.append((from, GoalTimeline.Goal(goalMl: row[0], source: row[1])))
        }
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT effectiveDay, goalMl, source FROM goal_change WHERE user = ? AND effectiveDay > ? AND effectiveDay <= ?
                ORDER BY effectiveDay
                """),
            arguments: [user, first, LocalDay(ordinal: through).description])
        while let row = try rows.next() {
            guard let day = LocalDay(row[0])?.ordinal else { continue }
            changes.append((day, GoalTimeline.Goal(goalMl: row[1], source: row[2])))
        }
        return GoalTimeline(ordinals: changes)
    }
}
