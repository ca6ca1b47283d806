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
        (kg * poundsPerKilogram / 2 * 29.5735295625).rounded()
    }

    @Test("default → manual → a weight arrives → auto goal, and a subscriber sees goal.changed")
    func defaultManualAuto() async throws {
        let system = try await GoalsSystem("flow")
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

    @Test("goals down while a weight is recorded: updated once after restart, exactly once")
    func catchUpAfterDowntime() async throws {
        let system = try await GoalsSystem("downtime")
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
}
