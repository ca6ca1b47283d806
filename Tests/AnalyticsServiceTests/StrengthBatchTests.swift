@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

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

    @Test("removed sets leave the days and exercises as if never recorded")
    func removal() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.health(EventDescriptor.healthStrengthBatchRecorded.name, StrengthBatchRecordedBody(user: "ana", samples: [
            strength("a", day: "2026-11-01", reps: 5, kg: 100), strength("b", day: "2026-11-01", reps: 1, kg: 120),
            strength("c", day: "2026-11-01", sets: 2, reps: 15, kg: 50),
            strength("d", day: "2026-11-03", exercise: "Deadlift", reps: 1, kg: 200),
        ]))
        try fixture.health(EventDescriptor.healthSamplesRemoved.name, SamplesRemovedBody(user: "ana", jobId: "j", type: "strength", sampleIds: ["b", "c", "d", "unknown"]))
        let reply = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(reply.exercises.map(\.name) == ["Back Squat"])
        #expect(reply.exercises.first?.series == [OneRepMaxPoint(day: LocalDay("2026-11-01")!, oneRepMax: 112.5)])
        #expect(reply.exercises.first?.excludedSets == 0)
        try fixture.health(EventDescriptor.healthSamplesRemoved.name, SamplesRemovedBody(user: "ana", jobId: "j", type: "strength", sampleIds: ["a"]))
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
}
