import Foundation
@testable import GoalsService
import QuenchProtocol
import Synchronization
import Testing

/// A new user's first goal starts on the user's local day: goals learns the zone from the
/// health events that carry it (the request's zone that stored the weight or changed the
/// consent), and a first goal that started on the UTC day is fixed by a later weight.
/// The clock: 2026-11-24 03:00 UTC, the evening of 2026-11-23 in Los Angeles.
@Suite("Goals learn the user's zone from health events")
struct GoalZoneTests {
    static let now = Date(timeIntervalSince1970: 1_795_489_200)  // 2026-11-24T03:00:00Z
    static let zone = "America/Los_Angeles"

    static func store() throws -> TestDatabase {
        let store = try TestDatabase()
        store.clock.withLock { $0 = now }
        return store
    }

    static func weight(_ kg: Double, id: String, zone: String? = GoalZoneTests.zone) -> WeightRecordedBody {
        WeightRecordedBody(
            user: "ana", sampleId: id, weightKg: kg, measuredAt: now.addingTimeInterval(-60), source: "quench", timeZone: zone,
            day: zone == nil ? nil : "2026-11-23")
    }

    static func consent(zone: String? = GoalZoneTests.zone) -> ConsentChangedBody {
        ConsentChangedBody(user: "ana", type: ConsentType.bodyMass.rawValue, granted: true, timeZone: zone)
    }

    @Test("consent granted and a weight added in Los Angeles in the evening: the first goal starts on the local day")
    func firstGoalLocalDay() throws {
        let store = try Self.store()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent())
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(70, id: "w1"))
        #expect(try store.state("ana")?.timeZone == Self.zone)
        #expect(try store.history("ana").map(\.startDay.description) == ["2026-11-23"])
        #expect(try store.goalChanges().map(\.effectiveDay.description) == ["2026-11-23"])
    }

    @Test("an import's weights (a batch event) teach the zone too")
    func batchTeaches() throws {
        let store = try Self.store()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(zone: nil))
        try store.deliver(EventDescriptor.healthWeightBatchRecorded.name, WeightBatchRecordedBody(user: "ana", samples: [Self.weight(70, id: "w1")]))
        #expect(try store.history("ana").map(\.startDay.description) == ["2026-11-23"])
    }

    @Test("a first goal started on the UTC day is fixed, not replaced, by a later weight the same local day")
    func laterWeightFixes() throws {
        let store = try Self.store()
        // As an older health-ingest published them: no zone, so the UTC day.
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(zone: nil))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(70, id: "w1", zone: nil))
        #expect(try store.history("ana").map(\.startDay.description) == ["2026-11-24"])
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(90, id: "w2"))
        let history = try store.history("ana")
        #expect(history.map(\.startDay.description) == ["2026-11-23"])
        #expect(history.first?.goalMl == AutoGoal.derive(weightKg: 90).goalMl && history.first?.endDay?.description == nil)
        // Analytics keys goals by effective day: the old start is replaced, then the new one starts.
        #expect(try store.goalChanges().map(\.effectiveDay.description) == ["2026-11-24", "2026-11-24", "2026-11-23"])
    }

    @Test("the same goal from a later weight still moves a misdated first goal; a goal that followed another is not moved")
    func sameGoalMoves() throws {
        let store = try Self.store()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(zone: nil))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(70, id: "w1", zone: nil))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(70.0001, id: "w2"))
        #expect(try store.history("ana").map(\.startDay.description) == ["2026-11-23"])

        // A manual goal on 11-20, then the auto goal from 11-24 UTC: moving it would rewrite a day of the manual goal.
        let other = try TestDatabase()
        other.clock.withLock { $0 = Self.now.addingTimeInterval(-4 * 86_400) }
        try other.command("ana") { $0.setManual(3000) }
        other.clock.withLock { $0 = Self.now }
        try other.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(zone: nil))
        try other.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(70, id: "w1", zone: nil))
        try other.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(90, id: "w2"))
        #expect(try other.history("ana").map(\.startDay.description) == ["2026-11-24", "2026-11-20"])
    }
}
