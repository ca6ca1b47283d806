@testable import AnalyticsService
import Foundation
import GRDB
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport

/// An import's strength sets arrive in batch events; warm-ups are kept but not estimated;
/// `health.samples.removed` (an undone import) takes sets back and recomputes what they were in.
@Suite struct StrengthBatchTests {
    @Test("a batch event records every set; a warm-up is kept out of the one-rep max")
    func batchAndWarmUp() async throws {
        let fixture = try AnalyticsFixture()
        var warm = strength("w", day: "2026-11-01", reps: 1, kg: 140)
        warm.warmup = true
        try fixture.health(EventDescriptor.healthStrengthBatchRecorded.name, StrengthBatchRecordedBody(user: "ana", samples: [
            warm, strength("a", day: "2026-11-01", reps: 5, kg: 100), strength("b", day: "2026-11-02", reps: 1, kg: 110),
        ]))
        let reply = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(reply.exercises.first?.series == [
            OneRepMaxPoint(day: LocalDay("2026-11-02")!, oneRepMax: 110), OneRepMaxPoint(day: LocalDay("2026-11-01")!, oneRepMax: 112.5),
        ])
        let kept = try await fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM strength_set WHERE warmup = 1") }
        #expect(kept == 1)
    }

    /// With `days` (health-ingest names each id's day since analytics.v7: one key lookup each) and
    /// without (events written before: the ids' days are found in one pass over the user's sets).
    @Test("removed sets leave the days and exercises as if never recorded", arguments: [true, false])
    func removal(namingDays: Bool) async throws {
        let fixture = try AnalyticsFixture()
        let days = ["b": "2026-11-01", "c": "2026-11-01", "d": "2026-11-03", "unknown": "2026-11-02", "a": "2026-11-01"]
        func removed(_ ids: [String]) -> SamplesRemovedBody {
            SamplesRemovedBody(user: "ana", jobId: "j", type: "strength", sampleIds: ids, days: namingDays ? ids.map { days[$0] ?? "" } : nil)
        }
        try fixture.health(EventDescriptor.healthStrengthBatchRecorded.name, StrengthBatchRecordedBody(user: "ana", samples: [
            strength("a", day: "2026-11-01", reps: 5, kg: 100), strength("b", day: "2026-11-01", reps: 1, kg: 120),
            strength("c", day: "2026-11-01", sets: 2, reps: 15, kg: 50),
            strength("d", day: "2026-11-03", exercise: "Deadlift", reps: 1, kg: 200),
        ]))
        try fixture.health(EventDescriptor.healthSamplesRemoved.name, removed(["b", "c", "d", "unknown"]))
        let reply = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(reply.exercises.map(\.name) == ["Back Squat"])
        #expect(reply.exercises.first?.series == [OneRepMaxPoint(day: LocalDay("2026-11-01")!, oneRepMax: 112.5)])
        #expect(reply.exercises.first?.excludedSets == 0)
        try fixture.health(EventDescriptor.healthSamplesRemoved.name, removed(["a"]))
        #expect(try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context()).exercises.isEmpty)
        #expect(try fixture.snapshot().values.allSatisfy(\.isEmpty))
    }

