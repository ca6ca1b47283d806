import Foundation
import QuenchProtocol
import QuenchClient

/// Event fan-out end to end: `weight.add` on health-ingest → goals re-derives the auto goal
/// (`goal.changed`) → analytics applies it → `analytics.today` answers with the new goal.
/// Each round starts when `weight.add` is sent and ends at the first `analytics.today`
/// reply carrying the new goal (polled back to back).
enum FanoutBench {
    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let deployment = try await bench.full()
        let user = "fanout"
        let health = try deployment.client(ServiceName.healthIngest, user: user)
        let goals = try deployment.client(ServiceName.goals, user: user)
        let analytics = try deployment.client(ServiceName.analytics, user: user)
        defer {
            Task {
                await health.close()
                await goals.close()
                await analytics.close()
            }
        }
        let key = { UUID().uuidString.lowercased() }
        _ = try await health.call(.consentGrant, ConsentChangeRequest(types: ["body-mass"]), idempotencyKey: key())
        _ = try await health.call(.weightAdd, AddWeightRequest(value: 60, unit: "kg"), idempotencyKey: key())
        try await Task.sleep(for: .milliseconds(300))
        _ = try await goals.call(.goalAuto, AutoGoalRequest(), idempotencyKey: key())
        var current = try await waitForChange(analytics, from: nil, timeout: 10)
        let rounds = bench.quick ? 30 : 120
        var times = Samples()
        for round in 0..<rounds {
            let weight = round % 2 == 0 ? 80.0 : 70.0
            let start = Clock.nanos()
            _ = try await health.call(.weightAdd, AddWeightRequest(value: weight, unit: "kg", at: Date()), idempotencyKey: key())
            current = try await waitForChange(analytics, from: current, timeout: 10)
            times.append(Clock.micros(since: start) / 1000)
            try await Task.sleep(for: .milliseconds(5))
        }
        let p99 = times.percentile(99)
        report.add("fan-out", "weight.add → goal.changed → analytics.today shows it (\(rounds) rounds)",
                   value: "p50 \(Format.fixed(times.median, 2)) / p99 \(Format.fixed(p99, 2)) / max \(Format.fixed(times.max, 2)) ms",
                   target: "p99 ≤ 20 ms", met: p99 <= 20,
                   note: "polls analytics.today back to back; alternating 80/70 kg, auto goal")
    }

    /// Polls `analytics.today` until its goal differs from `from` (any goal when nil).
    private static func waitForChange(_ analytics: RPCClient, from: Double?, timeout: Double) async throws -> Double {
        let start = Clock.nanos()
        while Clock.seconds(since: start) < timeout {
            let today = try await analytics.call(.analyticsToday, DayRequest())
            if today.goalSource == "auto", today.goalMl != from { return today.goalMl }
        }
        throw BenchError("analytics did not show a new auto goal within \(timeout) s")
    }
}
