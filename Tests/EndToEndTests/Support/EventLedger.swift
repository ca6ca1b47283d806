import Foundation
import GRDB
import Logging
import QuenchProtocol
import QuenchRuntime
import ServiceLifecycle

/// A consumer database for subscriber tests: each applied event becomes a row keyed by
/// its seq, so a duplicate application fails the primary key and a gap shows in the list.
final class EventLedger: Sendable {
    let database: ServiceDatabase

    init(path: String) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("ledger") { db in
            try db.execute(sql: "CREATE TABLE applied (seq INTEGER PRIMARY KEY, type TEXT NOT NULL)")
        }
        database = try ServiceDatabase(path: path, migrator: migrator)
    }

    func appliedSeqs() throws -> [UInt64] {
        try database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM applied ORDER BY seq").map(UInt64.init) }
    }

    final class Running: Sendable {
        let task: Task<Void, any Error>

        init(task: Task<Void, any Error>) {
            self.task = task
        }

        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    func startSubscriber(_ service: ServiceProcess) throws -> Running {
        let subscriber = CatchUpSubscriber(
            publisher: PublisherEndpoints(name: "intake", rpcEndpoint: service.rpcEndpoint, pubEndpoint: service.pubEndpoint),
            database: database,
            heartbeatInterval: .milliseconds(200),
            applies: .everything,
            logger: Logger(label: "test.subscriber"),
            batch: { EachEvent { db, event in
                try db.execute(sql: "INSERT INTO applied (seq, type) VALUES (?, ?)", arguments: [Int64(event.seq ?? 0), event.type])
            } })
        return Running(task: Task { try await subscriber.run() })
    }
}
