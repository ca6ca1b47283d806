import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// The test kit's two modes (``TestMode``) give the same answers for the same flow: health →
/// goals (the auto goal), intake and goals → analytics (the day's summary), and the events
/// each service published. This keeps the live mode, which the default run does not use for
/// the moved tests, working.
@Suite("The test kit: one flow, in process and live")
struct TestKitModesTests {
    struct Outcome: Equatable {
        var goalMl: Double
        var goalSource: String
        var summaryWaterMl: Double
        var summaryGoalMl: Double
        var healthEvents: [String]
        var goalsEvents: [String]
        var intakeEvents: [String]
    }

    static func run(_ mode: TestMode) async throws -> Outcome {
        let system = try await AnalyticsSystem("kit-\(mode)", mode: mode, timeZone: "Europe/Berlin")
        try await system.grant([.bodyMass])
        let _: WeightReply = try await system.healthClient.call(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: 80, unit: "kg"), idempotencyKey: UUID().uuidString)
        try await system.log(300)
        // Goals applies health-ingest's weight first (and publishes), then analytics catches up.
        try await system.system.settle()
        try await system.waitUntilCaughtUp()
        let goal: GoalReply = try await system.goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest())
        let summary = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
        let outcome = Outcome(
            goalMl: goal.goalMl, goalSource: goal.source, summaryWaterMl: summary.totalWaterMl, summaryGoalMl: summary.goalMl,
            healthEvents: try await system.system.events(ServiceName.healthIngest).map(\.type),
            goalsEvents: try await system.system.events(ServiceName.goals).map(\.type),
            intakeEvents: try await system.system.events(ServiceName.intake).map(\.type))
        await system.close()
        return outcome
    }

    @Test("a weight and a drink: the same goal, summary and events in both modes")
    func sameOutcome() async throws {
        let inProcess = try await Self.run(.inProcess)
        let live = try await Self.run(.live)
        #expect(inProcess == live)
        // 80 kg → half the pounds in fl oz: 80 × 2.20462262185 / 2 × 29.5735295625 = 2607.94 → 2608 mL.
        #expect(inProcess.goalMl == 2608 && inProcess.goalSource == "auto")
        #expect(inProcess.summaryWaterMl == 300 && inProcess.summaryGoalMl == 2608)
        #expect(inProcess.goalsEvents == [EventDescriptor.goalChanged.name])
        #expect(inProcess.intakeEvents == [EventDescriptor.intakeLogged.name])
    }
}
