import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Goals with the real health-ingest: weights and consents change the goal through
/// health-ingest's events, caught up after downtime, applied exactly once.
@Suite("Goals end to end (with health-ingest)", .serialized)
struct GoalsEndToEndTests {
    static let poundsPerKilogram = 2.20462262185

    static func derived(_ kg: Double) -> Double {
        (kg * poundsPerKilogram / 2 * 29.5735).rounded()
    }

    @Test("default → manual → a weight arrives → auto goal, and a subscriber sees goal.changed")
    func defaultManualAuto() async throws {
        let system = try GoalsSystem("flow")
        let recorder = try GoalsEventRecorder(system.goals, directory: system.directory)
        let initial = try await system.goal()
        #expect(initial.goalMl == 2500 && initial.source == "default" && initial.since == nil && !initial.autoAvailable)

        let manual = try await system.setGoal(3, unit: "l")
        #expect(manual.goalMl == 3000 && manual.source == "manual" && manual.changed == true && !manual.pinned)
        #expect(manual.since?.description == system.today)

        try await system.grantBodyMass()
        try await system.addWeight(160, unit: "lb")
        let became = try await eventually { try await system.goal().source == "auto" }
        #expect(became, "goal never became auto:\n\(system.goals.logTail())")
        let auto = try await system.goal()
        #expect(auto.goalMl == 2366)
        #expect(abs((auto.weightKg ?? 0) - 160 / Self.poundsPerKilogram) < 1e-6)
        #expect(auto.autoAvailable && !auto.pinned && auto.adjusted == nil)

        let seen = try await eventually { try recorder.goalChanges().count == 2 }
        let changes = try recorder.goalChanges()
        #expect(seen, "the subscriber saw \(changes)")
        #expect(changes.map(\.source) == ["manual", "auto"])
        #expect(changes.map(\.oldGoalMl) == [2500, 3000])
        #expect(changes.map(\.newGoalMl) == [3000, 2366])
        #expect(changes.allSatisfy { $0.user == "ana" })
        #expect(changes[0].weightKg == nil && changes[1].weightKg != nil)
        // The auto goal came the same day: it replaced the manual one in the history.
        let history = try await system.history()
        #expect(history.count == 1)
        #expect(history.first?.source == "auto" && history.first?.goalMl == 2366 && history.first?.endDay == nil)
        await recorder.stop()
        await system.close()
    }

    @Test("a newer then an older weight: the older one is ignored")
    func olderWeightIgnored() async throws {
        let system = try GoalsSystem("older")
        try await system.grantBodyMass()
        try await system.addWeight(80, at: Date().addingTimeInterval(-3600))
        let first = try await eventually { try await system.goal().weightKg == 80 }
        #expect(first, "no auto goal:\n\(system.goals.logTail())")
        try await system.addWeight(95, at: Date().addingTimeInterval(-30 * 86_400))
        try await system.waitUntilGoalsCaughtUp()
        let goal = try await system.goal()
        #expect(goal.weightKg == 80 && goal.goalMl == Self.derived(80))
        let changes = try await system.goalChanges()
        #expect(changes.count == 1)
        #expect(changes.first?.weightKg == 80)
        await system.close()
    }

    @Test("goals down while a weight is recorded: updated once after restart, exactly once")
    func catchUpAfterDowntime() async throws {
        let system = try GoalsSystem("downtime")
        try await system.grantBodyMass()
        try await system.addWeight(80)
        let before = try await eventually { try await system.goal().weightKg == 80 }
        #expect(before)

        system.goals.stop()
        try await system.addWeight(90)
        try system.goals.start()

        let after = try await eventually { try await system.goal().weightKg == 90 }
        #expect(after, "the weight recorded during the downtime was not applied:\n\(system.goals.logTail())")
        try await system.waitUntilGoalsCaughtUp()
        // A second restart re-reads nothing twice.
        system.goals.stop()
        try system.goals.start()
        try await system.waitUntilGoalsCaughtUp()
        let changes = try await system.goalChanges()
        #expect(changes.map(\.weightKg) == [80, 90])
        #expect(changes.filter { $0.newGoalMl == Self.derived(90) }.count == 1)
        let goal = try await system.goal()
        #expect(goal.goalMl == Self.derived(90) && goal.source == "auto")
        await system.close()
    }

