@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

@Suite("Ten years of one user's data")
struct ScaleTests {
    @Test("every query answers over 3,660 days of water, steps and lifts through indexes, never a scan")
    func tenYears() async throws {
        let fixture = try AnalyticsFixture()
        let today = LocalDay("2026-11-21")!
        try await fixture.database.pool.write { db in
            var streaks = StreakBacklog()
            for offset in 0..<3660 {
                let day = today.adding(days: -offset).description
                try WaterStore.upsert(db, user: "ana", id: "w\(offset)", day: day, waterUl: Int64(1_500_000 + (offset % 7) * 300_000), streaks: &streaks)
                try ActivityStore.setSteps(db, user: "ana", day: day, steps: Int64(3_000 + offset % 9_000))
                try ActivityStore.setDistance(db, user: "ana", day: day, meters: Double(offset % 6_000))
                try StrengthStore.record(db, .init(
                    user: "ana", sampleId: "s\(offset)", exerciseKey: "squat", exerciseName: "Squat", day: day,
                    sets: 1, reps: 1 + offset % 14, weightKg: 60 + Double(offset % 40)))
                if offset % 90 == 0 {
                    try GoalStore.set(db, user: "ana", effectiveDay: day, goalMl: 1800 + Double(offset % 5) * 100, source: "manual", weightKg: nil, streaks: &streaks)
                }
                // Another user's rows sit in the same indexes.
                try ActivityStore.setSteps(db, user: "bob", day: day, steps: 1)
            }
            try streaks.refresh(db)
            try ChallengeStore.upsert(db, Challenge(id: "c", title: "c", description: "", type: "step", goal: 8_000, reward: .init(trophy: "gold", points: 1)), effectiveDay: nil)
        }
        let context = fixture.context()
        let handlers = fixture.handlers
        let clock = ContinuousClock()
        // Per query the best of five runs: other tests share the two cores.
        var best = Array(repeating: Duration.seconds(60), count: 5)
        for _ in 0..<5 {
            for query in 0..<5 {
                let elapsed = try await clock.measure {
                    switch query {
                    case 0: _ = try await handlers.day(DayRequest(day: LocalDay("2020-02-29")!), context)
                    case 1: _ = try await handlers.history(HistoryRequest(days: 3660), context)
                    case 2: _ = try await handlers.stepsMonth(MonthRequest(month: "2019-05"), context)
                    case 3: _ = try await handlers.challengesProgress(MonthRequest(), context)
                    default: _ = try await handlers.oneRepMax(OneRepMaxRequest(limit: 3660), context)
                    }
                }
                best[query] = min(best[query], elapsed)
            }
        }
        // Speed is the benchmark's to judge (quench-bench, docs/BENCHMARKS.md); here the times
        // are only reported, and the query plans below must use the indexes.
        print("ten-year analytics queries, best of five (debug build):", best)
        let history = try await handlers.history(HistoryRequest(days: 3660), context)
        #expect(history.days.count == 3660)
        let plans = try await fixture.database.pool.read { db in
            try [
                "SELECT waterUl FROM water_day WHERE user = 'ana' AND day = '2020-01-01'",
                "SELECT day, steps FROM steps_day WHERE user = 'ana' AND day BETWEEN '2019-05-01' AND '2019-05-31'",
                "SELECT day, oneRepMax FROM orm_day WHERE user = 'ana' AND exerciseKey = 'squat' ORDER BY oneRepMax DESC, day ASC LIMIT 1",
                "SELECT goalMl, source FROM goal_change WHERE user = 'ana' AND effectiveDay <= '2020-01-01' ORDER BY effectiveDay DESC LIMIT 1",
            ].map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        for plan in plans {
            #expect(!plan.contains("SCAN"), "\(plan)")
        }
    }
}
