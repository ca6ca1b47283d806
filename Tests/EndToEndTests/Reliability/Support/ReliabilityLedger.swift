import Foundation
import GRDB
import Logging
import QuenchProtocol
import QuenchRuntime

/// A consumer for the subscriber scenarios: every applied event is a row keyed by its seq;
/// an event applied a second time, or applied out of order, is recorded as an anomaly
/// instead of failing (a failing applier would only be counted as skipped).
final class ReliabilityLedger: Sendable {
    let database: ServiceDatabase

    init(path: String) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("reliability-ledger") { db in
            try db.execute(sql: """
                CREATE TABLE applied (seq INTEGER PRIMARY KEY, type TEXT NOT NULL);
                CREATE TABLE anomaly (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, seq INTEGER NOT NULL);
                """)
        }
        database = try ServiceDatabase(path: path, migrator: migrator)
    }

    func appliedSeqs() throws -> [UInt64] {
        try database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM applied ORDER BY seq").map(UInt64.init) }
    }

    /// Applications of an already applied seq, and applications not right after the previous one.
    func anomalies() throws -> (duplicates: Int, outOfOrder: Int) {
        try database.pool.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM anomaly WHERE kind = 'duplicate'") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM anomaly WHERE kind = 'order'") ?? 0)
        }
    }

    /// A running subscriber of this ledger.
    final class Subscription: Sendable {
        let subscriber: CatchUpSubscriber
        let task: Task<Void, any Error>

        init(subscriber: CatchUpSubscriber, task: Task<Void, any Error>) {
            self.subscriber = subscriber
            self.task = task
        }

        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    /// Follows `service`'s events; `applyDelay` makes a slow consumer, `liveBufferLimit` a small live buffer.
    func subscribe(
        to service: ServiceProcess, publisher: String = ServiceName.intake,
        liveBufferLimit: Int = 10_000, applyDelay: Duration = .zero, heartbeat: Duration = .milliseconds(200)
    ) -> Subscription {
        let delay = Double(applyDelay.components.seconds) + Double(applyDelay.components.attoseconds) / 1e18
        let subscriber = CatchUpSubscriber(
            publisher: PublisherEndpoints(name: publisher, rpcEndpoint: service.rpcEndpoint, pubEndpoint: service.pubEndpoint),
            database: database,
            heartbeatInterval: heartbeat,
            liveBufferLimit: liveBufferLimit,
            applies: .everything,
            logger: Logger(label: "reliability.ledger"),
            batch: { EachEvent { db, event in
                let seq = Int64(event.seq ?? 0)
                if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM applied WHERE seq = ?", arguments: [seq]) ?? 0 > 0 {
                    try db.execute(sql: "INSERT INTO anomaly (kind, seq) VALUES ('duplicate', ?)", arguments: [seq])
                    return
                }
                let last = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM applied") ?? 0
                if seq != last + 1 {
                    try db.execute(sql: "INSERT INTO anomaly (kind, seq) VALUES ('order', ?)", arguments: [seq])
                }
                try db.execute(sql: "INSERT INTO applied (seq, type) VALUES (?, ?)", arguments: [seq, event.type])
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            } })
        return Subscription(subscriber: subscriber, task: Task { try await subscriber.run() })
    }
}
