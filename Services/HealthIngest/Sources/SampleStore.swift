import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// SQL over `sample`, `source` and `device`. Inserts go through ``Inserter``: one cached
/// prepared statement and `ON CONFLICT DO NOTHING`, so a duplicate costs one index probe.
enum SampleStore {
    static let columns = """
        s.seq, s.identity, s.type, s.value, s.unit, s.normalized, s.start, s."end", s.day,
        src.name AS source, d.description AS device, s.exercise, s.sets, s.reps
        """
    static let joins = "FROM sample s JOIN source src ON src.id = s.sourceId LEFT JOIN device d ON d.id = s.deviceId"

    /// Source and device ids of one user, resolved once per request.
    struct Names {
        let user: String
        private var sources: [String: Int64] = [:]
        private var devices: [String: Int64] = [:]

        init(user: String) {
            self.user = user
        }

        mutating func source(_ db: Database, _ name: String) throws -> Int64 {
            if let id = sources[name] { return id }
            let id = try Self.resolve(db, table: "source", column: "name", user: user, value: name)
            sources[name] = id
            return id
        }

        mutating func device(_ db: Database, _ description: String?) throws -> Int64? {
            guard let description, !description.isEmpty else { return nil }
            if let id = devices[description] { return id }
            let id = try Self.resolve(db, table: "device", column: "description", user: user, value: description)
            devices[description] = id
            return id
        }

        private static func resolve(_ db: Database, table: String, column: String, user: String, value: String) throws -> Int64 {
            if let id = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM \(table) WHERE user = ? AND \(column) = ?"), arguments: [user, value]) {
                return id
            }
            try db.execute(sql: "INSERT INTO \(table) (user, \(column)) VALUES (?, ?)", arguments: [user, value])
            return db.lastInsertedRowID
        }
    }

    static func record(_ row: Row) -> SampleRecord {
        SampleRecord(
            sampleId: SampleIdentity.hex(row["identity"]), seq: row["seq"], type: row["type"], value: row["value"],
            unit: row["unit"], normalizedValue: row["normalized"], start: Date(timeIntervalSince1970: row["start"]),
            end: Date(timeIntervalSince1970: row["end"]), day: row["day"], source: row["source"], device: row["device"],
            exercise: row["exercise"], sets: row["sets"], reps: row["reps"])
    }

    static func find(_ db: Database, user: String, _ sample: ValidSample) throws -> SampleRecord? {
        try Row.fetchOne(
            db, sql: "SELECT \(columns) \(joins) WHERE s.user = ? AND s.type = ? AND s.start = ? AND s.identity = ?",
            arguments: [user, sample.type.rawValue, sample.start.timeIntervalSince1970, sample.identity]
        ).map(record)
    }

    static func latest(_ db: Database, user: String, type: SampleType) throws -> SampleRecord? {
        try Row.fetchOne(
            db, sql: "SELECT \(columns) \(joins) WHERE s.user = ? AND s.type = ? ORDER BY s.start DESC, s.seq DESC LIMIT 1",
            arguments: [user, type.rawValue]
        ).map(record)
    }

    /// Samples with `seq > anchor` of the given types, oldest first.
    static func changes(_ db: Database, user: String, types: [SampleType], after anchor: Int64, limit: Int) throws -> [SampleRecord] {
        guard !types.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var arguments: StatementArguments = [user, anchor]
        arguments += StatementArguments(types.map(\.rawValue))
        arguments += [limit]
        return try Row.fetchAll(
            db, sql: "SELECT \(columns) \(joins) WHERE s.user = ? AND s.seq > ? AND s.type IN (\(marks)) ORDER BY s.seq LIMIT ?",
            arguments: arguments
        ).map(record)
    }

    /// Per-source sums of a cumulative type on one day: source name → total.
    static func sourceSums(_ db: Database, user: String, type: SampleType, day: String) throws -> [(source: String, total: Double)] {
        let statement = try db.cachedStatement(sql: """
            SELECT src.name AS name, SUM(s.normalized) AS total FROM sample s JOIN source src ON src.id = s.sourceId
            WHERE s.user = ? AND s.type = ? AND s.day = ? GROUP BY s.sourceId
            """)
        return try Row.fetchAll(statement, arguments: [user, type.rawValue, day]).map { ($0["name"], $0["total"]) }
    }

    /// Days with samples of `type`.
    static func days(_ db: Database, user: String, type: SampleType) throws -> [String] {
        try String.fetchAll(db, cached: "SELECT DISTINCT day FROM sample WHERE user = ? AND type = ? ORDER BY day", arguments: [user, type.rawValue])
    }

    /// Count, min, max, average and latest normalised value per day of a discrete type.
    static func discreteDays(_ db: Database, user: String, type: SampleType, from: String, to: String) throws -> [String: DiscreteDay] {
        var result: [String: DiscreteDay] = [:]
        let rows = try Row.fetchCursor(db, cached: """
            SELECT day, COUNT(*) AS n, MIN(normalized) AS lo, MAX(normalized) AS hi, AVG(normalized) AS mean,
                   (SELECT normalized FROM sample l WHERE l.user = s.user AND l.type = s.type AND l.day = s.day
                    ORDER BY l.start DESC, l.seq DESC LIMIT 1) AS latest
            FROM sample s WHERE user = ? AND type = ? AND day BETWEEN ? AND ? GROUP BY day
            """, arguments: [user, type.rawValue, from, to])
        while let row = try rows.next() {
            result[row["day"]] = DiscreteDay(count: row["n"], min: row["lo"], max: row["hi"], average: row["mean"], latest: row["latest"])
        }
        return result
    }

    static func count(_ db: Database, user: String, type: SampleType) throws -> Int {
        try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM sample WHERE user = ? AND type = ?", arguments: [user, type.rawValue]) ?? 0
    }

    static func delete(_ db: Database, user: String, type: SampleType) throws -> Int {
        try db.execute(cached: "DELETE FROM sample WHERE user = ? AND type = ?", arguments: [user, type.rawValue])
        return db.changesCount
    }

    static func deleteAll(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM sample WHERE user = ?", arguments: [user])
        let count = db.changesCount
        try db.execute(cached: "DELETE FROM source WHERE user = ?", arguments: [user])
        try db.execute(cached: "DELETE FROM device WHERE user = ?", arguments: [user])
        return count
    }
}

/// One day of a discrete type.
struct DiscreteDay {
    var count: Int
    var min: Double
    var max: Double
    var average: Double
    var latest: Double
}
