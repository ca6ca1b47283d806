import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// SQL over `goal_user` and `goal_period`.
enum GoalStore {
    static func state(_ db: Database, user: String) throws -> GoalState? {
        guard let row = try Row.fetchOne(db, cached: "SELECT * FROM goal_user WHERE user = ?", arguments: [user]) else {
            return nil
        }
        var state = GoalState()
        state.manualMl = row["manualMl"]
        state.pinned = row["pinned"]
        state.bodyMassConsent = row["bodyMassConsent"]
        state.timeZone = row["timeZone"]
        if let kg: Double = row["weightKg"], let at: Double = row["weightMeasuredAt"] {
            state.weight = WeightReading(kg: kg, measuredAt: Date(timeIntervalSince1970: at), sampleId: row["weightSampleId"] ?? "")
        }
        return state
    }

    static func save(_ db: Database, user: String, _ state: GoalState) throws {
        try db.execute(cached: """
            INSERT INTO goal_user (user, manualMl, pinned, timeZone, bodyMassConsent, weightKg, weightMeasuredAt, weightSampleId, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user) DO UPDATE SET
                manualMl = excluded.manualMl, pinned = excluded.pinned, timeZone = excluded.timeZone,
                bodyMassConsent = excluded.bodyMassConsent, weightKg = excluded.weightKg,
                weightMeasuredAt = excluded.weightMeasuredAt, weightSampleId = excluded.weightSampleId,
                updatedAt = excluded.updatedAt
            """, arguments: [
                user, state.manualMl, state.pinned, state.timeZone, state.bodyMassConsent, state.weight?.kg,
                state.weight?.measuredAt.timeIntervalSince1970, state.weight?.sampleId, Date().timeIntervalSince1970,
            ])
    }

    static func current(_ db: Database, user: String) throws -> StoredPeriod? {
        try Row.fetchOne(db, cached: "SELECT * FROM goal_period WHERE user = ? AND endDay IS NULL", arguments: [user])
            .map(period(_:))
    }

    /// Periods overlapping `from…to`, oldest first.
    static func periods(_ db: Database, user: String, from: LocalDay, to: LocalDay) throws -> [StoredPeriod] {
        try Row.fetchAll(db, cached: """
            SELECT * FROM goal_period
            WHERE user = ? AND startDay <= ? AND (endDay IS NULL OR endDay >= ?)
            ORDER BY startDay
            """, arguments: [user, to.description, from.description]).map(period(_:))
    }

    /// The newest `limit` periods that start before `before` (all when nil), newest first.
    static func history(_ db: Database, user: String, before: LocalDay? = nil, limit: Int) throws -> [StoredPeriod] {
        try Row.fetchAll(db, cached: """
            SELECT * FROM goal_period WHERE user = ?1 AND (?2 IS NULL OR startDay < ?2) ORDER BY startDay DESC LIMIT ?3
            """, arguments: [user, before?.description, limit]).map(period(_:))
    }

    static func insert(_ db: Database, user: String, startDay: LocalDay, goal: EffectiveGoal) throws {
        let now = Date().timeIntervalSince1970
        try db.execute(cached: """
            INSERT INTO goal_period (user, startDay, endDay, goalMl, source, weightKg, adjusted, createdAt, updatedAt)
            VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                user, startDay.description, goal.goalMl, goal.source.rawValue, goal.weightKg, goal.adjusted?.rawValue, now, now,
            ])
    }

    static func replace(_ db: Database, user: String, startDay: LocalDay, goal: EffectiveGoal) throws {
        try db.execute(cached: """
            UPDATE goal_period SET goalMl = ?, source = ?, weightKg = ?, adjusted = ?, updatedAt = ?
            WHERE user = ? AND startDay = ?
            """, arguments: [
                goal.goalMl, goal.source.rawValue, goal.weightKg, goal.adjusted?.rawValue, Date().timeIntervalSince1970,
                user, startDay.description,
            ])
    }

    /// Moves the period starting on `startDay` to start on `newStart`.
    static func move(_ db: Database, user: String, startDay: LocalDay, to newStart: LocalDay) throws {
        try db.execute(
            sql: "UPDATE goal_period SET startDay = ?, updatedAt = ? WHERE user = ? AND startDay = ?",
            arguments: [newStart.description, Date().timeIntervalSince1970, user, startDay.description])
    }

    /// Whether any of the user's goals has ended (the current one is not the first).
    static func hasEnded(_ db: Database, user: String) throws -> Bool {
        try Bool.fetchOne(db, cached: "SELECT EXISTS (SELECT 1 FROM goal_period WHERE user = ? AND endDay IS NOT NULL)", arguments: [user]) ?? false
    }

    static func end(_ db: Database, user: String, startDay: LocalDay, endDay: LocalDay) throws {
        try db.execute(
            sql: "UPDATE goal_period SET endDay = ?, updatedAt = ? WHERE user = ? AND startDay = ?",
            arguments: [endDay.description, Date().timeIntervalSince1970, user, startDay.description])
    }

    /// Clears the weight of every goal period of the user (health data erased).
    static func forgetWeights(_ db: Database, user: String) throws {
        try db.execute(
            sql: "UPDATE goal_period SET weightKg = NULL, updatedAt = ? WHERE user = ? AND weightKg IS NOT NULL",
            arguments: [Date().timeIntervalSince1970, user])
    }

    /// Deletes the user's row and history; returns (settings, goals) deleted.
    static func erase(_ db: Database, user: String) throws -> (settings: Int, goals: Int) {
        try db.execute(cached: "DELETE FROM goal_period WHERE user = ?", arguments: [user])
        let goals = db.changesCount
        try db.execute(cached: "DELETE FROM goal_user WHERE user = ?", arguments: [user])
        return (db.changesCount, goals)
    }

    private static func period(_ row: Row) -> StoredPeriod {
        let start: String = row["startDay"]
        let end: String? = row["endDay"]
        let source = GoalSource(rawValue: row["source"]) ?? .manual
        let adjusted: String? = row["adjusted"]
        return StoredPeriod(
            startDay: LocalDay(start) ?? LocalDay(ordinal: 0),
            endDay: end.flatMap { LocalDay($0) },
            goal: EffectiveGoal(
                goalMl: row["goalMl"], source: source, weightKg: row["weightKg"],
                adjusted: adjusted.flatMap { AutoGoal.Adjustment(rawValue: $0) }))
    }
}
