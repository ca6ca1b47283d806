@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

/// Analytics takes a day's steps and distance up to health-ingest's daily bound, the one rule
/// in ``ValueRules``: the largest day health-ingest can publish is applied, not skipped.
@Suite("Analytics applies every day within the shared daily bound")
struct DailyBoundApplierTests {
    @Test("1,000,000 steps and 1,000 km on a day are applied; past the bound (a foreign publisher) is skipped")
    func bound() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: ValueRules.stepsPerDay))
        try fixture.health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, meters: ValueRules.distanceMetersPerDay))
        let month = try await fixture.handlers.stepsMonth(MonthRequest(), fixture.context())
        #expect(month.total == 1_000_000)
        #expect(try await fixture.database.pool.read { db in try Double.fetchOne(db, sql: "SELECT meters FROM distance_day") } == 1_000_000)
        let past = try fixture.event(
            EventDescriptor.healthStepsDayChanged.name, publisher: ServiceName.healthIngest,
            StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-03")!, steps: ValueRules.stepsPerDay + 1))
        #expect(throws: EventSkip.self) { try fixture.apply(past) }
    }
}
