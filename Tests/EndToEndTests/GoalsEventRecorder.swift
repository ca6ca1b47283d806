import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
import QuenchRuntime

/// An outside subscriber of goals' events (the runtime's catch-up subscriber on its own
/// SQLite file): each applied event becomes a row keyed by seq, so a repeat would fail.
final class GoalsEventRecorder: Sendable {
    let database: ServiceDatabase
    private let task: Task<Void, any Error>

    init(_ goals: ServiceProcess, directory: URL) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("recorder") { db in
            try db.execute(sql: "CREATE TABLE seen (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, body BLOB NOT NULL)")
        }
        let database = try ServiceDatabase(path: directory.appendingPathComponent("recorder.sqlite").path, migrator: migrator)
        self.database = database
        let subscriber = CatchUpSubscriber(
            publisher: PublisherEndpoints(name: ServiceName.goals, rpcEndpoint: goals.rpcEndpoint, pubEndpoint: goals.pubEndpoint),
            database: database,
            heartbeatInterval: .milliseconds(200),
            applies: .everything,
            logger: Logger(label: "test.goals-recorder"),
            batch: { EachEvent { db, event in
                try db.execute(
                    sql: "INSERT INTO seen (seq, type, body) VALUES (?, ?, ?)",
                    arguments: [Int64(event.seq ?? 0), event.type, Data((event.body ?? MessagePackRaw.emptyMap).bytes)])
            } })
        task = Task { try await subscriber.run() }
    }

    /// The `goal.changed` bodies seen, in seq order.
    func goalChanges() throws -> [GoalChangedBody] {
        try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT body FROM seen WHERE type = ? ORDER BY seq", arguments: [EventDescriptor.goalChanged.name])
                .map { row in
                    try MessagePackRaw(validating: [UInt8](row["body"] as Data)).decode(GoalChangedBody.self)
                }
        }
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
