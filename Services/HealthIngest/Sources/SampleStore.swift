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

    /// How far a sample's start can lie from its local day's UTC midnight: a day is taken in
    /// the zone of the request that stored the sample, and no zone is further than 26 hours
    /// from UTC (today's span is −12 to +14 hours; old local mean times reached ±16).
    static let daySpanMargin: Double = 26 * 3600

    /// The starts a sample stored on a local day `from`…`to` can have, in any time zone: day
    /// queries scan the sample key `(user, type, start)` over this span and keep the rows of
    /// their days, so `sample` needs no index on `day`.
    static func startSpan(from: String, to: String) -> (lower: Double, upper: Double) {
        guard let first = LocalDay(from), let last = LocalDay(to) else { return (0, 0) }
        return (Double(first.ordinal) * 86_400 - daySpanMargin, Double(last.ordinal + 1) * 86_400 + daySpanMargin)
    }

    /// Per-source sums of a cumulative type on each of `days`: day → (source name, total).
    /// Days close together (at most 3 apart, 62 in all) are read in one scan of the sample key
    /// over their span, so a batch's dozen touched days cost one scan, not a dozen.
    static func sourceSums(_ db: Database, user: String, type: SampleType, days: some Sequence<String>) throws -> [String: [(source: String, total: Double)]] {
        let wanted = Set(days)
        let sorted = wanted.compactMap(LocalDay.init).sorted()
        var result: [String: [(source: String, total: Double)]] = [:]
        let statement = try db.cachedStatement(sql: """
            SELECT s.day AS day, src.name AS name, SUM(s.normalized) AS total FROM sample s JOIN source src ON src.id = s.sourceId
            WHERE s.user = ? AND s.type = ? AND s.start >= ? AND s.start < ? AND s.day BETWEEN ? AND ? GROUP BY s.day, s.sourceId
            """)
        var first = 0
        while first < sorted.count {
            var last = first
            while last + 1 < sorted.count, sorted[last + 1].ordinal - sorted[last].ordinal <= 3,
                  sorted[last + 1].ordinal - sorted[first].ordinal < 62 {
                last += 1
            }
            let from = sorted[first].description, to = sorted[last].description
            let span = startSpan(from: from, to: to)
            let rows = try Row.fetchCursor(statement, arguments: [user, type.rawValue, span.lower, span.upper, from, to])
            while let row = try rows.next() {
                let day: String = row["day"]
                guard wanted.contains(day) else { continue }
                result[day, default: []].append((row["name"], row["total"]))
            }
            first = last + 1
        }
        return result
    }

    /// Days with samples of `type`.
    static func days(_ db: Database, user: String, type: SampleType) throws -> [String] {
        try String.fetchAll(db, cached: "SELECT DISTINCT day FROM sample WHERE user = ? AND type = ? ORDER BY day", arguments: [user, type.rawValue])
    }

    /// Count, min, max, average and latest normalised value per day of a discrete type.
    static func discreteDays(_ db: Database, user: String, type: SampleType, from: String, to: String) throws -> [String: DiscreteDay] {
        struct Running {
            var count = 0, sum = 0.0, min = Double.infinity, max = -Double.infinity
            var latest = 0.0, latestKey: (start: Double, seq: Int64) = (-.infinity, .min)
        }
        var running: [String: Running] = [:]
        let span = startSpan(from: from, to: to)
        let rows = try Row.fetchCursor(db, cached: """
            SELECT day, normalized, start, seq FROM sample
            WHERE user = ? AND type = ? AND start >= ? AND start < ? AND day BETWEEN ? AND ?
            """, arguments: [user, type.rawValue, span.lower, span.upper, from, to])
        while let row = try rows.next() {
            let value: Double = row[1]
            let key: (start: Double, seq: Int64) = (row[2], row[3])
            var day = running[row[0], default: Running()]
            day.count += 1
            day.sum += value
            day.min = Swift.min(day.min, value)
            day.max = Swift.max(day.max, value)
            // The latest is the last start; among equal starts, the one stored last.
            if key > day.latestKey {
                day.latest = value
                day.latestKey = key
            }
            running[row[0]] = day
        }
        return running.mapValues {
            DiscreteDay(count: $0.count, min: $0.min, max: $0.max, average: $0.sum / Double($0.count), latest: $0.latest)
        }
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
