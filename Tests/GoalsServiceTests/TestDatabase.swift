import Foundation
import GRDB
import Logging
@testable import GoalsService
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Synchronization

/// A goals database in a temporary file, with its outbox, and a clock the test moves.
final class TestDatabase: Sendable {
    let database: ServiceDatabase
    let outbox: Outbox
    let clock = Mutex(Date(timeIntervalSince1970: 1_793_620_800))  // 2026-11-02T12:00:00Z
    private let seq = Mutex<UInt64>(0)

    init() throws {
        let path = TestScratch.file("goals-unit", named: "goals.sqlite").path
        database = try ServiceDatabase(path: path, migrator: GoalsSchema.migrator)
        outbox = try Outbox(publisher: ServiceName.goals, database: database)
    }

    var now: @Sendable () -> Date {
        { self.clock.withLock { $0 } }
    }

    func advance(days: Int) {
        clock.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) }
    }

    var applier: HealthEventApplier {
        HealthEventApplier(outbox: outbox, now: now)
    }

    /// Applies a health event the way the subscriber does: in a write transaction.
    func deliver<Body: Encodable>(_ type: String, _ body: Body) throws {
        let next = seq.withLock { value -> UInt64 in
            value += 1
            return value
        }
        let event = Envelope(type: type, body: try MessagePackRaw(encoding: body), publisher: ServiceName.healthIngest, seq: next)
        try database.pool.write { db in try applier.apply(db, event) }
    }

    /// A health event as health-ingest publishes it, with the next seq.
    func event<Body: Encodable>(_ type: String, _ body: Body) throws -> Envelope {
        let next = seq.withLock { value -> UInt64 in
            value += 1
            return value
        }
        return Envelope(type: type, body: try MessagePackRaw(encoding: body), publisher: ServiceName.healthIngest, seq: next)
    }

    /// Applies a run of events (the next seqs) through the subscriber's own transaction
    /// (`SubscriberTransaction`, as goals' service sets it up): a savepoint per event, the
    /// run's shared work at the end, the cursor with them. Returns how many were skipped.
    @discardableResult
    func deliver(run events: [Envelope]) throws -> Int {
        let applier = applier
        let transaction = SubscriberTransaction(
            publisher: ServiceName.healthIngest, applied: HealthEventApplier.applied, outbox: outbox, logger: Logger(label: "test.goals"),
            batch: { applier.makeBatch() })
        return Int(try transaction.run(events, in: database).skipped)
    }

    /// The `goal.changed` bodies in the outbox, oldest first (tombstones left out).
    func goalChanges() throws -> [GoalChangedBody] {
        try database.pool.read { db in
            try outbox.events(db, after: 0, limit: 1000)
                .map { try $0.decode(Envelope.self) }
                .filter { $0.type == EventDescriptor.goalChanged.name && $0.body != nil }
                .map { try $0.decodeBody(GoalChangedBody.self) }
        }
    }

    func state(_ user: String) throws -> GoalState? {
        try database.pool.read { db in try GoalStore.state(db, user: user) }
    }

    func history(_ user: String) throws -> [GoalPeriod] {
        try database.pool.read { db in try GoalStore.history(db, user: user, limit: 100).map(\.wire) }
    }

    /// A user's command: change the state and commit, today in `zone`.
    @discardableResult
    func command(_ user: String, zone: String = "UTC", _ change: (inout GoalState) throws -> Void) throws -> GoalUpdater.Outcome {
        try database.pool.write { db in
            var state = try GoalStore.state(db, user: user) ?? GoalState()
            try change(&state)
            state.timeZone = zone
            let updater = GoalUpdater { [outbox] db, user, body in
                try outbox.append(db, .goalChanged, user: user, body: body)
            }
            return try updater.commit(db, user: user, state: state, today: GoalUpdater.today(now(), zone: zone))
        }
    }
}
