import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// SQL over `sample`, `day_source_sum`, `source`, `device` and `user_key`. Inserts go through
/// ``Inserter``: one cached prepared statement and `ON CONFLICT DO NOTHING`, so a duplicate
/// costs one index probe.
enum SampleStore {
    static let columns = """
        \(SampleKey.seqSQL("s.key")) AS seq, s.identity, s.type, s.value, s.unit, s.normalized, s.start, s."end", s.day,
        src.name AS source, d.description AS device, s.exercise, s.sets, s.reps
        """
    static let joins = "FROM sample s JOIN source src ON src.id = s.sourceId LEFT JOIN device d ON d.id = s.deviceId"

    /// The user's key in `sample` and `day_source_sum`, nil for a user who never stored a sample.
    static func userKey(_ db: Database, _ user: String) throws -> Int64? {
        try Int64.fetchOne(db, cached: "SELECT id FROM user_key WHERE user = ?", arguments: [user])
    }

    /// The user's key, made on first use; `resource_exhausted` past ``SampleKey/userLimit``
    /// (the row ids would no longer hold it), with nothing written.
    static func makeUserKey(_ db: Database, _ user: String) throws -> Int64 {
        if let key = try userKey(db, user) { return key }
        let next = (try Int64.fetchOne(db, cached: "SELECT MAX(id) FROM user_key") ?? 0) + 1
        guard next < SampleKey.userLimit else {
            throw QuenchError(.resourceExhausted, "health-ingest holds samples of \(SampleKey.userLimit - 1) users, its most")
        }
        try db.execute(cached: "INSERT INTO user_key (id, user) VALUES (?, ?)", arguments: [next, user])
        return next
    }

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

    static func record(_ row: Row) throws -> SampleRecord {
        let code: Int64 = row["type"]
        return SampleRecord(
            sampleId: SampleIdentity.hex(row["identity"]), seq: row["seq"], type: SampleType(code: code)?.rawValue ?? "\(code)",
            value: row["value"], unit: row["unit"], normalizedValue: row["normalized"],
            start: Date(timeIntervalSince1970: row["start"]), end: Date(timeIntervalSince1970: row["end"]), day: try LocalDay(stored: row["day"]),
            source: row["source"], device: row["device"], exercise: row["exercise"], sets: row["sets"], reps: row["reps"])
    }

    static func find(_ db: Database, user: String, _ sample: ValidSample) throws -> SampleRecord? {
        guard let key = try userKey(db, user) else { return nil }
        return try Row.fetchOne(
            db, sql: "SELECT \(columns) \(joins) WHERE s.userKey = ? AND s.type = ? AND s.start = ? AND s.identity = ?",
            arguments: [key, sample.type.code, sample.start.timeIntervalSince1970, sample.identity]
        ).map(record)
    }

    static func latest(_ db: Database, user: String, type: SampleType) throws -> SampleRecord? {
        guard let key = try userKey(db, user) else { return nil }
        return try Row.fetchOne(
            db, sql: "SELECT \(columns) \(joins) WHERE s.userKey = ? AND s.type = ? ORDER BY s.start DESC, s.key DESC LIMIT 1",
            arguments: [key, type.code]
        ).map(record)
    }

    /// Samples with `seq > anchor` of the given types, oldest first: one range of the user's
    /// row ids (``SampleKey``).
    static func changes(_ db: Database, user: String, types: [SampleType], after anchor: Int64, limit: Int) throws -> [SampleRecord] {
        guard !types.isEmpty, anchor < SampleKey.seqLimit - 1, let key = try userKey(db, user) else { return [] }
        let range = SampleKey.range(user: key, after: anchor)
        let marks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var arguments: StatementArguments = [range.lower, range.upper]
        arguments += StatementArguments(types.map(\.code))
        arguments += [limit]
        return try Row.fetchAll(
            db, sql: "SELECT \(columns) \(joins) WHERE s.key > ? AND s.key < ? AND s.type IN (\(marks)) ORDER BY s.key LIMIT ?",
            arguments: arguments
        ).map(record)
    }

    /// How far a sample's start can lie from its local day's UTC midnight: a day is taken in
    /// the zone of the request that stored the sample, and no zone is further than 26 hours
    /// from UTC (today's span is −12 to +14 hours; old local mean times reached ±16).
    static let daySpanMargin: Double = 26 * 3600

    /// The starts a sample stored on a local day `from`…`to` can have, in any time zone: day
    /// queries of a discrete type scan the identity key `(user, type, start)` over this span
    /// and keep the rows of their days, so `sample` needs no index on `day`.
    static func startSpan(from: String, to: String) -> (lower: Double, upper: Double) {
        guard let first = LocalDay(from), let last = LocalDay(to) else { return (0, 0) }
        return (Double(first.ordinal) * 86_400 - daySpanMargin, Double(last.ordinal + 1) * 86_400 + daySpanMargin)
    }

