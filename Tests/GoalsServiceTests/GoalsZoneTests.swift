import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// A new user's first goal starts on the user's local day, with health-ingest and goals (in
/// process; live too with `QUENCH_TEST_LIVE=1`): the user never calls goals before the weight; goals learns the zone
/// from the weight's event. The zone is one whose date differs from UTC's right now
/// (UTC−12 before 11:00 UTC, UTC+14 after), so the UTC day would be wrong.
@Suite("Goals: a new user's first goal starts on the local day")
struct GoalsZoneTests {
    static var zone: String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        return utc.component(.hour, from: Date()) < 11 ? "Etc/GMT+12" : "Pacific/Kiritimati"
    }

    @Test("consent granted and a weight added: the auto goal starts on the zone's day, not the UTC day", arguments: TestMode.selected)
    func firstGoal(mode: TestMode) async throws {
        let system = try await GoalsSystem("zone-first", mode: mode, timeZone: Self.zone)
        let utcDay = LocalDay(instant: Date(), timeZone: TimeZone(identifier: "UTC")!).description
        #expect(system.today != utcDay)
        try await system.grantBodyMass()
        try await system.addWeight(70)
        try await system.waitUntilGoalsCaughtUp()
        let history = try await system.history()
        #expect(history.map(\.startDay.description) == [system.today], "UTC day \(utcDay)")
        #expect(try await system.goalChanges().map(\.effectiveDay.description) == [system.today])
        let goal = try await system.goal()
        #expect(goal.source == "auto" && goal.since?.description == system.today)
        await system.close()
    }
}
