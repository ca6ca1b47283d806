@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

@Suite("Rebuild")
struct RebuildTests {
    @Test("empties every read model and every cursor in one transaction; privileged only")
    func rebuild() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "a", day: "2026-11-20", waterUl: 250_000)))
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-02")!, steps: 4_000))
        try await fixture.database.pool.write { db in
            try db.execute(sql: "INSERT INTO runtime_cursor (publisher, seq, skipped) VALUES ('intake', 1, 0), ('health-ingest', 1, 2)")
        }
        let denied = await error {
            try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context(principal: .user("ana"))) }
        }
        #expect((denied as? QuenchError)?.code == .permissionDenied)
        #expect(try fixture.snapshot()["water_day"]?.count == 1)

        let reply = try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context(principal: .admin)) }
        #expect(reply.cleared["water_day"] == 1 && reply.cleared["steps_day"] == 1 && reply.cleared["intake_entry"] == 1)
        #expect(reply.publishers == ["health-ingest", "intake"])
        #expect(try fixture.snapshot().values.allSatisfy(\.isEmpty))
        let cursors = try await fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM runtime_cursor") }
        #expect(cursors == 0)
    }

    @Test("applying the same events again after a rebuild ends in exactly the same state")
    func replay() async throws {
        let fixture = try AnalyticsFixture()
        var events: [Envelope] = []
        events.append(try fixture.event(EventDescriptor.intakeLogged.name, publisher: ServiceName.intake, IntakeEventBody(intake: record(id: "a", day: "2026-11-20", waterUl: 250_000))))
        events.append(try fixture.event(EventDescriptor.intakeUpdated.name, publisher: ServiceName.intake, IntakeEventBody(
            intake: record(id: "a", day: "2026-11-21", waterUl: 300_000), previous: record(id: "a", day: "2026-11-20", waterUl: 250_000))))
        events.append(try fixture.event(EventDescriptor.intakeLogged.name, publisher: ServiceName.intake, IntakeEventBody(intake: record(id: "b", day: "2026-11-21", waterUl: 10))))
        events.append(try fixture.event(EventDescriptor.intakeDeleted.name, publisher: ServiceName.intake, IntakeEventBody(intake: record(id: "b", day: "2026-11-21", waterUl: 10))))
        events.append(try fixture.event(EventDescriptor.goalChanged.name, publisher: ServiceName.goals, goal(2000, on: "2026-11-20")))
        events.append(try fixture.event(EventDescriptor.healthStrengthRecorded.name, publisher: ServiceName.healthIngest, strength("s", day: "2026-11-20", reps: 3, kg: 70)))
        for event in events { try fixture.apply(event) }
        let first = try fixture.snapshot()
        _ = try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context()) }
        for event in events { try fixture.apply(event) }
        #expect(try fixture.snapshot() == first)
    }
}