    /// Adds stored samples of a cumulative type to their day's per-source sum.
    static func addToDaySum(_ db: Database, userKey: Int64, type: SampleType, day: String, sourceId: Int64, total: Double, count: Int) throws {
        try db.cachedStatement(sql: """
            INSERT INTO day_source_sum (userKey, type, day, sourceId, total, count) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (userKey, type, day, sourceId) DO UPDATE SET total = total + excluded.total, count = count + excluded.count
            """).execute(arguments: [userKey, type.code, day, sourceId, total, count])
    }

    /// Per-source sums of a cumulative type on each of `days`: day → (source name, total, count).
    static func sourceSums(_ db: Database, user: String, type: SampleType, days: some Sequence<String>) throws -> [String: [(source: String, total: Double, count: Int)]] {
        guard let key = try userKey(db, user) else { return [:] }
        let statement = try db.cachedStatement(sql: """
            SELECT src.name, d.total, d.count FROM day_source_sum d JOIN source src ON src.id = d.sourceId
            WHERE d.userKey = ? AND d.type = ? AND d.day = ?
            """)
        var result: [String: [(source: String, total: Double, count: Int)]] = [:]
        for day in Set(days) {
            let rows = try Row.fetchCursor(statement, arguments: [key, type.code, day])
            while let row = try rows.next() {
                result[day, default: []].append((row[0], row[1], row[2]))
            }
        }
        return result
    }

    /// Per-source sums of a cumulative type on the days `from`…`to`, in one scan of their key.
    static func sourceSums(_ db: Database, user: String, type: SampleType, from: String, to: String) throws -> [String: [(source: String, total: Double, count: Int)]] {
        guard let key = try userKey(db, user) else { return [:] }
        var result: [String: [(source: String, total: Double, count: Int)]] = [:]
        let rows = try Row.fetchCursor(db, cached: """
            SELECT d.day, src.name, d.total, d.count FROM day_source_sum d JOIN source src ON src.id = d.sourceId
            WHERE d.userKey = ? AND d.type = ? AND d.day BETWEEN ? AND ?
            """, arguments: [key, type.code, from, to])
        while let row = try rows.next() {
            result[row[0], default: []].append((row[1], row[2], row[3]))
        }
        return result
    }

    /// The samples of a cumulative type on one local day (start, end, normalised value,
    /// source name), for the merge in time: one scan of the identity key over the day's span
    /// for the samples that start on it, and `sample_day_part` for those that started on an
    /// earlier day and run past midnight into it. Each is cut to its piece of the day
    /// (``DaySplit``, at the sample's own offset). Rows are read in place (`DirectStatement`),
    /// each source's name once.
    static func daySamples(_ db: Database, user: String, type: SampleType, day: String) throws -> [DayTotals.Piece] {
        guard let key = try userKey(db, user), let local = LocalDay(day) else { return [] }
        // A start on local day D lies within 18 hours of D's UTC bounds: a sample's own offset
        // is at most ±18 h (``SampleRules/maxUTCOffset``), a zone's since 2000 −12 to +14 h.
        let margin = Double(SampleRules.maxUTCOffset)
        let span = (lower: Double(local.ordinal) * 86_400 - margin, upper: Double(local.ordinal + 1) * 86_400 + margin)
        var result: [DayTotals.Piece] = []
        var names: [Int64: String] = [:]
        func add(_ rows: DirectStatement) throws {
            defer { rows.finish() }
            while try rows.step() {
                let sourceId = rows.int64(0)
                let name: String
                if let known = names[sourceId] {
                    name = known
                } else {
                    name = rows.text(1)
                    names[sourceId] = name
                }
                let offset = rows.isNull(5) ? nil : Int(rows.int64(5))
                if let piece = DaySplit.piece(on: local.ordinal, start: rows.double(2), end: rows.double(3), offset: offset, value: rows.double(4)) {
                    result.append((name, piece.start, piece.end, piece.value))
                }
            }
        }
        let starting = try DirectStatement(db, sql: """
            SELECT s.sourceId, src.name, s.start, s."end", s.normalized, s.utcOffset FROM sample s JOIN source src ON src.id = s.sourceId
            WHERE s.userKey = ? AND s.type = ? AND s.start >= ? AND s.start < ? AND s.day = ?
            """)
        starting.bind(1, key)
        starting.bind(2, type.code)
        starting.bind(3, span.lower)
        starting.bind(4, span.upper)
        starting.bind(5, day)
        try add(starting)
        let crossing = try DirectStatement(db, sql: """
            SELECT s.sourceId, src.name, s.start, s."end", s.normalized, s.utcOffset FROM sample_day_part p
            JOIN sample s ON s.key = p.key JOIN source src ON src.id = s.sourceId
            WHERE p.userKey = ? AND p.type = ? AND p.day = ?
            """)
        crossing.bind(1, key)
        crossing.bind(2, type.code)
        crossing.bind(3, day)
        try add(crossing)
        return result
    }

