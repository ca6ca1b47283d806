import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing

/// The subscriber's transaction and its one rule for the events a subscriber does not apply.
@Suite("A subscriber's transaction")
struct SubscriberTransactionTests {
    /// A subscriber of health-ingest applying `health.erased` only; it records each event it is handed.
    struct Recorder: EventBatch {
        mutating func apply(_ db: Database, _ event: Envelope) throws {
            let body = try event.body(.healthErased)
            guard !body.user.isEmpty else { throw EventSkip("no user") }
            try db.execute(sql: "INSERT INTO seen (seq, type) VALUES (?, ?)", arguments: [Int64(event.seq ?? 0), event.type])
        }

        func finish(_ db: Database) throws {}
    }

    static func database() throws -> ServiceDatabase {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("seen") { db in
            try db.execute(sql: "CREATE TABLE seen (seq INTEGER PRIMARY KEY, type TEXT NOT NULL)")
        }
        return try ServiceDatabase(path: TestScratch.file("subscriber-transaction", named: "t.sqlite").path, migrator: migrator)
    }

    static func event<Body: Encodable>(_ seq: UInt64, _ type: String, _ body: Body?) throws -> Envelope {
        Envelope(type: type, body: try body.map { try MessagePackRaw(encoding: $0) }, publisher: ServiceName.healthIngest, seq: seq)
    }

    @Test("applied events go to the batch; catalogued ones it does not apply and system.* pass over uncounted; unknown types and unreadable bodies are skipped and counted")
    func oneRule() throws {
        let database = try Self.database()
        let transaction = SubscriberTransaction(
            publisher: ServiceName.healthIngest, applied: AppliedEvents([EventDescriptor.healthErased]),
            logger: Logger(label: "test"), batch: { Recorder() })
        let events = [
            try Self.event(1, EventDescriptor.healthErased.name, UserErasedBody(user: "ana")),
            try Self.event(2, EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay(year: 2026, month: 11, day: 2)!, steps: 5)),
            try Self.event(3, "health.teleported", UserErasedBody(user: "ana")),
            try Self.event(4, "system.reticulated", ["x": 1]),
            try Self.event(5, EventDescriptor.healthErased.name, ["user": 7]),
            try Self.event(6, EventDescriptor.healthErased.name, UserErasedBody(user: "")),
            try Self.event(7, EventDescriptor.goalErased.name, UserErasedBody(user: "ana")),
            try Self.event(8, EventDescriptor.healthErased.name, Optional<UserErasedBody>.none),
            try Self.event(9, EventDescriptor.healthErased.name, UserErasedBody(user: "bob")),
        ]
        let outcome = try transaction.run(events, in: database)
        // 3 (unknown), 5 (unreadable body), 6 (the batch's EventSkip), 7 (another publisher's event).
        #expect([outcome.cursor, outcome.skipped, outcome.totalSkipped, outcome.applied] == [9, 4, 4, 9])
        let seen = try database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM seen ORDER BY seq") }
        #expect(seen == [1, 9])

        // The cursor was stored with them: the same events again change nothing; a gap stops a run.
        let again = try transaction.run(events, in: database)
        #expect([again.cursor, again.skipped, again.totalSkipped, again.applied] == [9, 0, 4, 0])
        let gap = [try Self.event(11, EventDescriptor.healthErased.name, UserErasedBody(user: "cy"))]
        #expect(try transaction.run(gap, in: database).cursor == 9)
    }

    @Test("a direct call of an applier's default gets the same answer (AppliedEvents.otherwise)")
    func otherwise() throws {
        let applied = AppliedEvents([EventDescriptor.healthErased])
        #expect(throws: Never.self) { try applied.otherwise(try Self.event(1, EventDescriptor.healthStepsDayChanged.name, ["x": 1])) }
        #expect(throws: Never.self) { try applied.otherwise(try Self.event(1, "system.other", ["x": 1])) }
        #expect(throws: EventSkip.self) { try applied.otherwise(try Self.event(1, "health.teleported", ["x": 1])) }
        #expect(throws: EventSkip.self) { try applied.otherwise(try Self.event(1, EventDescriptor.intakeLogged.name, ["x": 1])) }
    }
}
