import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Analytics down, publishers down, a partition, a rebuild: the answers end up the same.
@Suite("Analytics catches up and rebuilds", .serialized)
struct AnalyticsResilienceEndToEndTests {
    /// Water over several days, a goal, steps, distance, lifts and a challenge.
    static func seed(_ system: AnalyticsSystem) async throws -> [String] {
        let zone = system.timeZone
        let today = AnalyticsTime.today(zone)
        try await system.grant([.steps, .distance, .workouts])
        try await system.loadChallenges([
            Challenge(id: "steps-5k", title: "5k", description: "", type: "step", goal: 5_000, reward: .init(trophy: "gold", points: 10)),
        ])
        try await system.setGoal(2000)
        var days: [String] = []
        for offset in 1...4 {
            let day = today.adding(days: -offset)
            days.append(day.description)
            let record = try await system.log(Double(700 * offset), at: AnalyticsTime.noon(day, zone))
            if offset == 2 {
                let _: IntakeRecord = try await system.intakeClient.call(
                    MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: record.id, volume: 2600), idempotencyKey: UUID().uuidString)
            }
            if offset == 3 {
                let _: DeleteIntakeReply = try await system.intakeClient.call(
                    MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: record.id), idempotencyKey: UUID().uuidString)
            }
            let start = AnalyticsTime.noon(day, zone)
            try await system.addSamples([
                SampleInput(type: "steps", value: Double(3_000 * offset), unit: "count", start: start, end: start.addingTimeInterval(900), source: "Watch"),
                SampleInput(type: "distance", value: Double(offset), unit: "km", start: start, end: start.addingTimeInterval(900), source: "Watch"),
                SampleInput(type: "strength", value: 80 + Double(offset), unit: "kg", day: day.description, exercise: "Squat", sets: 3, reps: 2 + offset * 3),
            ])
        }
        try await system.log(700)
        return days + [today.description]
    }

    @Test("analytics killed, events produced meanwhile, restarted: the same answers as a fresh rebuild from seq 0")
    func killedAndRestarted() async throws {
        let system = try await AnalyticsSystem("kill", timeZone: "Europe/Berlin")
        let days = try await Self.seed(system)
        let month = String(days.last!.prefix(7))
        try await system.waitUntilCaughtUp()
        let before = try await system.answers(days: days, month: month)

        system.analytics.stop(signal: SIGKILL)
        try await system.log(900)
        try await system.setGoal(1500)
        let yesterday = AnalyticsTime.today(system.timeZone).adding(days: -1)
        // An hour after the watch's 3000 of yesterday noon: sources merged in time, both count.
        let start = AnalyticsTime.noon(yesterday, system.timeZone).addingTimeInterval(3600)
        try await system.addSamples([SampleInput(type: "steps", value: 20_000, unit: "count", start: start, end: start.addingTimeInterval(900), source: "iPhone")])
        // While analytics is down the others answer, and nothing is lost.
        try system.analytics.start()
        try await system.waitUntilCaughtUp()
        let after = try await system.answers(days: days, month: month)
        #expect(after.days.last!.totalWaterMl == before.days.last!.totalWaterMl + 900)
        #expect(after.days.last!.goalMl == 1500)
        if yesterday.month == AnalyticsTime.today(system.timeZone).month {
            #expect(after.steps.days.first { $0.day == yesterday }?.steps == 23_000)
        }

        // A second analytics built from nothing gives exactly the same answers.
        let fresh = try system.freshAnalytics("fresh")
        let freshClient = try system.client(fresh)
        try await system.waitUntilCaughtUp(freshClient)
        #expect(try await system.answers(days: days, month: month, client: freshClient) == after)

        // Intake restarts (same ports): analytics follows it again by itself.
        system.intake.stop()
        try system.intake.start()
        try await system.log(100)
        try await system.waitUntilCaughtUp()
        let total = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self).totalWaterMl
        #expect(total == after.days.last!.totalWaterMl + 100)
        await freshClient.close()
        fresh.stop()
        await system.close()
    }

    @Test("a partition: analytics answers from its own store, says intake is out of reach, and catches up after")
    func partition() async throws {
        let system = try await AnalyticsSystem("partition", timeZone: "Europe/Berlin")
        try await system.log(500)
        try await system.waitUntilCaughtUp()

        // Intake frozen: no heartbeats, no answers. Analytics still answers and says so.
        kill(system.intake.pid, SIGSTOP)
        let disconnected = try await eventually {
            let summary = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
            return summary.totalWaterMl == 500 && summary.lag.first { $0.publisher == ServiceName.intake }?.connected == false
        }
        #expect(disconnected)
        let health = try await system.analyticsClient.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        #expect(health.status == "degraded")
        kill(system.intake.pid, SIGCONT)

        // Analytics frozen while events are produced: it catches up once it runs again.
        kill(system.analytics.pid, SIGSTOP)
        for _ in 0..<20 {
            try await system.log(10)
        }
        try await system.setGoal(3000)
        kill(system.analytics.pid, SIGCONT)
        try await system.waitUntilCaughtUp()
        let summary = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
        #expect(summary.totalWaterMl == 700 && summary.goalMl == 3000)
        #expect(summary.lag.count == 3 && summary.lag.allSatisfy { $0.lag == 0 && $0.connected })
        await system.close()
    }

    @Test("rebuild drops every read model, replays from seq 0, and gives identical answers")
    func rebuild() async throws {
        let system = try await AnalyticsSystem("rebuild", timeZone: "Asia/Tokyo")
        let days = try await Self.seed(system)
        let month = String(days.last!.prefix(7))
        try await system.waitUntilCaughtUp()
        let before = try await system.answers(days: days, month: month)
        let lagBefore = try await system.ask(MessageDescriptor.analyticsLag.name, LagRequest(), as: LagReply.self)
        #expect(before.orm.exercises.first?.series.isEmpty == false && before.steps.total > 0 && before.history.days.contains { $0.met })

        let reply: RebuildReply = try await system.analyticsClient.call(
            MessageDescriptor.analyticsRebuild.name, RebuildRequest(), idempotencyKey: UUID().uuidString)
        #expect(reply.cleared["water_day"] ?? 0 > 0 && reply.cleared["orm_day"] ?? 0 > 0)
        #expect(reply.publishers == [ServiceName.goals, ServiceName.healthIngest, ServiceName.intake])
        try await system.waitUntilCaughtUp()
        #expect(try await system.answers(days: days, month: month) == before)
        let lagAfter = try await system.ask(MessageDescriptor.analyticsLag.name, LagRequest(), as: LagReply.self)
        #expect(lagAfter.publishers.map(\.appliedSeq) == lagBefore.publishers.map(\.appliedSeq))
        #expect(lagAfter.publishers.map(\.skipped) == lagBefore.publishers.map(\.skipped))

        // Restarted after the rebuild: still the same.
        system.analytics.stop()
        try system.analytics.start()
        try await system.waitUntilCaughtUp()
        #expect(try await system.answers(days: days, month: month) == before)
        await system.close()
    }
}
