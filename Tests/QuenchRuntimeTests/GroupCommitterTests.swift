import Dispatch
import Foundation
import GRDB
import MessagePack
@testable import QuenchRuntime
import QuenchTestSupport
import Synchronization
import Testing

/// The command writer on a real SQLite file: savepoint isolation, publication of committed
/// events (once each, in seq order, never those of a rolled-back command), a failed commit,
/// and stopping.
@Suite("Group committer")
struct GroupCommitterTests {
    final class Fixture: Sendable {
        let database: ServiceDatabase
        let outbox: Outbox
        let committer: GroupCommitter
        let published = Mutex<[UInt64]>([])

        init() throws {
            let folder = TestScratch.directory("committer")
            var migrator = DatabaseMigrator()
            migrator.registerMigration("notes") { db in
                try db.execute(sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE note (
                        text TEXT NOT NULL,
                        parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED
                    );
                    """)
            }
            database = try ServiceDatabase(path: folder.appendingPathComponent("t.sqlite").path, migrator: migrator)
            outbox = try Outbox(publisher: "test", database: database)
            committer = GroupCommitter(database: database, outbox: outbox)
        }

        func collectPublished() {
            outbox.setSink { [self] _, _, envelope in
                let seq = (try? QuenchProtocolEnvelopeSeq.seq(of: envelope)) ?? 0
                published.withLock { $0.append(seq) }
            }
        }

        /// A command that inserts a note and emits an event; fails after both when `fail`.
        func note(_ text: String, fail: Bool = false, parent: Int? = nil) -> GroupCommitter.Work {
            { [outbox] db in
                try db.execute(sql: "INSERT INTO note (text, parent) VALUES (?, ?)", arguments: [text, parent])
                try outbox.append(db, type: "test.noted", user: "ana", body: ["text": text])
                if fail { throw CancellationError() }
                return try MessagePackRaw(encoding: text)
            }
        }

        func notes() throws -> [String] {
            try database.pool.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY rowid") }
        }
    }

    @Test("each command is isolated in its savepoint; only committed events are published, once each, in seq order")
    func isolationAndPublication() async throws {
        let fixture = try Fixture()
        fixture.collectPublished()
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    do {
                        _ = try await fixture.committer.submit(fixture.note("n\(index)", fail: index % 5 == 0))
                        return true
                    } catch {
                        return false
                    }
                }
                // Another writer (a subscriber applying an event) commits through its own
                // transaction and commit hook in between.
                if index % 50 == 0 {
                    group.addTask {
                        _ = try await fixture.database.pool.write { db in
                            try fixture.outbox.append(db, type: "test.other", user: nil, body: ["i": index])
                        }
                        return true
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { !$0 }.count == 40)
        #expect(try fixture.notes().count == 160)
        let stored = try await fixture.database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM runtime_outbox ORDER BY seq") }
        #expect(stored == Array(1...Int64(164)))
        // Publication happens right after each commit, before the completions run.
        #expect(fixture.published.withLock { $0 } == (1...164).map { UInt64($0) })
        #expect(fixture.outbox.headSeq == 164)
    }

    /// Submits `works` so they form one batch: the writer is held by a first command until all
    /// of them are queued. Returns each one's result, in order.
    func oneBatch(_ fixture: Fixture, _ works: [GroupCommitter.Work]) async throws -> [Result<MessagePackRaw, any Error>] {
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        fixture.committer.submit({ _ in
            holding.signal()
            release.wait()
            return try MessagePackRaw(encoding: "held")
        }, completion: { _ in })
        holding.wait()
        let results = Mutex<[Int: Result<MessagePackRaw, any Error>]>([:])
        let done = DispatchSemaphore(value: 0)
        for (index, work) in works.enumerated() {
            fixture.committer.submit(work) { result in
                results.withLock { $0[index] = result }
                done.signal()
            }
        }
        release.signal()
        for _ in works { done.wait() }
        return results.withLock { all in (0..<works.count).map { all[$0]! } }
    }

    @Test("a command that fails before writing costs its batch nothing; one that fails after writing has the batch rerun, each command in a savepoint")
    func failuresInOneBatch() async throws {
        let fixture = try Fixture()
        fixture.collectPublished()
        let runs = Mutex<[String: Int]>([:])
        func counted(_ text: String, _ work: @escaping GroupCommitter.Work) -> GroupCommitter.Work {
            { db in
                runs.withLock { $0[text, default: 0] += 1 }
                return try work(db)
            }
        }
        struct Refused: Error {}
        let refuse: GroupCommitter.Work = { _ in throw Refused() }

        // Failures before any write: every command runs once, the others commit.
        let first = try await oneBatch(fixture, [
            counted("a", fixture.note("a")), counted("refused1", refuse), counted("b", fixture.note("b")),
            counted("refused2", refuse), counted("c", fixture.note("c")),
        ])
        #expect(first.map { if case .success = $0 { true } else { false } } == [true, false, true, false, true])
        #expect(try fixture.notes() == ["a", "b", "c"])
        #expect(runs.withLock { $0 } == ["a": 1, "refused1": 1, "b": 1, "refused2": 1, "c": 1])
        #expect(fixture.published.withLock { $0 } == [1, 2, 3])

        // A failure after writing (a row and an event): the batch is rolled back and run again
        // isolated; the failing command's row and event are gone, the others' kept, once each.
        runs.withLock { $0.removeAll() }
        let second = try await oneBatch(fixture, [
            counted("d", fixture.note("d")), counted("bad", fixture.note("bad", fail: true)),
            counted("refused3", refuse), counted("e", fixture.note("e")),
        ])
        #expect(second.map { if case .success = $0 { true } else { false } } == [true, false, false, true])
        #expect(try fixture.notes() == ["a", "b", "c", "d", "e"])
        #expect(runs.withLock { $0 } == ["d": 2, "bad": 2, "refused3": 1, "e": 1])
        let stored = try await fixture.database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM runtime_outbox ORDER BY seq") }
        #expect(stored == [1, 2, 3, 4, 5])
        #expect(fixture.published.withLock { $0 } == [1, 2, 3, 4, 5])
    }

    @Test("a commit that fails fails every command of its transaction and stores nothing; the writer carries on")
    func failedCommit() async throws {
        let fixture = try Fixture()
        fixture.collectPublished()
        // A deferred foreign key is checked at COMMIT: the transaction, not the savepoint, fails.
        await #expect(throws: (any Error).self) {
            try await fixture.committer.submit(fixture.note("orphan", parent: 42))
        }
        #expect(try fixture.notes().isEmpty)
        #expect(fixture.published.withLock { $0 }.isEmpty)
        _ = try await fixture.committer.submit(fixture.note("after"))
        #expect(try fixture.notes() == ["after"])
        #expect(fixture.published.withLock { $0 } == [1])
    }

    @Test("stop runs what was submitted before it and refuses what comes after")
    func stopping() async throws {
        let fixture = try Fixture()
        let done = Mutex(0)
        for index in 0..<50 {
            fixture.committer.submit(fixture.note("s\(index)")) { result in
                if case .success = result { done.withLock { $0 += 1 } }
            }
        }
        fixture.committer.stop()
        #expect(done.withLock { $0 } == 50)
        #expect(try fixture.notes().count == 50)
        await #expect(throws: GroupCommitter.Stopped.self) {
            try await fixture.committer.submit(fixture.note("late"))
        }
        fixture.committer.stop()
    }
}

/// Reads `seq` out of an event envelope.
enum QuenchProtocolEnvelopeSeq {
    static func seq(of bytes: [UInt8]) throws -> UInt64 {
        struct Seq: Decodable { var seq: UInt64 }
        return try MessagePackDecoder().decode(Seq.self, from: bytes).seq
    }
}
