import GRDB

/// Water per intake (so edits, deletes and replays are exact) and per (user, day).
enum WaterStore {
    /// Stores the intake as it is now, moving its water from the day it was on.
    static func upsert(_ db: Database, user: String, id: String, day: String, waterUl: Int64) throws {
        try remove(db, user: user, id: id)
        try db.execute(
            sql: "INSERT INTO intake_entry (user, id, day, waterUl) VALUES (?, ?, ?, ?)",
            arguments: [user, id, day, waterUl])
        try db.execute(sql: """
            INSERT INTO water_day (user, day, waterUl, intakes) VALUES (?, ?, ?, 1)
            ON CONFLICT (user, day) DO UPDATE SET waterUl = waterUl + excluded.waterUl, intakes = intakes + 1
            """, arguments: [user, day, waterUl])
    }

    /// Forgets the intake and takes its water off its day; nothing when it is unknown.
    static func remove(_ db: Database, user: String, id: String) throws {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT day, waterUl FROM intake_entry WHERE user = ? AND id = ?", arguments: [user, id]
        ) else { return }
        let day: String = row["day"]
        let water: Int64 = row["waterUl"]
        try db.execute(sql: "DELETE FROM intake_entry WHERE user = ? AND id = ?", arguments: [user, id])
        try db.execute(
            sql: "UPDATE water_day SET waterUl = MAX(waterUl - ?, 0), intakes = intakes - 1 WHERE user = ? AND day = ?",
            arguments: [water, user, day])
        try db.execute(sql: "DELETE FROM water_day WHERE user = ? AND day = ? AND intakes <= 0", arguments: [user, day])
    }

    static func eraseUser(_ db: Database, user: String) throws {
        try db.execute(sql: "DELETE FROM intake_entry WHERE user = ?", arguments: [user])
        try db.execute(sql: "DELETE FROM water_day WHERE user = ?", arguments: [user])
    }

    static func dayTotal(_ db: Database, user: String, day: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT waterUl FROM water_day WHERE user = ? AND day = ?", arguments: [user, day]) ?? 0
    }

    /// Every day with water up to `through`, as (day, microlitres).
    static func days(_ db: Database, user: String, through: String) throws -> [(day: String, waterUl: Int64)] {
        var result: [(String, Int64)] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT day, waterUl FROM water_day WHERE user = ? AND day <= ? AND waterUl > 0 ORDER BY day",
            arguments: [user, through])
        while let row = try rows.next() {
            result.append((row["day"], row["waterUl"]))
        }
        return result
    }
}
