import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import Testing

@Suite("Sample storage: the keyed table, its seq counter, day sums and day spans")
struct SampleStoreTests {
    /// A v1 row: the columns the v1 insert named, seq from `AUTOINCREMENT`.
    static func insertV1(_ db: Database, type: String, start: Double, identity: Int64, value: Double, day: String) throws {
        try db.execute(sql: """
            INSERT INTO sample (user, type, identity, value, unit, normalized, start, "end", day, sourceId, deviceId, jobId, exercise, sets, reps, createdAt)
            VALUES ('ann', ?, ?, ?, 'count', ?, ?, ?, ?, 1, NULL, NULL, NULL, NULL, NULL, 0)
            """, arguments: [type, identity, value, value, start, start + 60, day])
    }

    /// A v2 row: the user as text, the seq a column.
    static func insertV2(_ db: Database, user: String, seq: Int64, type: String, start: Double, value: Double, day: String, source: Int64) throws {
        try db.execute(sql: """
            INSERT INTO sample (user, type, identity, seq, value, unit, normalized, start, "end", day, sourceId, createdAt)
            VALUES (?, ?, ?, ?, ?, 'count', ?, ?, ?, ?, ?, 0)
            """, arguments: [user, type, seq, seq, value, value, start, start, day, source])
    }

    /// A v3 row of ann's, added to its day sum as `SampleIngest` does for a cumulative type.
    static func insert(_ db: Database, seq: Int64, type: SampleType = .steps, start: Double, value: Double, day: String, source: Int64 = 1) throws {
        let user = try SampleStore.makeUserKey(db, "ann")
        try db.execute(sql: """
            INSERT INTO sample (key, userKey, type, identity, value, unit, normalized, start, "end", day, sourceId, createdAt)
            VALUES (?, ?, ?, ?, ?, 'count', ?, ?, ?, ?, ?, 0)
            """, arguments: [SampleKey.of(user: user, seq: seq), user, type.code, seq, value, value, start, start, day, source])
        if type.isCumulative {
            try SampleStore.addToDaySum(db, userKey: user, type: type, day: day, sourceId: source, total: value, count: 1)
        }
    }

