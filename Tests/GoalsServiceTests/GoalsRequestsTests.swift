import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Goals' own requests through its real handlers (in process; the real executable too with
/// `QUENCH_TEST_LIVE=1`): manual goals, history, the goal on a day, bad input, export and
/// erase. Moved from the end-to-end tests with the same assertions.
@Suite("Goals requests")
struct GoalsRequestsTests {
    @Test("same-day changes replace the day's goal; the history and the goal on a day follow", arguments: TestMode.selected)
    func sameDayReplacement(mode: TestMode) async throws {
        let system = try await GoalsSystem("same-day", mode: mode, withHealth: false)
        let first = try await system.setGoal(3000)
        let again = try await system.setGoal(3000)
        #expect(first.changed == true && again.changed == false)
        try await system.setGoal(100, unit: "floz")
        let last = try await system.setGoal(2.8, unit: "l")
        #expect(last.goalMl == 2800 && last.since?.description == system.today)

        let history = try await system.history()
        #expect(history == [GoalPeriod(goalMl: 2800, source: "manual", startDay: LocalDay(system.today)!, endDay: nil)])
        let changes = try await system.goalChanges()
        // 100 fl oz × 29.5735295625 mL = 2957.35295625 mL, kept to the microlitre.
        #expect(changes.map(\.newGoalMl) == [3000, 2957.353, 2800])
        #expect(changes.map(\.oldGoalMl) == [2500, 3000, 2957.353])
        #expect(changes.allSatisfy { $0.effectiveDay.description == system.today && $0.source == "manual" })

        let today = LocalDay(system.today)!
        let onDay: GoalOnDay = try await system.goalsClient.call(MessageDescriptor.goalAt.name, GoalAtRequest())
        #expect(onDay == GoalOnDay(day: today, goalMl: 2800, source: "manual", startDay: today, endDay: nil))
        let yesterday: GoalOnDay = try await system.goalsClient.call(MessageDescriptor.goalAt.name, GoalAtRequest(day: today.adding(days: -1)))
        #expect(yesterday.goalMl == 2500 && yesterday.source == "default" && yesterday.startDay == nil)
        let days: GoalDaysReply = try await system.goalsClient.call(
            MessageDescriptor.goalDays.name, GoalDaysRequest(from: today.adding(days: -2), to: today.adding(days: 1)))
        #expect(days.days.map(\.goalMl) == [2500, 2500, 2800, 2800])
        #expect(days.days.map(\.day) == (-2...1).map { today.adding(days: $0) })
        await system.close()
    }

    @Test("bad input is refused naming the field, and nothing stored changes", arguments: TestMode.selected)
    func badInput(mode: TestMode) async throws {
        let system = try await GoalsSystem("bad", mode: mode, withHealth: false)
        try await system.setGoal(2000)
        let cases: [(SetGoalRequest, String)] = [
            (SetGoalRequest(volume: 0), "volume"),
            (SetGoalRequest(volume: -250), "volume"),
            (SetGoalRequest(volume: .nan), "volume"),
            (SetGoalRequest(volume: .infinity), "volume"),
            (SetGoalRequest(volume: 6000.5), "volume"),
            (SetGoalRequest(volume: 6.5, unit: "l"), "volume"),
            (SetGoalRequest(volume: 250, unit: "floz"), "volume"),
            (SetGoalRequest(volume: 2000, unit: "cups"), "unit"),
        ]
        for (request, field) in cases {
            await expectRejected(.invalidArgument, field: field, "goal.set \(request)") {
                try await system.goalsClient.call(MessageDescriptor.goalSet.name, request, as: GoalReply.self, idempotencyKey: UUID().uuidString)
            }
        }
        for day in ["2026-02-30", "yesterday", "2026-1-1", ""] {
            await expectRejected(.invalidArgument, field: "day", "goal.at \(day)") {
                try await system.goalsClient.call(MessageDescriptor.goalAt.name, ["day": day], as: GoalOnDay.self)
            }
        }
        await expectRejected(.invalidArgument, field: "from", "goal.days bad from") {
            try await system.goalsClient.call(MessageDescriptor.goalDays.name, ["from": "2026-13-01", "to": "2026-01-01"], as: GoalDaysReply.self)
        }
        await expectRejected(.invalidArgument, field: "to", "goal.days reversed") {
            try await system.goalsClient.call(MessageDescriptor.goalDays.name, GoalDaysRequest(from: LocalDay("2026-01-02")!, to: LocalDay("2026-01-01")!), as: GoalDaysReply.self)
        }
        await expectRejected(.invalidArgument, field: "to", "goal.days too long") {
            try await system.goalsClient.call(MessageDescriptor.goalDays.name, GoalDaysRequest(from: LocalDay("2000-01-01")!, to: LocalDay("2026-01-01")!), as: GoalDaysReply.self)
        }
        await expectRejected(.failedPrecondition, field: nil, "goal.auto without consent") {
            try await system.goalsClient.call(MessageDescriptor.goalAuto.name, AutoGoalRequest(), as: GoalReply.self, idempotencyKey: UUID().uuidString)
        }
        let goal = try await system.goal()
        #expect(goal.goalMl == 2000 && goal.source == "manual" && !goal.pinned)
        #expect(try await system.history().count == 1)
        #expect(try await system.goalChanges().count == 1)
        await system.close()
    }

    @Test("export and erase one user's goal data, leaving others'", arguments: TestMode.selected)
    func exportAndErase(mode: TestMode) async throws {
        let system = try await GoalsSystem("erase", mode: mode, withHealth: false)
        try await system.setGoal(3100)
        let bob = try system.goalsClient(for: "bob")
        try await system.setGoal(1800, client: bob)
        let export: GoalExport = try await system.goalsClient.call(MessageDescriptor.goalExport.name, UserDataRequest())
        #expect(export.user == "ana" && export.manualGoalMl == 3100 && export.timeZone == "Europe/Berlin")
        #expect(export.goals.map(\.goalMl) == [3100] && export.weight == nil && !export.bodyMassConsent)

        let erased: EraseReply = try await system.goalsClient.call(MessageDescriptor.goalErase.name, UserDataRequest(), idempotencyKey: UUID().uuidString)
        #expect(erased.service == "goals" && erased.deleted == ["settings": 1, "goals": 1])
        let after: GoalExport = try await system.goalsClient.call(MessageDescriptor.goalExport.name, UserDataRequest())
        #expect(after.goals.isEmpty && after.manualGoalMl == nil)
        #expect(try await system.goal().source == "default")
        #expect(try await system.goal(bob).goalMl == 1800)
        let events = try await system.goalsEvents()
        let erasedEvent = try #require(events.last)
        #expect(erasedEvent.type == EventDescriptor.goalErased.name && erasedEvent.user == "ana")
        #expect(try erasedEvent.decodeBody(UserErasedBody.self).user == "ana")
        await bob.close()
        await system.close()
    }
}
