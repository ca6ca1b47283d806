import GRDB
import QuenchRuntime
import QuenchProtocol

/// Water per intake (so edits, deletes and replays are exact) and per (user, day); every
/// change of a day's total lists that day for re-judging its streak (`StreakBacklog`).
enum WaterStore {
    /// Stores the intake as it is now, moving its water from the day it was on.
    static func upsert(_ db: Database, user: String, id: String, day: String, waterUl: Int64, streaks: inout StreakBacklog) throws {
        // Once per intake event (an import sends tens of thousands): statements bound in place.
        let previousDay = try take(db, user: user, id: id)
        let entry = try DirectStatement(db, sql: "INSERT INTO intake_entry (user, id, day, waterUl) VALUES (?, ?, ?, ?)")
        entry.bind(1, user)
        entry.bind(2, id)
        entry.bind(3, day)
        entry.bind(4, waterUl)
        try entry.run()
        try addToDay(db, user: user, day: day, waterUl: waterUl, intakes: 1)
        if let previousDay, previousDay != day { streaks.water(user: user, day: previousDay) }
        streaks.water(user: user, day: day)
    }

    /// Stores a batch of one user's intakes (`intake.batch-logged`): each new one with one
    /// insert, and each day's total changed once for the batch instead of once per intake. An
    /// intake already known (a replay, or one made twice) goes through ``upsert``, after the
    /// batch's totals so far are written, so it is moved exactly as on its own.
    static func upsertMany(
        _ db: Database, user: String, _ entries: [(id: String, day: String, waterUl: Int64)], streaks: inout StreakBacklog
    ) throws {
        var pending: [String: (waterUl: Int64, intakes: Int64)] = [:]
        var order: [String] = []
        func flush() throws {
            for day in order {
                guard let sum = pending[day] else { continue }
                try addToDay(db, user: user, day: day, waterUl: sum.waterUl, intakes: sum.intakes)
                streaks.water(user: user, day: day)
            }
            pending = [:]
            order = []
        }
        for entry in entries {
            let insert = try DirectStatement(db, sql: """
                INSERT INTO intake_entry (user, id, day, waterUl) VALUES (?, ?, ?, ?) ON CONFLICT (user, id) DO NOTHING
                """)
            insert.bind(1, user)
            insert.bind(2, entry.id)
            insert.bind(3, entry.day)
            insert.bind(4, entry.waterUl)
            try insert.run()
            if db.changesCount == 1 {
                if pending[entry.day] == nil { order.append(entry.day) }
                pending[entry.day, default: (0, 0)].waterUl += entry.waterUl
                pending[entry.day, default: (0, 0)].intakes += 1
            } else {
                try flush()
                try upsert(db, user: user, id: entry.id, day: entry.day, waterUl: entry.waterUl, streaks: &streaks)
            }
        }
        try flush()
    }

    /// Adds `waterUl` of `intakes` intakes to the user's day total (made if missing).
    private static func addToDay(_ db: Database, user: String, day: String, waterUl: Int64, intakes: Int64) throws {
        let total = try DirectStatement(db, sql: """
            INSERT INTO water_day (user, day, waterUl, intakes) VALUES (?, ?, ?, ?)
            ON CONFLICT (user, day) DO UPDATE SET waterUl = waterUl + excluded.waterUl, intakes = intakes + excluded.intakes
            """)
        total.bind(1, user)
        total.bind(2, day)
        total.bind(3, waterUl)
        total.bind(4, intakes)
        try total.run()
    }

    /// Forgets the intake and takes its water off its day; nothing when it is unknown.
    static func remove(_ db: Database, user: String, id: String, streaks: inout StreakBacklog) throws {
        if let day = try take(db, user: user, id: id) { streaks.water(user: user, day: day) }
    }

    static func eraseUser(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM intake_entry WHERE user = ?", arguments: [user])
        try db.execute(cached: "DELETE FROM water_day WHERE user = ?", arguments: [user])
        try StreakStore.eraseUser(db, user: user)
    }

    static func dayTotal(_ db: Database, user: String, day: String) throws -> Int64 {
        try Int64.fetchOne(db, cached: "SELECT waterUl FROM water_day WHERE user = ? AND day = ?", arguments: [user, day]) ?? 0
    }

    /// Every day with water up to `through`, as (day, microlitres).
    static func days(_ db: Database, user: String, through: String) throws -> [(day: String, waterUl: Int64)] {
        var result: [(day: String, waterUl: Int64)] = []
        let rows = try Row.fetchCursor(
            db, cached: "SELECT day, waterUl FROM water_day WHERE user = ? AND day <= ? AND waterUl > 0 ORDER BY day",
            arguments: [user, through])
        while let row = try rows.next() {
            result.append((day: row["day"], waterUl: row["waterUl"]))
        }
        return result
    }

    /// The days `from…through` (ordinals) with water, as (day ordinal, microlitres), oldest
    /// first. SQLite turns each day into its ordinal (`julianday` of 1970-01-01 is 2440587.5,
    /// both calendars proleptic Gregorian), so no row builds a `String`; the rows are read in
    /// place (`DirectStatement`), not through GRDB's `Row`, which was a third of a ten-year
    /// history's time.
    static func days(_ db: Database, user: String, from: Int, through: Int) throws -> [(day: Int, waterUl: Int64)] {
        var result: [(day: Int, waterUl: Int64)] = []
        result.reserveCapacity(through - from + 1)
        let query = try DirectStatement(db, sql: """
            SELECT CAST(julianday(day) - 2440587.5 AS INTEGER), waterUl FROM water_day
            WHERE user = ? AND day BETWEEN ? AND ? AND waterUl > 0 ORDER BY day
            """)
        query.bind(1, user)
        query.bind(2, LocalDay(ordinal: from).description)
        query.bind(3, LocalDay(ordinal: through).description)
        defer { query.finish() }
        while try query.step() {
            result.append((day: Int(query.int64(0)), waterUl: query.int64(1)))
        }
        return result
    }

    /// Forgets the intake and takes its water off its day; returns that day, nil when unknown.
    private static func take(_ db: Database, user: String, id: String) throws -> String? {
        let find = try DirectStatement(db, sql: "SELECT day, waterUl FROM intake_entry WHERE user = ? AND id = ?")
        find.bind(1, user)
        find.bind(2, id)
        guard try find.step() else {
            find.finish()
            return nil
        }
        let day = find.text(0)
        let water = find.int64(1)
        find.finish()
        try db.cachedStatement(sql: "DELETE FROM intake_entry WHERE user = ? AND id = ?").execute(arguments: [user, id])
        try db.cachedStatement(sql: "UPDATE water_day SET waterUl = MAX(waterUl - ?, 0), intakes = intakes - 1 WHERE user = ? AND day = ?")
            .execute(arguments: [water, user, day])
        try db.cachedStatement(sql: "DELETE FROM water_day WHERE user = ? AND day = ? AND intakes <= 0").execute(arguments: [user, day])
        return day
    }
}
