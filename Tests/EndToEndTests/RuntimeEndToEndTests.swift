import ChildProcess
import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Synchronization
import Testing
import ZeroMQ

/// The runtime proven end to end against the real `quench-intake` executable.
@Suite("Runtime end to end", .serialized)
struct RuntimeEndToEndTests {
    @Test("ping and health answer over a real socket")
    func pingAndHealth() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("ping"))
        let client = try RPCClient(endpoint: service.rpcEndpoint)
        let pong = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        #expect(pong.service == "intake")
        #expect(pong.version == QuenchVersion.current)
        let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        // Its upstream (health-ingest) is not running: it answers, and says it is degraded.
        #expect(health.status == "degraded")
        #expect(health.subscriptions.map(\.publisher) == ["health-ingest"])
        #expect(health.subscriptions.first?.connected == false)
        #expect(health.database.ok)
        let checkedAt = try #require(health.database.checkedAt)
        #expect(abs(checkedAt.timeIntervalSinceNow) < 60)
        #expect(health.requestsServed >= 2)
        // A second health request within the minute reports the same check, not a new one.
        let again = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        #expect(again.database.checkedAt == checkedAt)
        await client.close()
        service.stop()
    }

    @Test("many requests in flight on one client all get their own reply")
    func severalInFlight() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("inflight"))
        let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        let volumes = (1...200).map { Double($0) }
        let records = try await withThrowingTaskGroup(of: IntakeRecord.self) { group in
            for volume in volumes {
                group.addTask {
                    try await client.call(
                        MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: volume), as: IntakeRecord.self,
                        idempotencyKey: UUID().uuidString)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(records.map(\.volumeMl).sorted() == volumes)
        let today = try await client.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), as: DayTotal.self)
        #expect(today.count == 200)
        #expect(today.totalWaterMl == volumes.reduce(0, +))
        await client.close()
        service.stop()
    }

    @Test("stored replies past idempotency.retention.hours are forgotten, in chunks, and newer ones still answer retries")
    func idempotencyRetention() async throws {
        let service = try ServiceProcess(
            "intake", dataDirectory: temporaryDirectory("idem-retention"), arguments: ["--idempotency-retention-hours", "24"])
        var client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        let old = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 330), as: IntakeRecord.self, idempotencyKey: "k-old")
        let recent = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 200), as: IntakeRecord.self, idempotencyKey: "k-recent")
        await client.close()
        service.stop()

        // Age one real record past the retention and add more than one chunk (2,000) of old ones.
        let now = Date().timeIntervalSince1970
        let queue = try DatabaseQueue(path: service.databasePath)
        try await queue.write { db in
            try db.execute(sql: "UPDATE runtime_idempotency SET createdAt = ? WHERE key = 'k-old'", arguments: [now - 25 * 3600])
            for index in 0..<4_500 {
                try db.execute(
                    sql: "INSERT INTO runtime_idempotency (scope, key, type, reply, createdAt) VALUES ('user:ana', ?, 'intake.log', x'c0', ?)",
                    arguments: ["aged-\(index)", now - 48 * 3600 + Double(index)])
            }
        }
        try queue.close()
        #expect(try SQLiteFiles.integer(service.databasePath, "SELECT COUNT(*) FROM runtime_idempotency") == 4_502)

        try service.start()
        let forgotten = try await eventually {
            try SQLiteFiles.integer(service.databasePath, "SELECT COUNT(*) FROM runtime_idempotency") == 1
        }
        let left = try SQLiteFiles.strings(service.databasePath, "SELECT key FROM runtime_idempotency LIMIT 5")
        #expect(forgotten, "records left: \(left)")
        #expect(left == ["k-recent"])
        #expect(service.logTail(80).contains("forgot idempotency records past their retention"), "\(service.logTail(20))")
        #expect(service.logTail(80).contains("count=4501"), "\(service.logTail(20))")
        // Pruned in row order: no index on createdAt for every command to keep up (runtime.v2).
        #expect(try SQLiteFiles.integer(service.databasePath, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'runtime_idempotency_created'") == 0)

        client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        // Within the retention: the stored reply, nothing new stored.
        let recentAgain = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 200), as: IntakeRecord.self, idempotencyKey: "k-recent")
        #expect(recentAgain == recent)
        // Past it: the key is new again, so the command runs again.
        let oldAgain = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 330), as: IntakeRecord.self, idempotencyKey: "k-old")
        #expect(oldAgain.id != old.id)
        let list = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.count == 3)
        await client.close()
        service.stop()
    }

    @Test("a database a newer version migrated is refused at start, named, and left as it was")
    func newerSchemaRefused() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("newer-schema"))
        var client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        let logged = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250), as: IntakeRecord.self, idempotencyKey: "before")
        await client.close()
        service.stop()

        // What a later release's migration would leave behind.
        let queue = try DatabaseQueue(path: service.databasePath)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('intake.v99-from-the-future')")
        }
        try queue.close()
        do {
            try service.start()
            Issue.record("the service started on a database with an unknown migration")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("exited with status 1"), "\(text)")
            #expect(text.contains("was written by a newer Quench"), "\(text)")
            #expect(text.contains("intake.v99-from-the-future"), "\(text)")
        }
        #expect(try SQLiteFiles.integer(service.databasePath, "SELECT COUNT(*) FROM intake") == 1)

        // Back on the version that wrote it (here: without the unknown migration), it serves as before.
        let restore = try DatabaseQueue(path: service.databasePath)
        try await restore.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'intake.v99-from-the-future'") }
        try restore.close()
        try service.start()
        client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        let list = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.map(\.id) == [logged.id])
        await client.close()
        service.stop()
    }

    @Test("bad frames, bodies, types, versions and sizes each get a typed error and the service keeps serving")
    func hostileInput() async throws {
        let service = try ServiceProcess(
            "intake", dataDirectory: temporaryDirectory("hostile"), arguments: ["--limits-max-message-bytes", "65536"])
        let raw = try RawDealer(endpoint: service.rpcEndpoint)

        func code(_ reply: [[UInt8]]) throws -> String? {
            try Envelope.decode(reply.last ?? []).error?.code
        }
        // Not MessagePack at all.
        #expect(try code(raw.request([[], [0xc1, 0x00, 0xff]])) == "malformed")
        // A map that declares 2^32-1 entries with nothing after it.
        #expect(try code(raw.request([[], [0xdf, 0xff, 0xff, 0xff, 0xff]])) == "malformed")
        // A string that claims 4 GiB.
        #expect(try code(raw.request([[], [0xdb, 0xff, 0xff, 0xff, 0xff, 0x41]])) == "malformed")
        // Deep nesting.
        #expect(try code(raw.request([[], [UInt8](repeating: 0x91, count: 10_000) + [0xc0]])) == "malformed")
        // Missing empty delimiter frame.
        #expect(try code(raw.request([try Envelope(type: MessageDescriptor.systemPing.name).encoded()])) == "malformed")
        // Two envelope frames.
        let ping = try Envelope(type: MessageDescriptor.systemPing.name).encoded()
        #expect(try code(raw.request([[], ping, ping])) == "malformed")
        // Unknown type.
        #expect(try code(raw.request([[], try Envelope(type: "intake.teleport").encoded()])) == "unknown_type")
        // Unsupported version.
        #expect(try code(raw.request([[], try Envelope(version: 99, type: MessageDescriptor.systemPing.name).encoded()])) == "unsupported_version")
        // Oversize (above the configured 64 KiB, below libzmq's hard ceiling).
        var big = Envelope(type: MessageDescriptor.systemPing.name)
        big.user = String(repeating: "x", count: 100_000)
        #expect(try code(raw.request([[], try big.encoded()])) == "too_large")
        // A body of the wrong shape names the field.
        var wrong = Envelope(type: MessageDescriptor.intakeLog.name, user: "ana", idempotencyKey: "x")
        wrong.body = try MessagePackRaw(encoding: ["volume": "a lot"])
        let reply = try Envelope.decode(raw.request([[], try wrong.encoded()]).last ?? [])
        #expect(reply.error?.code == "invalid_argument")
        #expect(reply.error?.field == "volume")
        // Far beyond libzmq's ceiling: the peer is dropped; no reply is possible, the service lives on.
        _ = try? raw.request([[], [UInt8](repeating: 0, count: 1 << 20)], timeoutMilliseconds: 500)

        let client = try RPCClient(endpoint: service.rpcEndpoint)
        let pong = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        #expect(pong.service == "intake")
        let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        #expect(health.errorsByCode["malformed", default: 0] >= 5)
        #expect(service.isRunning)
        raw.close()
        await client.close()
        service.stop()
    }

    @Test("a service killed mid-request and restarted: the client resends and gets its reply, stored once")
    func killAndRestart() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("restart"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .milliseconds(700), attempts: 20, user: "ana"))
        _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        // Freeze the process so the request reaches it but is never answered, then kill it.
        kill(service.pid, SIGSTOP)
        let call = Task {
            try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250), as: IntakeRecord.self, idempotencyKey: "restart-1")
        }
        try await Task.sleep(for: .milliseconds(300))
        service.stop(signal: SIGKILL)
        try await Task.sleep(for: .milliseconds(500))
        try service.start()
        let record = try await call.value
        #expect(record.volumeMl == 250)
        #expect(await client.reconnectCount() >= 1)
        let list = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.map(\.id) == [record.id])
        await client.close()
        service.stop()
    }

    @Test("a client whose service never answers gets unavailable after its bounded retries")
    func unavailableAfterRetries() async throws {
        let client = try RPCClient(
            endpoint: "tcp://127.0.0.1:1", options: RPCClientOptions(attemptTimeout: .milliseconds(200), attempts: 3))
        let started = ContinuousClock.now
        do {
            _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
            Issue.record("a call to nothing succeeded")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        await client.close()
    }

    @Test("a subscriber that was down catches up every missed event exactly once, in order")
    func catchUpSubscriber() async throws {
        let folder = temporaryDirectory("catchup")
        let service = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        let consumer = try EventLedger(path: folder.appendingPathComponent("consumer.sqlite").path)

        func log(_ count: Int) async throws {
            for _ in 0..<count {
                _ = try await client.call(
                    MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 100), as: IntakeRecord.self, idempotencyKey: UUID().uuidString)
            }
        }
        try await log(5)
        let first = try consumer.startSubscriber(service)
        #expect(try await eventually { try consumer.appliedSeqs() == Array(1...5) })
        // Live events flow while it runs.
        try await log(3)
        #expect(try await eventually { try consumer.appliedSeqs() == Array(1...8) })
        // Down: events produced meanwhile are missed live…
        await first.stop()
        try await log(7)
        // …and the publisher restarts too, so the subscriber sees a new connection.
        service.stop()
        try service.start()
        try await log(2)
        let second = try consumer.startSubscriber(service)
        #expect(try await eventually { try consumer.appliedSeqs() == Array(1...17) })
        try await log(1)
        #expect(try await eventually { try consumer.appliedSeqs() == Array(1...18) })
        await second.stop()
        await client.close()
        service.stop()
    }

    @Test("a run's shared work (EventBatch.finish) commits with its events once per transaction; when it fails for good the run stays applied, counted as skipped")
    func eventBatchFinish() async throws {
        let folder = temporaryDirectory("event-batch")
        let service = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        var migrator = DatabaseMigrator()
        migrator.registerMigration("runs") { db in
            try db.execute(sql: """
                CREATE TABLE applied (seq INTEGER PRIMARY KEY);
                CREATE TABLE run (id INTEGER PRIMARY KEY, events INTEGER NOT NULL);
                """)
        }
        let database = try ServiceDatabase(path: folder.appendingPathComponent("consumer.sqlite").path, migrator: migrator)
        let failures = FailureBudget(1)
        let subscriber = CatchUpSubscriber(
            publisher: PublisherEndpoints(name: "intake", rpcEndpoint: service.rpcEndpoint, pubEndpoint: service.pubEndpoint),
            database: database, heartbeatInterval: .milliseconds(200), applies: .everything, logger: Logger(label: "test.batch"),
            batch: { LedgerRun(failures: failures) })
        func log(_ count: Int) async throws {
            for _ in 0..<count {
                _ = try await client.call(
                    MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 100), as: IntakeRecord.self, idempotencyKey: UUID().uuidString)
            }
        }
        func state() throws -> (applied: [Int64], runs: [Int64]) {
            try database.pool.read { db in
                (try Int64.fetchAll(db, sql: "SELECT seq FROM applied ORDER BY seq"),
                 try Int64.fetchAll(db, sql: "SELECT events FROM run ORDER BY id"))
            }
        }

        // Five events caught up in one page, one run: its finish fails (an EventSkip), so the
        // run's own row is rolled back, the five stay applied and one skip is counted.
        try await log(5)
        let running = Task { try await subscriber.run() }
        #expect(try await eventually { try state().applied == Array(1...5) })
        #expect(try state().runs.isEmpty)
        // The count is the subscriber's, set just after the commit the rows above come from.
        #expect(await eventually { subscriber.health().skipped == 1 })
        // Later runs finish: one row per transaction, together counting every event.
        try await log(3)
        #expect(try await eventually { try state().applied == Array(1...8) })
        let runs = try state().runs
        #expect(!runs.isEmpty && runs.reduce(0, +) == 3, "\(runs)")
        // Like the skip count, the applied seq is set just after the commit the rows come from.
        #expect(await eventually { subscriber.health().appliedSeq == 8 })
        #expect(subscriber.health().skipped == 1)
        running.cancel()
        _ = await running.result
        await client.close()
        service.stop()
    }

    /// How many more times something should fail.
    private final class FailureBudget: Sendable {
        private let left: Mutex<Int>

        init(_ count: Int) {
            left = Mutex(count)
        }

        /// True (and one fewer left) while any are left.
        func take() -> Bool {
            left.withLock { left in
                defer { left = max(0, left - 1) }
                return left > 0
            }
        }
    }

    /// Records each event, and at the end of each run one row with the run's size; the
    /// finishes the budget allows throw `EventSkip`.
    private struct LedgerRun: EventBatch {
        let failures: FailureBudget
        var count: Int64 = 0

        mutating func apply(_ db: Database, _ event: Envelope) throws {
            try db.execute(sql: "INSERT INTO applied (seq) VALUES (?)", arguments: [Int64(event.seq ?? 0)])
            count += 1
        }

        mutating func finish(_ db: Database) throws {
            try db.execute(sql: "INSERT INTO run (events) VALUES (?)", arguments: [count])
            if failures.take() { throw EventSkip("the test's first run fails its shared work") }
        }
    }

    @Test("SIGTERM under load: requests taken are answered, the process exits 0, nothing answered is lost")
    func gracefulShutdown() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("graceful"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(5), attempts: 1, user: "ana"))
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<600 {
                group.addTask {
                    do {
                        _ = try await client.call(
                            MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 10), as: IntakeRecord.self, idempotencyKey: "g-\(index)")
                        return true
                    } catch {
                        return false
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(150))
                kill(service.pid, SIGTERM)
                return false
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        let exit = service.stop(timeout: 20)
        #expect(exit == nil || exit?.status == 0)
        let acknowledged = outcomes.filter { $0 }.count
        #expect(acknowledged > 0)
        // Every acknowledged request is in the database.
        let pool = try DatabaseQueue(path: service.databasePath)
        let stored = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM intake") ?? 0 }
        #expect(stored >= acknowledged)
        #expect(service.logTail().contains("stopped"))
        await client.close()
    }
}
