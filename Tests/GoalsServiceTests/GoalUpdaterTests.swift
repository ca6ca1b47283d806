import Foundation
import Synchronization
@testable import GoalsService
import QuenchProtocol
import Testing

@Suite("Goal changes stored: history and events")
struct GoalUpdaterTests {
    @Test("default → manual → same goal again (no event) → same-day replacement → next day")
    func historyAcrossDays() throws {
        let store = try TestDatabase()
        let first = try store.command("ana") { $0.setManual(3000) }
        #expect(first.changed && first.since?.description == "2026-11-02")
        let again = try store.command("ana") { $0.setManual(3000) }
        #expect(!again.changed)
        try store.command("ana") { $0.setManual(3200) }
        #expect(try store.history("ana") == [GoalPeriod(goalMl: 3200, source: "manual", startDay: LocalDay("2026-11-02")!, endDay: nil)])

        store.advance(days: 3)
        try store.command("ana") { $0.setManual(2800) }
        try store.command("ana") { $0.setManual(2900) }
        #expect(try store.history("ana") == [
            GoalPeriod(goalMl: 2900, source: "manual", startDay: LocalDay("2026-11-05")!, endDay: nil),
            GoalPeriod(goalMl: 3200, source: "manual", startDay: LocalDay("2026-11-02")!, endDay: LocalDay("2026-11-04")!),
        ])
        let events = try store.goalChanges()
        #expect(events.map(\.newGoalMl) == [3000, 3200, 2800, 2900])
        #expect(events.map(\.oldGoalMl) == [2500, 3000, 3200, 2800])
        #expect(events.map(\.effectiveDay.description) == ["2026-11-02", "2026-11-02", "2026-11-05", "2026-11-05"])
        #expect(events.allSatisfy { $0.user == "ana" && $0.source == "manual" && $0.weightKg == nil })
    }

    @Test("today is the user's day in their zone")
    func zone() throws {
        let store = try TestDatabase()
        store.clock.withLock { $0 = Date(timeIntervalSince1970: 1_793_664_000 - 3600) }  // 2026-11-02T23:00Z
        try store.command("ana", zone: "Asia/Tokyo") { $0.setManual(3000) }
        try store.command("bob", zone: "America/Los_Angeles") { $0.setManual(3000) }
        #expect(try store.history("ana").first?.startDay.description == "2026-11-03")
        #expect(try store.history("bob").first?.startDay.description == "2026-11-02")
    }

    @Test("users are independent")
    func users() throws {
        let store = try TestDatabase()
        try store.command("ana") { $0.setManual(3000) }
        #expect(try store.history("bob").isEmpty)
        #expect(try store.state("bob") == nil)
    }
}
