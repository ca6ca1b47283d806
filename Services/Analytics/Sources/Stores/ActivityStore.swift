import GRDB
import QuenchRuntime

/// Daily step and walking+running distance totals per (user, day), replaced as
/// health-ingest announces each day's de-duplicated total.
enum ActivityStore {
    static func setSteps(_ db: Database, user: String, day: String, steps: Int64) throws {
        try db.execute(cached: """
            INSERT INTO steps_day (user, day, steps) VALUES (?, ?, ?)
            ON CONFLICT (user, day) DO UPDATE SET steps = excluded.steps
            """, arguments: [user, day, steps])
    }

    static func setDistance(_ db: Database, user: String, day: String, meters: Double) throws {
        try db.execute(cached: """
            INSERT INTO distance_day (user, day, meters) VALUES (?, ?, ?)
            ON CONFLICT (user, day) DO UPDATE SET meters = excluded.meters
            """, arguments: [user, day, meters])
    }

    static func deleteSteps(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM steps_day WHERE user = ?", arguments: [user])
    }

    static func deleteDistance(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM distance_day WHERE user = ?", arguments: [user])
    }

    static func steps(_ db: Database, user: String, from: String, to: String) throws -> [String: Int64] {
        var result: [String: Int64] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, steps FROM steps_day WHERE user = ? AND day BETWEEN ? AND ?"), arguments: [user, from, to])
        while let row = try rows.next() {
            result[row[0]] = row[1] as Int64
        }
        return result
    }

    static func distance(_ db: Database, user: String, from: String, to: String) throws -> [String: Double] {
        var result: [String: Double] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, meters FROM distance_day WHERE user = ? AND day BETWEEN ? AND ?"), arguments: [user, from, to])
        while let row = try rows.next() {
            result[row[0]] = row[1] as Double
        }
        return result
    }
}
