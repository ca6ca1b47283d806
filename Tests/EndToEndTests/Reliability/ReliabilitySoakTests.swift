import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

/// Scenario 8: mixed load on all four services for `QUENCH_SOAK_SECONDS` (10 in CI;
/// `scripts/soak.sh SECONDS` for a long run), then every acknowledged change is checked.
@Suite("Reliability: soak", .serialized)
struct ReliabilitySoakTests {
    static let users = ["ana", "ben", "cleo"]

    static var timeLimit: TimeLimitTrait.Duration {
        .minutes(ReliabilitySettings.soakSeconds / 60 + 5)
    }

    @Test("soak: logs, edits, deletes, goals, consents, weights and queries; every change present once, analytics equals intake", .timeLimit(timeLimit))
    func soak() async throws {
        let duration = ReliabilitySettings.soakSeconds
        let seed = ReliabilitySettings.seed()
        print("RELIABILITY soak: seed=\(seed) seconds=\(duration)")
        let system = try await AnalyticsSystem("reliability-soak", timeZone: "UTC")
        let users = try Self.users.enumerated().map { index, name in
            try SoakUser(name: name, system: system, seed: seed &+ UInt64(index))
        }
        for user in users { try await user.begin() }
        let started = ContinuousClock.now
        let end = started + .seconds(duration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in users {
                group.addTask {
                    while ContinuousClock.now < end { try await user.step() }
                }
            }
            try await group.waitForAll()
        }
        try await system.waitUntilCaughtUp(timeout: .seconds(120))

        let path = system.intake.databasePath
        let today = AnalyticsTime.today("UTC")
        let from = today.adding(days: -3).description
        var lost = 0
        var duplicates = 0
        var wrongValues = 0
        var dayMismatches = 0
        for user in users {
            let rows = try SQLiteFiles.strings(path, "SELECT id || '=' || waterUl FROM intake WHERE user = ?", [user.name])
            var stored: [String: Int64] = [:]
            for row in rows {
                let parts = row.split(separator: "=")
                if stored.updateValue(Int64(parts[1]) ?? -1, forKey: String(parts[0])) != nil { duplicates += 1 }
            }
            lost += user.live.keys.filter { stored[$0] == nil }.count
            duplicates += stored.keys.filter { user.live[$0] == nil }.count
            wrongValues += user.live.filter { id, water in stored[id].map { $0 != water } ?? false }.count
            let totals = try await user.intake.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay(from)!, to: today), as: TotalsReply.self)
            let history = try await user.analytics.call(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 4), as: HistoryReply.self)
            for day in totals.days where abs((history.days.first { $0.day == day.day }?.totalWaterMl ?? 0) - day.totalWaterMl) > 0.0005 {
                dayMismatches += 1
            }
            let expected = user.live.values.reduce(0, +)
            #expect(totals.days.map(\.totalWaterMicrolitres).reduce(0, +) == expected, "\(user.name): intake totals")
            if let goal = user.lastGoalMl {
                let current = try await user.goals.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self)
                // A weight applied after the last `goal set` (the subscriber is asynchronous) may
                // rightly turn the goal to auto; a manual goal must be the last one set.
                if current.source == "manual" {
                    #expect(current.goalMl == goal, "\(user.name): goal")
                } else {
                    #expect(current.source == "auto" && current.weightKg != nil, "\(user.name): goal \(current)")
                }
            }
            if let weight = user.lastWeightKg {
                let latest = try await user.health.call(MessageDescriptor.weightLatest.name, LatestWeightRequest(), as: WeightReply.self)
                #expect(abs(latest.weightKg - weight) < 0.001, "\(user.name): weight")
            }
        }
        let keys = try SQLiteFiles.integer(path, "SELECT COUNT(*) FROM runtime_idempotency")
        let intakeCommands = users.map(\.acknowledgedIntakeCommands).reduce(0, +)
        #expect(lost == 0)
        #expect(duplicates == 0)
        #expect(wrongValues == 0)
        #expect(dayMismatches == 0)
        #expect(keys == intakeCommands)
        let heads = try await SubscriberDownProducer(system: system).heads()
        var counts: [String: Int] = [:]
        for user in users { counts.merge(user.counts, uniquingKeysWith: +) }
        for user in users { await user.close() }
        await system.close()
        let integrity = try SQLiteFiles.checkAll(under: system.directory)
        #expect(integrity.count == 4 && integrity.values.allSatisfy { $0 == "ok" }, "\(integrity)")
        let requests = counts.values.reduce(0, +)
        ReliabilityReport.line("soak", [
            "seed": seed, "seconds": duration, "users": users.count, "requests": requests,
            "per second": String(format: "%.0f", Double(requests) / seconds(since: started)),
            "mix": counts.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","),
            "retries": users.map(\.retries).reduce(0, +), "events": heads.reduce(0, +),
            "lost": lost, "duplicates": duplicates, "wrong values": wrongValues, "analytics day mismatches": dayMismatches,
            "integrity ok": integrity.values.filter { $0 == "ok" }.count,
        ])
    }
}
