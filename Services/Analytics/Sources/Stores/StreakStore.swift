import GRDB
import QuenchRuntime
import QuenchProtocol

/// The user's maximal runs of days on which the water goal was met, each day judged by its
/// own goal (`water_streak`, days as `LocalDay.ordinal`). Kept in step with `water_day` and
/// `goal_change` by re-judging only the days a change touches, so the streaks of a history
/// cost two index lookups however long the user's history is. Like every read model it is
/// derived: the same events give the same runs (`Streaks.compute` over every day).
enum StreakStore {
    /// Re-judges the days `from…through` (ordinals) and rewrites the runs that touch them;
    /// the runs' parts outside the range are kept as they are.
    static func refresh(_ db: Database, user: String, from: Int, through: Int) throws {
        guard from <= through else { return }
        let met = StreakRuns.runs(of: try metDays(db, user: user, from: from, through: through))
        let touching = try touching(db, user: user, from: from, through: through)
        let metBefore = touching.compactMap { run in
            max(run.first, from) <= min(run.last, through) ? StreakRuns.Run(first: max(run.first, from), last: min(run.last, through)) : nil
        }
        if met == metBefore { return }
        var runs: [StreakRuns.Run] = []
        for run in touching {
            if run.first < from { runs.append(.init(first: run.first, last: from - 1)) }
        }
        runs += met
        for run in touching {
            if run.last > through { runs.append(.init(first: through + 1, last: run.last)) }
        }
        // Only the touching runs start in this span: the one before `from` is the latest
        // starting before it, and every run starting in `from…through + 1` touches.
        try db.cachedStatement(sql: "DELETE FROM water_streak WHERE user = ? AND firstDay BETWEEN ? AND ?")
            .execute(arguments: [user, min(touching.first?.first ?? from, from), through + 1])
        let insert = try db.cachedStatement(sql: "INSERT INTO water_streak (user, firstDay, lastDay, days) VALUES (?, ?, ?, ?)")
        for run in StreakRuns.merged(runs) {
            try insert.execute(arguments: [user, run.first, run.last, run.days])
        }
    }

    /// The days (ordinals) whose goal a change effective on `day` decides: from it up to the
    /// next goal change, or the user's last day with water; nil when there are none.
    static func goalSpan(_ db: Database, user: String, from day: String) throws -> (first: Int, last: Int)? {
        guard let from = LocalDay(day)?.ordinal else { return nil }
        let next = try String.fetchOne(
            db, cached: "SELECT effectiveDay FROM goal_change WHERE user = ? AND effectiveDay > ? ORDER BY effectiveDay LIMIT 1",
            arguments: [user, day])
        guard let through = try next.flatMap({ LocalDay($0)?.ordinal }).map({ $0 - 1 }) ?? lastWaterDay(db, user: user), from <= through else {
            return nil
        }
        return (from, through)
    }

    /// Re-judges every day the user has water on (after the goal history is erased).
    static func refreshAll(_ db: Database, user: String) throws {
        guard let first = try String.fetchOne(db, cached: "SELECT MIN(day) FROM water_day WHERE user = ?", arguments: [user])
            .flatMap({ LocalDay($0)?.ordinal }), let last = try lastWaterDay(db, user: user) else { return }
        try refresh(db, user: user, from: first, through: last)
    }

    static func eraseUser(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM water_streak WHERE user = ?", arguments: [user])
    }

    /// The current and longest streak as of `today` (see `Streaks.compute`).
    static func streaks(_ db: Database, user: String, today: Int) throws -> (current: Int, longest: Int) {
        let longestEnded = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT days FROM water_streak WHERE user = ? AND lastDay <= ? ORDER BY days DESC LIMIT 1"),
            arguments: [user, today]) ?? 0
        let latest = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT firstDay, lastDay FROM water_streak WHERE user = ? AND firstDay <= ? ORDER BY firstDay DESC LIMIT 1"),
            arguments: [user, today]
        ).map { StreakRuns.Run(first: $0[0], last: $0[1]) }
        return StreakRuns.streaks(longestEnded: longestEnded, latest: latest, today: today)
    }

    /// Every run, oldest first.
    static func runs(_ db: Database, user: String) throws -> [StreakRuns.Run] {
        try Row.fetchAll(db, cached: "SELECT firstDay, lastDay FROM water_streak WHERE user = ? ORDER BY firstDay", arguments: [user])
            .map { StreakRuns.Run(first: $0[0], last: $0[1]) }
    }

    /// The runs that overlap `from…through` or touch it (end the day before, start the day after).
    private static func touching(_ db: Database, user: String, from: Int, through: Int) throws -> [StreakRuns.Run] {
        var result: [StreakRuns.Run] = []
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT firstDay, lastDay FROM water_streak WHERE user = ? AND firstDay < ? ORDER BY firstDay DESC LIMIT 1"),
            arguments: [user, from]
        ), (row[1] as Int) >= from - 1 {
            result.append(.init(first: row[0], last: row[1]))
        }
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT firstDay, lastDay FROM water_streak WHERE user = ? AND firstDay BETWEEN ? AND ? ORDER BY firstDay"),
            arguments: [user, from, through + 1])
        while let row = try rows.next() {
            result.append(.init(first: row[0], last: row[1]))
        }
        return result
    }

    /// The days in `from…through` whose water reaches their goal, oldest first.
    private static func metDays(_ db: Database, user: String, from: Int, through: Int) throws -> [Int] {
        let timeline = try GoalStore.timeline(db, user: user, from: from, through: through)
        var met: [Int] = []
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, waterUl FROM water_day WHERE user = ? AND day BETWEEN ? AND ? AND waterUl > 0"),
            arguments: [user, LocalDay(ordinal: from).description, LocalDay(ordinal: through).description])
        while let row = try rows.next() {
            guard let ordinal = LocalDay(row[0])?.ordinal else { continue }
            if WaterMath.met(waterUl: row[1], goalMl: timeline.goal(onOrdinal: ordinal).goalMl) { met.append(ordinal) }
        }
        return met
    }

    private static func lastWaterDay(_ db: Database, user: String) throws -> Int? {
        try String.fetchOne(db, cached: "SELECT MAX(day) FROM water_day WHERE user = ?", arguments: [user]).flatMap({ LocalDay($0)?.ordinal })
    }
}
