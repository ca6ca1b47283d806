import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import Testing

@Suite("Sample storage: the clustered table, its seq counter and day spans")
struct SampleStoreTests {
    /// A v1 row: the columns the v1 insert named, seq from `AUTOINCREMENT`.
    static func insertV1(_ db: Database, type: String, start: Double, identity: Int64, value: Double, day: String) throws {
        try db.execute(sql: """
            INSERT INTO sample (user, type, identity, value, unit, normalized, start, "end", day, sourceId, deviceId, jobId, exercise, sets, reps, createdAt)
            VALUES ('ann', ?, ?, ?, 'count', ?, ?, ?, ?, 1, NULL, NULL, NULL, NULL, NULL, 0)
            """, arguments: [type, identity, value, value, start, start + 60, day])
    }

    static func insert(_ db: Database, seq: Int64, type: String = "steps", start: Double, value: Double, day: String, source: Int64 = 1) throws {
        try db.execute(sql: """
            INSERT INTO sample (user, type, identity, seq, value, unit, normalized, start, "end", day, sourceId, createdAt)
            VALUES ('ann', ?, ?, ?, ?, 'count', ?, ?, ?, ?, ?, 0)
            """, arguments: [type, seq, seq, value, value, start, start, day, source])
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
        try HealthSchema.migrator.migrate(queue)
        try queue.read { db in
            #expect(try Int64.fetchAll(db, sql: "SELECT seq FROM sample ORDER BY seq") == [1, 2, 3])
            #expect(try Int64.fetchOne(db, sql: "SELECT value FROM sequence_counter WHERE name = ?", arguments: [HealthSchema.sampleSeq]) == 5)
            #expect(try Int64.fetchAll(db, sql: "SELECT identity FROM sample ORDER BY start") == [0, 1, 2])
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' AND sql IS NOT NULL")
            #expect(indexes == ["sample_user_seq"])
        }
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
                try Self.insert(db, seq: Int64(seq), type: "body-mass", start: start, value: value, day: seq == 9 ? "2024-03-11" : "2024-03-10")
            }
        }
        try queue.read { db in
            func sums(_ days: [String]) throws -> [String: [String: Double]] {
                try SampleStore.sourceSums(db, user: "ann", type: .steps, days: days)
                    .mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.source, $0.total) }) }
            }
            #expect(try sums(["2024-03-10"]) == ["2024-03-10": ["iPhone": 30, "Watch": 1000]])
            // Neighbouring days in one scan; a day within the span but not asked for is left out;
            // a day far away in a scan of its own.
            #expect(try sums(["2024-03-09", "2024-03-11", "2024-03-10"]) == [
                "2024-03-09": ["iPhone": 5], "2024-03-10": ["iPhone": 30, "Watch": 1000], "2024-03-11": ["iPhone": 7],
            ])
            #expect(try sums(["2024-03-11"]) == ["2024-03-11": ["iPhone": 7]])
            #expect(try sums(["2024-06-01", "2024-03-10", "2024-03-12"]) == ["2024-06-01": ["iPhone": 3], "2024-03-10": ["iPhone": 30, "Watch": 1000]])
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
}
