import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Goals following health-ingest: weights and consents change the goal through
/// health-ingest's events, applied by goals' real subscriber transaction (in process by
/// default; the real executables with `QUENCH_TEST_LIVE=1`). Moved from the end-to-end
/// tests with the same assertions; a check that waited for the event now settles first.
@Suite("Goals following health-ingest")
struct GoalsHealthFlowTests {
    static let poundsPerKilogram = 2.20462262185

    static func derived(_ kg: Double) -> Double {
        (kg * poundsPerKilogram / 2 * 29.5735295625).rounded()
    }

    @Test("a newer then an older weight: the older one is ignored", arguments: TestMode.selected)
    func olderWeightIgnored(mode: TestMode) async throws {
        let system = try await GoalsSystem("older", mode: mode)
        try await system.grantBodyMass()
        try await system.addWeight(80, at: Date().addingTimeInterval(-3600))
        let first = try await system.whenCaughtUp { try await system.goal().weightKg == 80 }
        #expect(first, "no auto goal")
        try await system.addWeight(95, at: Date().addingTimeInterval(-30 * 86_400))
        try await system.waitUntilGoalsCaughtUp()
        let goal = try await system.goal()
        #expect(goal.weightKg == 80 && goal.goalMl == Self.derived(80))
        let changes = try await system.goalChanges()
        #expect(changes.count == 1)
        #expect(changes.first?.weightKg == 80)
        await system.close()
    }


    @Test("a weight above the cap and one below the floor are adjusted, and say so", arguments: TestMode.selected)
    func capAndFloor(mode: TestMode) async throws {
        let system = try await GoalsSystem("cap", mode: mode)
        try await system.grantBodyMass()
        try await system.addWeight(450, unit: "lb", at: Date().addingTimeInterval(-7200))
        let capped = try await system.whenCaughtUp { try await system.goal().adjusted == "capped" }
        #expect(capped)
        #expect(try await system.goal().goalMl == 6000)
        try await system.addWeight(28, at: Date().addingTimeInterval(-60))
        let raised = try await system.whenCaughtUp { try await system.goal().adjusted == "raised" }
        #expect(raised)
        #expect(try await system.goal().goalMl == 1000)
        let changes = try await system.goalChanges()
        #expect(changes.map(\.newGoalMl) == [6000, 1000])
        #expect(changes.map(\.adjusted) == ["capped", "raised"])
        await system.close()
    }


    @Test("consent revoked falls back to manual, else default; goal set pins manual until goal auto", arguments: TestMode.selected)
    func consentAndModes(mode: TestMode) async throws {
        let system = try await GoalsSystem("consent", mode: mode)
        try await system.setGoal(2200)
        try await system.grantBodyMass()
        try await system.addWeight(70)
        #expect(try await system.whenCaughtUp { try await system.goal().source == "auto" })

        try await system.revokeBodyMass()
        let manual = try await system.whenCaughtUp { try await system.goal().source == "manual" }
        #expect(manual)
        #expect(try await system.goal().goalMl == 2200)
        #expect(try await system.goal().autoAvailable == false)

        // Granted again: the kept weight derives the goal at once (the grant carries it).
        try await system.grantBodyMass()
        #expect(try await system.whenCaughtUp { try await system.goal().source == "auto" })

        // goal set while auto is available pins manual: a new weight leaves it alone.
        let pinned = try await system.setGoal(2000)
        #expect(pinned.source == "manual" && pinned.pinned && pinned.autoAvailable)
        try await system.addWeight(75)
        try await system.waitUntilGoalsCaughtUp()
        #expect(try await system.goal().goalMl == 2000)

        let auto: GoalReply = try await system.goalsClient.call(
            MessageDescriptor.goalAuto.name, AutoGoalRequest(), idempotencyKey: UUID().uuidString)
        #expect(auto.source == "auto" && auto.weightKg == 75 && auto.goalMl == Self.derived(75) && !auto.pinned)

        // Revoked with the samples deleted and no manual goal: the default.
        let bob = try system.goalsClient(for: "bob")
        let bobHealth = try system.system.client(ServiceName.healthIngest, user: "bob")
        let _: ConsentListReply = try await bobHealth.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["body-mass"]), idempotencyKey: UUID().uuidString)
        let _: WeightReply = try await bobHealth.call(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: 90, unit: "kg"), idempotencyKey: UUID().uuidString)
        #expect(try await system.whenCaughtUp { try await system.goal(bob).source == "auto" })
        let _: ConsentListReply = try await bobHealth.call(
            MessageDescriptor.consentRevoke.name, ConsentChangeRequest(types: ["body-mass"], deleteData: true), idempotencyKey: UUID().uuidString)
        #expect(try await system.whenCaughtUp { try await system.goal(bob).source == "default" })
        #expect(try await system.goal(bob).goalMl == 2500)
        await expectRejected(.failedPrecondition, field: nil, "goal auto without consent") {
            try await bob.call(MessageDescriptor.goalAuto.name, AutoGoalRequest(), as: GoalReply.self, idempotencyKey: UUID().uuidString)
        }
        await bob.close()
        await bobHealth.close()
        await system.close()
    }
}
