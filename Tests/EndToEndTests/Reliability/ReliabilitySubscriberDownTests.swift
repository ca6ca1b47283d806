import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Scenario 2: analytics and goals are down while intake and health-ingest produce events;
/// restarted, they apply every missed event exactly once, in order, and analytics answers
/// exactly what an analytics built from an empty data folder answers.
@Suite("Reliability: subscribers down", .serialized)
struct ReliabilitySubscriberDownTests {
    @Test("analytics and goals SIGKILLed while events are produced catch up exactly once", .timeLimit(.minutes(10)))
    func subscribersDown() async throws {
        let system = try await AnalyticsSystem("reliability-down", timeZone: "UTC")
        let producer = SubscriberDownProducer(system: system)
        try await system.grant([.steps, .bodyMass])
        try await system.setGoal(2200)
        try await producer.produce(rounds: 10)
        try await system.waitUntilCaughtUp(timeout: .seconds(60))
        let headsBefore = try await producer.heads()

        try await offThePool {
            system.analytics.stop(signal: SIGKILL)
            system.goals.stop(signal: SIGKILL)
        }
        let rounds = max(10, ReliabilitySettings.events / 5)
        try await producer.produce(rounds: rounds)

        try await offThePool {
            try system.goals.start()
            try system.analytics.start()
        }
        let headsAfter = try await producer.heads()
        let missed = zip(headsAfter, headsBefore).map { $0 - $1 }.reduce(0, +)
        try await system.waitUntilCaughtUp(timeout: .seconds(90))
        let goalsHealth = try await system.goalsClient.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        let healthHead = try await system.healthClient.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq
        let goalsFollows = try #require(goalsHealth.subscriptions.first { $0.publisher == ServiceName.healthIngest })
        #expect(goalsFollows.appliedSeq == healthHead && goalsFollows.skipped == 0, "goals: \(goalsFollows), head \(healthHead)")
        let lag = try await system.ask(MessageDescriptor.analyticsLag.name, LagRequest(), as: LagReply.self)
        #expect(lag.publishers.allSatisfy { $0.skipped == 0 }, "\(lag)")

        // Totals per day equal intake's own (a duplicate or a missed event would show).
        let days = producer.days
        let intakeTotals = try await system.intakeClient.call(
            MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay(days.first!)!, to: LocalDay(days.last!)!), as: TotalsReply.self)
        let history = try await system.ask(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 10), as: HistoryReply.self)
        var mismatches = 0
        for day in intakeTotals.days {
            let analytics = history.days.first { $0.day == day.day }?.totalWaterMl ?? 0
            if abs(analytics - day.totalWaterMl) > 0.0005 { mismatches += 1 }
        }
        #expect(mismatches == 0, "intake \(intakeTotals.days.map(\.totalWaterMl)) vs analytics \(history.days.suffix(days.count).map(\.totalWaterMl))")

        // The same answers as an analytics that never went down, built from nothing.
        let month = String(days.last!.prefix(7))
        let restarted = try await system.answers(days: days, month: month)
        let fresh = try system.freshAnalytics("fresh")
        let freshClient = try system.client(fresh)
        try await system.waitUntilCaughtUp(freshClient, timeout: .seconds(90))
        let rebuilt = try await system.answers(days: days, month: month, client: freshClient)
        #expect(restarted == rebuilt)
        await freshClient.close()
        fresh.stop()
        await system.close()
        let integrity = try SQLiteFiles.checkAll(under: system.directory)
        #expect(integrity.values.allSatisfy { $0 == "ok" }, "\(integrity)")
        ReliabilityReport.line("subscriber-down", [
            "events missed while down": missed, "intake head": headsAfter[0], "goals head": headsAfter[1], "health head": headsAfter[2],
            "skipped": lag.publishers.map(\.skipped).reduce(0, +) + goalsFollows.skipped,
            "day mismatches": mismatches, "equal to fresh analytics": restarted == rebuilt,
            "integrity ok": integrity.values.filter { $0 == "ok" }.count,
        ])
    }
}

/// Events of every kind for the subscriber-down scenario: logs over three days, edits,
/// deletes, weights, steps and goal changes.
final class SubscriberDownProducer: @unchecked Sendable {
    let system: AnalyticsSystem
    private var logged: [String] = []
    private var round = 0
    let days: [String]

    init(system: AnalyticsSystem) {
        self.system = system
        let today = AnalyticsTime.today(system.timeZone)
        days = [today.adding(days: -2), today.adding(days: -1), today].map(\.description)
    }

    func produce(rounds: Int) async throws {
        let today = AnalyticsTime.today(system.timeZone)
        for _ in 0..<rounds {
            round += 1
            let day = today.adding(days: -(round % 3))
            let at = AnalyticsTime.noon(day, system.timeZone).addingTimeInterval(Double(round % 600))
            let record = try await system.log(Double(100 + round % 400), at: min(at, Date()))
            logged.append(record.id)
            if round % 4 == 0 {
                let _: IntakeRecord = try await system.intakeClient.call(
                    MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: record.id, volume: Double(50 + round % 300)), idempotencyKey: UUID().uuidString)
            }
            if round % 7 == 0, let victim = logged.first {
                logged.removeFirst()
                let _: DeleteIntakeReply = try await system.intakeClient.call(
                    MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: victim), idempotencyKey: UUID().uuidString)
            }
            if round % 5 == 0 {
                let _: WeightReply = try await system.healthClient.call(
                    MessageDescriptor.weightAdd.name, AddWeightRequest(value: 70 + Double(round % 10), unit: "kg", at: Date().addingTimeInterval(-Double(round))),
                    idempotencyKey: UUID().uuidString)
                let start = min(at, Date().addingTimeInterval(-1000))
                try await system.addSamples([SampleInput(
                    type: "steps", value: Double(1000 + round), unit: "count", start: start, end: start.addingTimeInterval(600), source: "Watch")])
            }
        }
    }

    /// Head seqs of intake, goals and health-ingest.
    func heads() async throws -> [UInt64] {
        var heads: [UInt64] = []
        for client in [system.intakeClient, system.goalsClient, system.healthClient] {
            heads.append(try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq)
        }
        return heads
    }
}