    /// Notes that the sample with row id `key` covers `day` besides its start's day.
    static func addDayPart(_ db: Database, userKey: Int64, type: SampleType, day: String, key: Int64) throws {
        try db.execute(
            cached: "INSERT OR IGNORE INTO sample_day_part (userKey, type, day, key) VALUES (?, ?, ?, ?)",
            arguments: [userKey, type.code, day, key])
    }

    /// The day's total of `type` over all its sources before any merge (what ``ValueRules``'
    /// daily bound limits): the sum of its day sums; and how many sources have a sum that day
    /// (0: no sample of `type` is stored on the day, not even a piece of one).
    static func rawDayTotal(_ db: Database, userKey: Int64, type: SampleType, day: String) throws -> (total: Double, sources: Int) {
        let query = try DirectStatement(
            db, sql: "SELECT COALESCE(SUM(total), 0), COUNT(*) FROM day_source_sum WHERE userKey = ? AND type = ? AND day = ?")
        query.bind(1, userKey)
        query.bind(2, type.code)
        query.bind(3, day)
        defer { query.finish() }
        guard try query.step() else { return (0, 0) }
        return (query.double(0), Int(query.int64(1)))
    }

    /// The names of the sources of the user's steps and distance, with each one's sample count.
    static func cumulativeSources(_ db: Database, user: String) throws -> [(name: String, count: Int)] {
        guard let key = try userKey(db, user) else { return [] }
        return try Row.fetchAll(db, cached: """
            SELECT src.name, SUM(d.count) FROM day_source_sum d JOIN source src ON src.id = d.sourceId
            WHERE d.userKey = ? AND d.type IN (?, ?) GROUP BY src.name ORDER BY src.name
            """, arguments: [key, SampleType.steps.code, SampleType.distance.code]).map { ($0[0], $0[1]) }
    }

    /// Days with samples of `type`: from the day sums for a cumulative type, from the samples
    /// for a discrete one.
    static func days(_ db: Database, user: String, type: SampleType) throws -> [String] {
        guard let key = try userKey(db, user) else { return [] }
        let table = type.isCumulative ? "day_source_sum" : "sample"
        return try String.fetchAll(
            db, cached: "SELECT DISTINCT day FROM \(table) WHERE userKey = ? AND type = ? ORDER BY day", arguments: [key, type.code])
    }

    /// Count, min, max, average and latest normalised value per day of a discrete type.
    static func discreteDays(_ db: Database, user: String, type: SampleType, from: String, to: String) throws -> [String: DiscreteDay] {
        struct Running {
            var count = 0, sum = 0.0, min = Double.infinity, max = -Double.infinity
            var latest = 0.0, latestKey: (start: Double, key: Int64) = (-.infinity, .min)
        }
        guard let key = try userKey(db, user) else { return [:] }
        var running: [String: Running] = [:]
        let span = startSpan(from: from, to: to)
        let rows = try Row.fetchCursor(db, cached: """
            SELECT day, normalized, start, key FROM sample
            WHERE userKey = ? AND type = ? AND start >= ? AND start < ? AND day BETWEEN ? AND ?
            """, arguments: [key, type.code, span.lower, span.upper, from, to])
        while let row = try rows.next() {
            let value: Double = row[1]
            let key: (start: Double, key: Int64) = (row[2], row[3])
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
        guard let key = try userKey(db, user) else { return 0 }
        return try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM sample WHERE userKey = ? AND type = ?", arguments: [key, type.code]) ?? 0
    }

    /// Deletes the user's samples of `type` and their day sums.
    static func delete(_ db: Database, user: String, type: SampleType) throws -> Int {
        guard let key = try userKey(db, user) else { return 0 }
        let range = SampleKey.range(user: key, after: 0)
        try db.execute(cached: "DELETE FROM sample WHERE key > ? AND key < ? AND type = ?", arguments: [range.lower, range.upper, type.code])
        let count = db.changesCount
        try db.execute(cached: "DELETE FROM day_source_sum WHERE userKey = ? AND type = ?", arguments: [key, type.code])
        try db.execute(cached: "DELETE FROM sample_day_part WHERE userKey = ? AND type = ?", arguments: [key, type.code])
        return count
    }

    /// Deletes everything of the user's in these tables, their key included.
    static func deleteAll(_ db: Database, user: String) throws -> Int {
        var count = 0
        if let key = try userKey(db, user) {
            let range = SampleKey.range(user: key, after: 0)
            try db.execute(cached: "DELETE FROM sample WHERE key > ? AND key < ?", arguments: [range.lower, range.upper])
            count = db.changesCount
            try db.execute(cached: "DELETE FROM day_source_sum WHERE userKey = ?", arguments: [key])
            try db.execute(cached: "DELETE FROM sample_day_part WHERE userKey = ?", arguments: [key])
            try db.execute(cached: "DELETE FROM user_key WHERE id = ?", arguments: [key])
        }
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