    @Test("a later batch only raises a day's best; names are grouped as written in any case and spacing")
    func laterBatchesAndNames() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.health(EventDescriptor.healthStrengthBatchRecorded.name, StrengthBatchRecordedBody(user: "ana", samples: [
            strength("a", day: "2026-11-01", reps: 1, kg: 120), strength("b", day: "2026-11-02", reps: 1, kg: 100),
        ]))
        try fixture.health(EventDescriptor.healthStrengthBatchRecorded.name, StrengthBatchRecordedBody(user: "ana", samples: [
            strength("c", day: "2026-11-01", exercise: "  back   SQUAT ", reps: 1, kg: 110),
            strength("d", day: "2026-11-02", exercise: "back squat", reps: 1, kg: 105),
            strength("e", day: "2026-11-02", exercise: "  back   SQUAT ", reps: 1, kg: 101),
            strength("f", day: "2026-11-03", exercise: "Deadlift", sets: 3, reps: 20, kg: 60),
            strength("g", day: "2026-11-03", exercise: "Deadlift", sets: 2, reps: 20, kg: 60),
        ]))
        let reply = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(reply.exercises.map(\.name) == ["Back Squat", "Deadlift"])
        #expect(reply.exercises.first?.series == [
            OneRepMaxPoint(day: LocalDay("2026-11-02")!, oneRepMax: 105), OneRepMaxPoint(day: LocalDay("2026-11-01")!, oneRepMax: 120),
        ])
        #expect(reply.exercises.last?.excludedSets == 5)
        #expect(reply.exercises.last?.series == [])
    }

    @Test("analytics.v7 keeps the sets of a database written before it, keyed by day")
    func migration() throws {
        let path = TestScratch.file("analytics-strength-migration", named: "analytics.sqlite").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        let queue = try DatabaseQueue(path: path)
        try AnalyticsSchema.migrator.migrate(queue, upTo: "analytics.v5-strength-warmup")
        try queue.write { db in
            for (id, day, warmup) in [("b", "2026-11-02", nil), ("a", "2026-11-01", 1 as Int?), ("c", "2026-11-01", nil)] {
                try db.execute(sql: """
                    INSERT INTO strength_set (user, sampleId, exerciseKey, day, sets, reps, weightKg, warmup) VALUES ('ana', ?, 'back squat', ?, 1, 5, 100, ?)
                    """, arguments: [id, day, warmup])
            }
        }
        try AnalyticsSchema.migrator.migrate(queue)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT day, sampleId, warmup FROM strength_set WHERE user = 'ana'").map { "\($0["day"] as String) \($0["sampleId"] as String) \($0["warmup"] as Int? ?? 0)" }
        }
        #expect(rows == ["2026-11-01 a 1", "2026-11-01 c 0", "2026-11-02 b 0"])
        let key = try queue.read { db in
            try Row.fetchAll(db, sql: "PRAGMA index_info('sqlite_autoindex_strength_set_1')").map { $0["name"] as String }
        }
        #expect(key == ["user", "day", "sampleId"])
    }
}

@Suite("A strength batch event's body, read by hand")
struct DecodedStrengthBatchTests {
    private static let day = LocalDay("2026-11-01")!

    @Test("the hand reader gives what the generic decoder gives; other shapes go to the generic decoder")
    func sameAsGeneric() throws {
        let body = StrengthBatchRecordedBody(user: "ana", samples: [
            StrengthSetRecordedBody(user: "ana", sampleId: "a", day: Self.day, exercise: "Back Squat", sets: 1, reps: 5, weightKg: 100),
            StrengthSetRecordedBody(user: "ana", sampleId: "b", day: Self.day, exercise: String(repeating: "é", count: 50), sets: 100,
                                    reps: 1000, weightKg: 0.5, warmup: true),
        ])
        let bytes = try MessagePackRaw(encoding: body)
        #expect(try bytes.bytes.withUnsafeBytes { try DecodedStrengthBatch.read($0) } == body)
        #expect(try bytes.decode(DecodedStrengthBatch.self).body == body)

        // An extra key and an explicit nil: not the generic encoder's shape, decoded as before.
        struct Odd: Codable {
            var user = "ana"
            var samples: [[String: MessagePackValue]]
            var note = "x"
        }
        let odd = Odd(samples: [["user": .string("ana"), "sampleId": .string("c"), "day": .string("2026-11-01"), "exercise": .string("Row"),
                                 "sets": .int(1), "reps": .int(3), "weightKg": .double(80), "warmup": .nil]])
        let oddBytes = try MessagePackRaw(encoding: odd)
        #expect(try oddBytes.bytes.withUnsafeBytes { try DecodedStrengthBatch.read($0) } == nil)
        #expect(try oddBytes.decode(DecodedStrengthBatch.self).body == (try oddBytes.decode(StrengthBatchRecordedBody.self)))
    }
}