    @Test("health.v2 keeps every v1 sample and its seq, and counts on past the highest seq ever handed out")
    func migration() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue, upTo: "health.v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO source (id, user, name) VALUES (1, 'ann', 'iPhone')")
            for index in 0..<5 {
                try Self.insertV1(db, type: "steps", start: 1_700_000_000 + Double(index) * 60, identity: Int64(index), value: 100, day: "2023-11-14")
            }
            // The newest two deleted (a revoke with delete): their seqs 4 and 5 must not come back.
            try db.execute(sql: "DELETE FROM sample WHERE seq > 3")
        }
        try HealthSchema.migrator.migrate(queue, upTo: "health.v2-clustered-sample")
        try queue.read { db in
            #expect(try Int64.fetchAll(db, sql: "SELECT seq FROM sample ORDER BY seq") == [1, 2, 3])
            #expect(try Int64.fetchOne(db, sql: "SELECT value FROM sequence_counter WHERE name = ?", arguments: [HealthSchema.sampleSeq]) == 5)
            #expect(try Int64.fetchAll(db, sql: "SELECT identity FROM sample ORDER BY start") == [0, 1, 2])
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' AND sql IS NOT NULL")
            #expect(indexes == ["sample_user_seq"])
        }
    }

    @Test("health.v3 keeps every v2 sample with its seq, keys users' rows apart and sums cumulative days per source")
    func keyedMigration() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue, upTo: "health.v2-clustered-sample")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO source (id, user, name) VALUES (1, 'ann', 'iPhone'), (2, 'ann', 'Watch'), (3, 'bob', 'iPhone')")
            try Self.insertV2(db, user: "ann", seq: 1, type: "steps", start: 1_700_000_000, value: 100, day: "2023-11-14", source: 1)
            try Self.insertV2(db, user: "bob", seq: 2, type: "steps", start: 1_700_000_010, value: 7, day: "2023-11-14", source: 3)
            try Self.insertV2(db, user: "ann", seq: 3, type: "steps", start: 1_700_000_020, value: 50, day: "2023-11-14", source: 1)
            try Self.insertV2(db, user: "ann", seq: 4, type: "steps", start: 1_700_000_030, value: 120, day: "2023-11-14", source: 2)
            try Self.insertV2(db, user: "ann", seq: 5, type: "body-mass", start: 1_700_000_040, value: 70, day: "2023-11-14", source: 1)
            try Self.insertV2(db, user: "ann", seq: 6, type: "distance", start: 1_700_086_400, value: 900, day: "2023-11-15", source: 2)
            try db.execute(sql: "UPDATE sequence_counter SET value = 8")
        }
        try HealthSchema.migrator.migrate(queue)
        try queue.read { db in
            let ann = try #require(try SampleStore.userKey(db, "ann"))
            let bob = try #require(try SampleStore.userKey(db, "bob"))
            #expect(ann != bob)
            let changes = try SampleStore.changes(db, user: "ann", types: SampleType.allCases, after: 0, limit: 10)
            #expect(changes.map(\.seq) == [1, 3, 4, 5, 6])
            #expect(changes.map(\.type) == ["steps", "steps", "steps", "body-mass", "distance"])
            #expect(changes.map(\.source) == ["iPhone", "iPhone", "Watch", "iPhone", "Watch"])
            #expect(try SampleStore.changes(db, user: "ann", types: [.steps], after: 3, limit: 10).map(\.seq) == [4])
            #expect(try SampleStore.changes(db, user: "bob", types: SampleType.allCases, after: 0, limit: 10).map(\.seq) == [2])
            #expect(try SampleStore.changes(db, user: "carol", types: SampleType.allCases, after: 0, limit: 10).isEmpty)
            #expect(try SampleStore.changes(db, user: "ann", types: SampleType.allCases, after: Int64.max, limit: 10).isEmpty)
            #expect(try Int64.fetchOne(db, sql: "SELECT value FROM sequence_counter WHERE name = ?", arguments: [HealthSchema.sampleSeq]) == 8)
            let sums = try SampleStore.sourceSums(db, user: "ann", type: .steps, days: ["2023-11-14"])
                .mapValues { $0.map { "\($0.source) \($0.total) \($0.count)" }.sorted() }
            #expect(sums == ["2023-11-14": ["Watch 120.0 1", "iPhone 150.0 2"]])
            #expect(try SampleStore.days(db, user: "ann", type: .distance) == ["2023-11-15"])
            // Body mass is discrete: no day sums.
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM day_source_sum WHERE type = ?", arguments: [SampleType.bodyMass.code]) == 0)
            #expect(try SampleStore.latest(db, user: "ann", type: .bodyMass)?.normalizedValue == 70)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' AND sql IS NOT NULL ORDER BY name")
            // The identity's alone: `import.undo` reads a job's samples in its range of row ids (health.import-job-keys).
            #expect(indexes == ["sample_identity"])
        }
        try queue.write { (db: Database) throws -> Void in
            #expect(try SampleStore.delete(db, user: "ann", type: .steps) == 3)
            #expect(try SampleStore.changes(db, user: "ann", types: SampleType.allCases, after: 0, limit: 10).map(\.seq) == [5, 6])
            #expect(try SampleStore.days(db, user: "ann", type: .steps).isEmpty)
            #expect(try SampleStore.deleteAll(db, user: "ann") == 2)
            #expect(try SampleStore.userKey(db, "ann") == nil)
            #expect(try SampleStore.changes(db, user: "bob", types: SampleType.allCases, after: 0, limit: 10).map(\.seq) == [2])
        }
    }

    @Test("user keys stop where the row ids could no longer hold them, and nothing is written")
    func userKeyLimit() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO user_key (id, user) VALUES (?, 'ann')", arguments: [SampleKey.userLimit - 2])
            let bob = try SampleStore.makeUserKey(db, "bob")
            #expect(bob == SampleKey.userLimit - 1)
            let range = SampleKey.range(user: bob, after: 0)
            #expect(range.lower > 0 && range.upper > range.lower)
            #expect(SampleKey.of(user: bob, seq: SampleKey.seqLimit - 1) < range.upper)
            #expect(throws: QuenchError.self) { try SampleStore.makeUserKey(db, "carol") }
            #expect(try SampleStore.userKey(db, "carol") == nil)
            #expect(try SampleStore.makeUserKey(db, "ann") == SampleKey.userLimit - 2)
        }
    }

    @Test("type codes are fixed and name every type once")
    func typeCodes() {
        #expect(SampleType.allCases.map(\.code) == [1, 2, 3, 4, 5, 6])
        for type in SampleType.allCases {
            #expect(SampleType(code: type.code) == type)
        }
        #expect(SampleType(code: 0) == nil)
        #expect(SampleKey.range(user: 2, after: 5) == (SampleKey.of(user: 2, seq: 5), SampleKey.of(user: 3, seq: 0)))
    }

    @Test("day queries find a day's samples stored in the zones furthest from UTC, and no other day's")
    func daySpans() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue)
        // 2024-03-10 in Pacific/Kiritimati (+14) starts at 2024-03-09 10:00 UTC; in Etc/GMT+12
        // (−12) it ends at 2024-03-11 11:59:59 UTC.
        let midnight = Double(LocalDay("2024-03-10")!.ordinal) * 86_400
        let earliest = midnight - 14 * 3600
        let latest = midnight + 36 * 3600 - 1
        try queue.write { db in
            try db.execute(sql: "INSERT INTO source (id, user, name) VALUES (1, 'ann', 'iPhone'), (2, 'ann', 'Watch')")
            try Self.insert(db, seq: 1, start: earliest, value: 10, day: "2024-03-10")
            try Self.insert(db, seq: 2, start: latest, value: 20, day: "2024-03-10")
            try Self.insert(db, seq: 3, start: midnight, value: 1000, day: "2024-03-10", source: 2)
            // The same instants on the neighbouring days in UTC: not the day's.
            try Self.insert(db, seq: 4, start: earliest + 1, value: 5, day: "2024-03-09")
            try Self.insert(db, seq: 5, start: latest - 1, value: 7, day: "2024-03-11")
            try Self.insert(db, seq: 10, start: Double(LocalDay("2024-06-01")!.ordinal) * 86_400 + 3600, value: 3, day: "2024-06-01")
            for (seq, start, value) in [(6, earliest, 70.0), (7, latest, 71.0), (8, midnight, 69.0), (9, latest + 10, 90.0)] {
                try Self.insert(db, seq: Int64(seq), type: .bodyMass, start: start, value: value, day: seq == 9 ? "2024-03-11" : "2024-03-10")
            }
        }
        try queue.read { db in
            func sums(_ days: [String]) throws -> [String: [String: Double]] {
                try SampleStore.sourceSums(db, user: "ann", type: .steps, days: days)
                    .mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.source, $0.total) }) }
            }
            #expect(try sums(["2024-03-10"]) == ["2024-03-10": ["iPhone": 30, "Watch": 1000]])
            #expect(try sums(["2024-03-09", "2024-03-11", "2024-03-10"]) == [
                "2024-03-09": ["iPhone": 5], "2024-03-10": ["iPhone": 30, "Watch": 1000], "2024-03-11": ["iPhone": 7],
            ])
            #expect(try sums(["2024-06-01", "2024-03-10", "2024-03-12"]) == ["2024-06-01": ["iPhone": 3], "2024-03-10": ["iPhone": 30, "Watch": 1000]])
            let range = try SampleStore.sourceSums(db, user: "ann", type: .steps, from: "2024-03-10", to: "2024-03-11")
            #expect(range.mapValues { $0.map(\.count).reduce(0, +) } == ["2024-03-10": 3, "2024-03-11": 1])
            let days = try SampleStore.discreteDays(db, user: "ann", type: .bodyMass, from: "2024-03-10", to: "2024-03-10")
            #expect(days.count == 1)
            let day = try #require(days["2024-03-10"])
            #expect(day.count == 3)
            #expect(day.min == 69 && day.max == 71 && day.average == 70)
            #expect(day.latest == 71)
            let both = try SampleStore.discreteDays(db, user: "ann", type: .bodyMass, from: "2024-03-10", to: "2024-03-11")
            #expect(both["2024-03-11"]?.latest == 90)
            #expect(try SampleStore.days(db, user: "ann", type: .steps) == ["2024-03-09", "2024-03-10", "2024-03-11", "2024-06-01"])
        }
    }

    @Test("the day span covers any zone's day and reaches no further than it must")
    func spanBounds() {
        let span = SampleStore.startSpan(from: "1970-01-02", to: "1970-01-03")
        #expect(span.lower == 86_400 - 26 * 3600)
        #expect(span.upper == 3 * 86_400 + 26 * 3600)
        #expect(SampleStore.startSpan(from: "not a day", to: "1970-01-01") == (0, 0))
    }

    @Test("a day's samples for the merge: its first instant at +14 h and its last at −12 h are found; another day's are not")
    func daySamples() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue)
        let day = try #require(LocalDay("2025-06-10"))
        let midnight = Double(day.ordinal) * 86_400
        try queue.write { db in
            try db.execute(sql: "INSERT INTO source (id, user, name) VALUES (1, 'ann', 'Watch'), (2, 'ann', 'iPhone')")
            try Self.insert(db, seq: 1, start: midnight - 14 * 3600, value: 10, day: "2025-06-10", source: 1)  // 00:00 at +14
            try Self.insert(db, seq: 2, start: midnight + 86_400 + 12 * 3600 - 1, value: 20, day: "2025-06-10", source: 2)  // 23:59:59 at −12
            try Self.insert(db, seq: 3, start: midnight + 3600, value: 40, day: "2025-06-09", source: 2)  // 2025-06-09 at −12
            let samples = try SampleStore.daySamples(db, user: "ann", type: .steps, day: "2025-06-10")
            #expect(samples.map(\.value).sorted() == [10, 20])
            #expect(Set(samples.map(\.source)) == ["Watch", "iPhone"])
            // Two sources that day: merged, not the larger source's 20.
            let sums = try SampleStore.sourceSums(db, user: "ann", type: .steps, days: ["2025-06-10"])["2025-06-10"] ?? []
            #expect(try DayTotals.total(db, user: "ann", type: .steps, day: "2025-06-10", sums: sums, priority: []) == 30)
        }
    }
}
