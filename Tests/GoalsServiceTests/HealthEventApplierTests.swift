import Foundation
import GRDB
@testable import GoalsService
import QuenchProtocol
import QuenchRuntime
import Testing

@Suite("Health events re-derive the goal")
struct HealthEventApplierTests {
    static let base = Date(timeIntervalSince1970: 1_793_620_800)

    static func weight(_ kg: Double, hoursAgo: Double = 0, id: String = UUID().uuidString, user: String = "ana") -> WeightRecordedBody {
        WeightRecordedBody(user: user, sampleId: id, weightKg: kg, measuredAt: base.addingTimeInterval(-hoursAgo * 3600), source: "manual")
    }

    static func consent(_ granted: Bool, latest: WeightRecordedBody? = nil, deleted: Bool? = nil) -> ConsentChangedBody {
        ConsentChangedBody(user: "ana", type: ConsentType.bodyMass.rawValue, granted: granted, deleted: deleted, latestWeight: latest)
    }

    @Test("default → manual → weight with consent → auto, one event per change")
    func flow() throws {
        let store = try TestDatabase()
        try store.command("ana") { $0.setManual(3000) }
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true))
        #expect(try store.goalChanges().count == 1)
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(160 / 2.20462262185))
        let events = try store.goalChanges()
        #expect(events.count == 2)
        let auto = try #require(events.last)
        #expect(auto.oldGoalMl == 3000 && auto.newGoalMl == 2366 && auto.source == "auto")
        #expect(abs((auto.weightKg ?? 0) - 72.5747) < 0.001)
        #expect(auto.effectiveDay.description == "2026-11-02" && auto.adjusted == nil)
        // Same day: the auto goal replaces the manual one.
        #expect(try store.history("ana").map(\.source) == ["auto"])
    }

    @Test("a newer then an older weight: the older is ignored, no event")
    func olderIgnored() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(80, hoursAgo: 1))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(90, hoursAgo: 48))
        #expect(try store.goalChanges().map(\.weightKg) == [80])
        #expect(try store.state("ana")?.weight?.kg == 80)
    }

    @Test("the same goal from a slightly different weight is no change")
    func sameGoal() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true, latest: Self.weight(80, hoursAgo: 2)))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(80.001, hoursAgo: 1))
        #expect(try store.goalChanges().count == 1)
        #expect(try store.state("ana")?.weight?.kg == 80.001)
    }

    @Test("cap and floor are reported in the event")
    func capAndFloor() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true, latest: Self.weight(250, hoursAgo: 2)))
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(25, hoursAgo: 1))
        let events = try store.goalChanges()
        #expect(events.map(\.newGoalMl) == [6000, 1000])
        #expect(events.map(\.adjusted) == ["capped", "raised"])
    }

    @Test("consent revoked falls back to manual, then default; deleted samples forget the weight")
    func revoke() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true, latest: Self.weight(80)))
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(false))
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true))
        try store.deliver(EventDescriptor.healthSamplesDeleted.name, SamplesDeletedBody(user: "ana", type: "body-mass", count: 1))
        let events = try store.goalChanges()
        #expect(events.map(\.source) == ["auto", "default", "auto", "default"])
        #expect(events.map(\.newGoalMl) == [AutoGoal.derive(weightKg: 80).goalMl, 2500, AutoGoal.derive(weightKg: 80).goalMl, 2500])
        #expect(try store.state("ana")?.weight == nil)
    }

    @Test("a pinned manual goal ignores new weights")
    func pinned() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true, latest: Self.weight(80, hoursAgo: 5)))
        try store.command("ana") { $0.setManual(2000) }
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(90))
        #expect(try store.goalChanges().map(\.source) == ["auto", "manual"])
        try store.command("ana") { try $0.chooseAuto() }
        let last = try #require(try store.goalChanges().last)
        #expect(last.source == "auto" && last.weightKg == 90)
    }

    @Test("changes from events are dated in the user's last known zone, across days")
    func eventDays() throws {
        let store = try TestDatabase()
        try store.command("ana", zone: "Pacific/Auckland") { $0.setManual(3000) }
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true))
        store.advance(days: 2)
        try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(100))
        // 2026-11-04T12:00Z is 2026-11-05 01:00 in Auckland.
        #expect(try store.goalChanges().last?.effectiveDay.description == "2026-11-05")
        #expect(try store.history("ana").map(\.startDay.description) == ["2026-11-05", "2026-11-03"])
        #expect(try store.history("ana").last?.endDay?.description == "2026-11-04")
    }

    @Test("health.erased forgets consent and weights")
    func erased() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true, latest: Self.weight(80)))
        try store.deliver(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))
        #expect(try store.goalChanges().last?.source == "default")
        #expect(try store.state("ana")?.bodyMassConsent == false)
    }

    @Test("an import's weight batch: each weight as if alone, out-of-range or other users' left out, one goal change; none usable is skipped")
    func weightBatch() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent(true))
        let batch = WeightBatchRecordedBody(user: "ana", samples: [
            Self.weight(90, hoursAgo: 3), Self.weight(75, hoursAgo: 1), Self.weight(85, hoursAgo: 2),
            Self.weight(5000, hoursAgo: 0.5), Self.weight(60, hoursAgo: 0.1, user: "bob"),
        ])
        try store.deliver(EventDescriptor.healthWeightBatchRecorded.name, batch)
        #expect(try store.state("ana")?.weight?.kg == 75)
        #expect(try store.state("bob") == nil)
        #expect(try store.goalChanges().map(\.weightKg) == [75])
        for bad in [
            WeightBatchRecordedBody(user: "ana", samples: []),
            WeightBatchRecordedBody(user: "ana", samples: [Self.weight(.nan), Self.weight(70, user: "bob")]),
            WeightBatchRecordedBody(user: "", samples: [Self.weight(70, user: "")]),
        ] {
            #expect(throws: EventSkip.self) { try store.deliver(EventDescriptor.healthWeightBatchRecorded.name, bad) }
        }
        #expect(throws: EventSkip.self) { try store.deliver(EventDescriptor.healthWeightBatchRecorded.name, ["user": "ana"]) }
        #expect(try store.state("ana")?.weight?.kg == 75)
        #expect(try store.goalChanges().count == 1)
    }

    @Test("other types and consents are ignored; unreadable or implausible events are skipped")
    func ignoredAndSkipped() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: 1000))
        try store.deliver(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: "steps", granted: true))
        #expect(try store.state("ana") == nil)
        for kg in [Double.nan, .infinity, 0, -70, 5000] {
            #expect(throws: EventSkip.self) { try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(kg)) }
        }
        #expect(throws: EventSkip.self) { try store.deliver(EventDescriptor.healthWeightRecorded.name, ["user": "ana"]) }
        #expect(throws: EventSkip.self) { try store.deliver(EventDescriptor.healthWeightRecorded.name, Self.weight(80, user: "")) }
        #expect(try store.state("ana") == nil)
        #expect(try store.goalChanges().isEmpty)
    }

    @Test("in a run, a type health-ingest does not publish is skipped and counted; one goals does not apply passes over uncounted")
    func unknownTypesCounted() throws {
        let store = try TestDatabase()
        let events = [
            try store.event(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: 1000)),
            try store.event("health.teleported", UserErasedBody(user: "ana")),
            try store.event(EventDescriptor.healthConsentChanged.name, Self.consent(true)),
        ]
        #expect(try store.deliver(run: events) == 1)
        #expect(try store.state("ana")?.bodyMassConsent == true)
        #expect(try store.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT skipped FROM runtime_cursor") } == 1)
    }

    @Test("a run of weights in one transaction re-derives the goal once: one event from the goal before the run to the one after it, the same state as one by one")
    func runOfWeights() throws {
        let kgs: [Double] = [70, 72, 90, 95, 60, 81]
        func events(_ store: TestDatabase) throws -> [Envelope] {
            var result = [try store.event(EventDescriptor.healthConsentChanged.name, Self.consent(true))]
            for (index, kg) in kgs.enumerated() {
                result.append(try store.event(EventDescriptor.healthWeightRecorded.name, Self.weight(kg, hoursAgo: Double(kgs.count - index), id: "w\(index)")))
            }
            // An unreadable event in the middle is skipped; the run goes on.
            result.insert(try store.event(EventDescriptor.healthWeightRecorded.name, Self.weight(.nan, id: "bad")), at: 3)
            // Another user's weight in the same run gets its own event.
            var bob = Self.consent(true)
            bob.user = "bob"
            result.insert(try store.event(EventDescriptor.healthConsentChanged.name, bob), at: 2)
            result.append(try store.event(EventDescriptor.healthWeightRecorded.name, Self.weight(88, id: "b", user: "bob")))
            // Published in this order: the seqs follow it.
            for index in result.indices { result[index].seq = UInt64(index + 1) }
            return result
        }

        let oneByOne = try TestDatabase()
        _ = try oneByOne.command("ana") { $0.setManual(3000) }
        for event in try events(oneByOne) {
            _ = try? oneByOne.deliver(run: [event])
        }
        let run = try TestDatabase()
        _ = try run.command("ana") { $0.setManual(3000) }
        #expect(try run.deliver(run: try events(run)) == 1)

        // One by one: the manual goal, then one change per weight.
        #expect(try oneByOne.goalChanges().filter { $0.user == "ana" }.count == 1 + kgs.count)
        let changes = try run.goalChanges().dropFirst()
        #expect(changes.map(\.user) == ["ana", "bob"])
        let ana = try #require(changes.first)
        #expect(ana.oldGoalMl == 3000 && ana.source == "auto" && ana.weightKg == 81)
        #expect(try ana.newGoalMl == oneByOne.goalChanges().last { $0.user == "ana" }?.newGoalMl)
        for user in ["ana", "bob"] {
            #expect(try run.state(user) == oneByOne.state(user))
            #expect(try run.history(user) == oneByOne.history(user))
        }
    }
}