    @Test("a weight above the cap and one below the floor are adjusted, and say so")
    func capAndFloor() async throws {
        let system = try GoalsSystem("cap")
        try await system.grantBodyMass()
        try await system.addWeight(450, unit: "lb", at: Date().addingTimeInterval(-7200))
        let capped = try await eventually { try await system.goal().adjusted == "capped" }
        #expect(capped)
        #expect(try await system.goal().goalMl == 6000)
        try await system.addWeight(28, at: Date().addingTimeInterval(-60))
        let raised = try await eventually { try await system.goal().adjusted == "raised" }
        #expect(raised)
        #expect(try await system.goal().goalMl == 1000)
        let changes = try await system.goalChanges()
        #expect(changes.map(\.newGoalMl) == [6000, 1000])
        #expect(changes.map(\.adjusted) == ["capped", "raised"])
        await system.close()
    }

    @Test("consent revoked falls back to manual, else default; goal set pins manual until goal auto")
    func consentAndModes() async throws {
        let system = try GoalsSystem("consent")
        try await system.setGoal(2200)
        try await system.grantBodyMass()
        try await system.addWeight(70)
        #expect(try await eventually { try await system.goal().source == "auto" })

        try await system.revokeBodyMass()
        let manual = try await eventually { try await system.goal().source == "manual" }
        #expect(manual)
        #expect(try await system.goal().goalMl == 2200)
        #expect(try await system.goal().autoAvailable == false)

        // Granted again: the kept weight derives the goal at once (the grant carries it).
        try await system.grantBodyMass()
        #expect(try await eventually { try await system.goal().source == "auto" })

        // goal set while auto is available pins manual: a new weight leaves it alone.
        let pinned = try await system.setGoal(2000)
        #expect(pinned.source == "manual" && pinned.pinned && pinned.autoAvailable)
        try await system.addWeight(75)
        try await system.waitUntilGoalsCaughtUp()
        #expect(try await system.goal().goalMl == 2000)

        let auto: GoalReply = try await system.goalsClient.call(
            GoalMessage.auto, AutoGoalRequest(), idempotencyKey: UUID().uuidString)
        #expect(auto.source == "auto" && auto.weightKg == 75 && auto.goalMl == Self.derived(75) && !auto.pinned)

        // Revoked with the samples deleted and no manual goal: the default.
        let bob = try system.goalsClient(for: "bob")
        let bobHealth = try RPCClient(endpoint: system.health!.rpcEndpoint, options: RPCClientOptions(user: "bob"))
        let _: ConsentListReply = try await bobHealth.call(
            HealthMessage.consentGrant, ConsentChangeRequest(types: ["body-mass"]), idempotencyKey: UUID().uuidString)
        let _: WeightReply = try await bobHealth.call(
            HealthMessage.weightAdd, AddWeightRequest(value: 90, unit: "kg"), idempotencyKey: UUID().uuidString)
        #expect(try await eventually { try await system.goal(bob).source == "auto" })
        let _: ConsentListReply = try await bobHealth.call(
            HealthMessage.consentRevoke, ConsentChangeRequest(types: ["body-mass"], deleteData: true), idempotencyKey: UUID().uuidString)
        #expect(try await eventually { try await system.goal(bob).source == "default" })
        #expect(try await system.goal(bob).goalMl == 2500)
        await expectRejected(.failedPrecondition, field: nil, "goal auto without consent") {
            try await bob.call(GoalMessage.auto, AutoGoalRequest(), as: GoalReply.self, idempotencyKey: UUID().uuidString)
        }
        await bob.close()
        await bobHealth.close()
        await system.close()
    }
}
