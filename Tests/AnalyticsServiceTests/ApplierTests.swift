@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

@Suite("Event appliers on a test database")
struct ApplierTests {
    @Test("logged, updated (moving days) and deleted intakes keep exact day totals")
    func water() async throws {
        let fixture = try AnalyticsFixture()
        let context = fixture.context()
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "a", day: "2026-11-20", waterUl: 250_000)))
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "b", day: "2026-11-20", waterUl: 312_296)))
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "c", user: "bob", day: "2026-11-20", waterUl: 999_000)))
        var day = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context)
        #expect(day.totalWaterMl == 562.296)

        let before = record(id: "a", day: "2026-11-20", waterUl: 250_000)
        try fixture.intake(EventDescriptor.intakeUpdated.name, IntakeEventBody(intake: record(id: "a", day: "2026-11-21", waterUl: 400_000), previous: before))
        day = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context)
        #expect(day.totalWaterMl == 312.296)
        day = try await fixture.handlers.day(DayRequest(), context)
        #expect(day.day.description == "2026-11-21" && day.totalWaterMl == 400)

        try fixture.intake(EventDescriptor.intakeDeleted.name, IntakeEventBody(intake: record(id: "b", day: "2026-11-20", waterUl: 312_296)))
        day = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context)
        #expect(day.totalWaterMl == 0)
        let rows = try await fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM water_day WHERE user = 'ana'") }
        #expect(rows == 1)

        // A repeated event (a replay) changes nothing.
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "a", day: "2026-11-21", waterUl: 400_000)))
        day = try await fixture.handlers.day(DayRequest(), context)
        #expect(day.totalWaterMl == 400)

        // Erasing one user leaves the other.
        try fixture.intake(EventDescriptor.intakeErased.name, UserErasedBody(user: "ana"))
        day = try await fixture.handlers.day(DayRequest(), context)
        #expect(day.totalWaterMl == 0)
        let bob = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), fixture.context(user: "bob"))
        #expect(bob.totalWaterMl == 999)
    }

    @Test("intake.batch-logged counts each intake as its intake.logged would; bad or other users' intakes are left out; none usable is skipped")
    func waterBatch() async throws {
        let fixture = try AnalyticsFixture()
        let context = fixture.context()
        try fixture.intake(EventDescriptor.intakeBatchLogged.name, IntakeBatchBody(user: "ana", intakes: [
            record(id: "a", day: "2026-11-20", waterUl: 250_000),
            record(id: "b", day: "2026-11-20", waterUl: 312_296),
            record(id: "c", day: "2026-11-21", waterUl: 100_000),
            record(id: "d", day: "2026-02-30", waterUl: 1),
            record(id: "e", day: "2026-11-20", waterUl: -1),
            record(id: "f", user: "bob", day: "2026-11-20", waterUl: 999_000),
        ]))
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context).totalWaterMl == 562.296)
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-21")!), context).totalWaterMl == 100)
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), fixture.context(user: "bob")).totalWaterMl == 0)
        // Replayed (a re-delivery), nothing changes; the intakes are then edited one by one as usual.
        try fixture.intake(EventDescriptor.intakeBatchLogged.name, IntakeBatchBody(user: "ana", intakes: [record(id: "a", day: "2026-11-20", waterUl: 250_000)]))
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context).totalWaterMl == 562.296)
        try fixture.intake(EventDescriptor.intakeDeleted.name, IntakeEventBody(intake: record(id: "b", day: "2026-11-20", waterUl: 312_296)))
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context).totalWaterMl == 250)
        // One intake twice in a batch counts once; a known one in a later batch moves as an update would.
        try fixture.intake(EventDescriptor.intakeBatchLogged.name, IntakeBatchBody(user: "ana", intakes: [
            record(id: "g", day: "2026-11-18", waterUl: 50_000), record(id: "h", day: "2026-11-18", waterUl: 20_000),
            record(id: "g", day: "2026-11-18", waterUl: 50_000),
        ]))
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-18")!), context).totalWaterMl == 70)
        try fixture.intake(EventDescriptor.intakeBatchLogged.name, IntakeBatchBody(user: "ana", intakes: [
            record(id: "i", day: "2026-11-17", waterUl: 5_000), record(id: "g", day: "2026-11-17", waterUl: 60_000),
        ]))
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-18")!), context).totalWaterMl == 20)
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-17")!), context).totalWaterMl == 65)
        for bad in [
            IntakeBatchBody(user: "ana", intakes: []),
            IntakeBatchBody(user: "ana", intakes: [record(id: "x", day: "2026-02-30", waterUl: 1), record(id: "y", user: "bob", day: "2026-11-20", waterUl: 1)]),
            IntakeBatchBody(user: "", intakes: [record(id: "z", user: "", day: "2026-11-20", waterUl: 1)]),
        ] {
            let event = try fixture.event(EventDescriptor.intakeBatchLogged.name, publisher: ServiceName.intake, bad)
            #expect(throws: EventSkip.self, "\(bad)") { try fixture.apply(event) }
        }
        #expect(try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context).totalWaterMl == 250)
    }

    @Test("a second goal change for the same effective day replaces that day's goal")
    func goals() async throws {
        let fixture = try AnalyticsFixture()
        let context = fixture.context()
        var today = try await fixture.handlers.day(DayRequest(), context)
        #expect(today.goalMl == 2500 && today.goalSource == "default")
        try fixture.goals(EventDescriptor.goalChanged.name, goal(1800, on: "2026-11-19"))
        try fixture.goals(EventDescriptor.goalChanged.name, goal(3000, on: "2026-11-21", source: "auto"))
        try fixture.goals(EventDescriptor.goalChanged.name, goal(2200, on: "2026-11-21"))
        today = try await fixture.handlers.day(DayRequest(), context)
        #expect(today.goalMl == 2200 && today.goalSource == "manual")
        let earlier = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-20")!), context)
        #expect(earlier.goalMl == 1800)
        let before = try await fixture.handlers.day(DayRequest(day: LocalDay("2026-11-18")!), context)
        #expect(before.goalMl == 2500 && before.goalSource == "default")
        try fixture.goals(EventDescriptor.goalErased.name, UserErasedBody(user: "ana"))
        today = try await fixture.handlers.day(DayRequest(), context)
        #expect(today.goalSource == "default")
    }

    @Test("step and distance days are replaced, not added; deleted samples drop their read model")
    func activity() async throws {
        let fixture = try AnalyticsFixture()
        let context = fixture.context()
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: 4_000))
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: 6_000))
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-03")!, steps: 3_999))
        try fixture.health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: "ana", day: LocalDay("2026-11-03")!, meters: 5_000))
        var month = try await fixture.handlers.stepsMonth(MonthRequest(), context)
        #expect(month.total == 9_999)
        #expect(month.days.count == 21 && month.days[1].steps == 6_000 && month.days[0].steps == 0)
        try fixture.health(EventDescriptor.healthSamplesDeleted.name, SamplesDeletedBody(user: "ana", type: "steps", count: 3))
        month = try await fixture.handlers.stepsMonth(MonthRequest(), context)
        #expect(month.total == 0)
        let distance = try await fixture.database.pool.read { db in try Double.fetchOne(db, sql: "SELECT meters FROM distance_day") }
        #expect(distance == 5_000)
        try fixture.health(EventDescriptor.healthSamplesDeleted.name, SamplesDeletedBody(user: "ana", type: "body-mass", count: 1))
        try fixture.health(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))
        #expect(try fixture.snapshot().values.allSatisfy(\.isEmpty))
    }

    @Test("a strength sample counts once; sets over 12 reps are counted as excluded")
    func strengthSets() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("s1", day: "2026-11-01", sets: 3, reps: 13, kg: 60))
        try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("s1", day: "2026-11-01", sets: 3, reps: 13, kg: 60))
        try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("s2", day: "2026-11-01", reps: 10, kg: 60))
        let reply = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(reply.exercises.count == 1)
        #expect(reply.exercises.first?.excludedSets == 3)
        #expect(reply.exercises.first?.series == [OneRepMaxPoint(day: LocalDay("2026-11-01")!, oneRepMax: 80)])
    }

    @Test("unknown types and unreadable bodies are skips; system events and unused types are ignored")
    func skips() throws {
        let fixture = try AnalyticsFixture()
        let cases: [(String, String, any Encodable & Sendable)] = [
            ("intake.teleported", ServiceName.intake, UserErasedBody(user: "ana")),
            (EventDescriptor.intakeLogged.name, ServiceName.intake, UserErasedBody(user: "ana")),
            (EventDescriptor.intakeLogged.name, ServiceName.intake, IntakeEventBody(intake: record(id: "x", day: "2026-02-30", waterUl: 1))),
            (EventDescriptor.intakeLogged.name, ServiceName.intake, IntakeEventBody(intake: record(id: "x", day: "2026-11-01", waterUl: -1))),
            (EventDescriptor.intakeLogged.name, ServiceName.intake, IntakeEventBody(intake: record(id: "x", user: "", day: "2026-11-01", waterUl: 1))),
            (EventDescriptor.goalChanged.name, ServiceName.goals, goal(0, on: "2026-11-01")),
            (EventDescriptor.goalChanged.name, ServiceName.goals, goal(.nan, on: "2026-11-01")),
            (EventDescriptor.goalChanged.name, ServiceName.goals, goal(2000, on: "2026-11-01", source: "magic")),
            ("goal.future-thing", ServiceName.goals, UserErasedBody(user: "ana")),
            (EventDescriptor.challengeUpserted.name, ServiceName.goals, ChallengeUpsertedBody(challenge: Challenge(
                id: "swim", title: "Swim", description: "", type: "swimming", goal: 10, reward: .init(trophy: "gold", points: 5)))),
            (EventDescriptor.healthStepsDayChanged.name, ServiceName.healthIngest, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-01")!, steps: -3)),
            (EventDescriptor.healthStepsDayChanged.name, ServiceName.healthIngest, RawStepsDay(user: "ana", day: "11/01/2026", steps: 3)),
            (EventDescriptor.healthDistanceDayChanged.name, ServiceName.healthIngest, DistanceDayChangedBody(user: "ana", day: LocalDay("2026-11-01")!, meters: .infinity)),
            (EventDescriptor.healthStrengthRecorded.name, ServiceName.healthIngest, strength("z", day: "2026-11-01", reps: 0, kg: 50)),
            (EventDescriptor.healthStrengthRecorded.name, ServiceName.healthIngest, strength("z", day: "2026-11-01", reps: 5, kg: -50)),
            (EventDescriptor.healthStrengthRecorded.name, ServiceName.healthIngest, strength("z", day: "2026-11-01", exercise: "  ", reps: 5, kg: 50)),
            ("health.teleported", ServiceName.healthIngest, UserErasedBody(user: "ana")),
        ]
        for (type, publisher, body) in cases {
            let event = try fixture.event(type, publisher: publisher, body)
            #expect(throws: EventSkip.self, "\(type) \(body)") { try fixture.apply(event) }
        }
        #expect(try fixture.snapshot().values.allSatisfy(\.isEmpty))
        for (type, publisher) in [
            (EventDescriptor.heartbeat.name, ServiceName.intake), ("system.other", ServiceName.goals),
            (EventDescriptor.healthWaterRecorded.name, ServiceName.healthIngest), (EventDescriptor.healthWeightRecorded.name, ServiceName.healthIngest),
        ] {
            try fixture.apply(try fixture.event(type, publisher: publisher, UserErasedBody(user: "ana")))
        }
    }
}

/// A `health.steps.day-changed` body as a faulty publisher could write it: `day` any text.
private struct RawStepsDay: Encodable, Sendable {
    var user: String
    var day: String
    var steps: Int64
}
