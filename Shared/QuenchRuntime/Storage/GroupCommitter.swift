import CoreMetrics
import Dispatch
import Foundation
import GRDB
import MessagePack
import Synchronization
import ZeroMQ

/// Runs commands in shared write transactions on one dedicated writer thread: whatever has
/// arrived while the previous transaction was being written goes into the next one, and one
/// failing command loses only its own changes. Every command's completion is called only
/// after the transaction holding it has committed (or failed). This is group commit: one WAL
/// commit (one fsync) for many requests under load, one for one when idle.
///
/// A batch runs first without a savepoint per command: a command that fails before it has
/// changed a row (validation, not found, a conflict: nearly every failure) has nothing to
/// undo, and its error is its result. Only when a command fails after changing rows is the
/// whole transaction rolled back and the batch run again with each command in its own
/// savepoint. A savepoint and its release cost each command as much as one of its inserts,
/// and SQLite then keeps the original of every page the command changes in a statement
/// journal; the rare failure after a write pays for running its batch twice instead.
///
/// The writer is a plain thread, not a task: it blocks in SQLite (and in the fsync of each
/// commit), which must not happen on Swift's cooperative pool, and handing a batch to it
/// costs one semaphore signal instead of a task and a continuation per command.
final class GroupCommitter: Sendable {
    typealias Work = @Sendable (Database) throws -> MessagePackRaw
    typealias Completion = @Sendable (Result<MessagePackRaw, any Error>) -> Void

    private struct Job: Sendable {
        let work: Work
        let completion: Completion
    }

    private struct State {
        var pending: [Job] = []
        var sleeping = false
        var stopRequested = false
        var stopped = false
    }

    /// The committer was stopped (the service is shutting down); the command did not run.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "the service is shutting down" }
    }

    /// Called on the writer after the completions of each batch (the server flushes the
    /// replies they queued in one go).
    private final class Hook: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let database: ServiceDatabase
    private let outbox: Outbox?
    private let afterBatch = Mutex<Hook?>(nil)
    private let maxBatch: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let batchSizes: CoreMetrics.Recorder
    private let commitTimes: CoreMetrics.Timer

    /// - Parameter outbox: events the commands append are published after each commit.
    init(database: ServiceDatabase, outbox: Outbox?, maxBatch: Int = 512, service: String = "") {
        self.database = database
        self.outbox = outbox
        self.maxBatch = maxBatch
        ServiceMetrics.install()
        batchSizes = CoreMetrics.Recorder(label: "quench_commit_batch_commands", dimensions: [("service", service)])
        commitTimes = CoreMetrics.Timer(label: "quench_commit_duration_seconds", dimensions: [("service", service)])
        let thread = Thread { [self] in
            nameCurrentThread("quench-writer")
            run()
        }
        thread.start()
    }

    /// Runs `work` in the next transaction and calls `completion` on the writer thread once
    /// that transaction has committed (with the reply) or failed (with the error).
    func submit(_ work: @escaping Work, completion: @escaping Completion) {
        let (accepted, signal) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopRequested else { return (false, false) }
            state.pending.append(Job(work: work, completion: completion))
            guard state.sleeping else { return (true, false) }
            state.sleeping = false
            return (true, true)
        }
        if signal { wake.signal() }
        if !accepted {
            completion(.failure(Stopped()))
            afterBatch.withLock { $0 }?.run()
        }
    }

    /// Sets what runs on the writer after the completions of each batch.
    func setAfterBatch(_ body: @escaping @Sendable () -> Void) {
        let hook = Hook(body)
        afterBatch.withLock { $0 = hook }
    }

    /// `submit` for async callers: returns the reply once the transaction has committed.
    func submit(_ work: @escaping Work) async throws -> MessagePackRaw {
        try await withCheckedThrowingContinuation { continuation in
            submit(work) { continuation.resume(with: $0) }
        }
    }

    /// Runs what was submitted before, refuses anything later, and ends the writer thread.
    func stop() {
        let signal = state.withLock { state -> Bool in
            guard !state.stopRequested else { return false }
            state.stopRequested = true
            defer { state.sleeping = false }
            return state.sleeping
        }
        if signal { wake.signal() }
        let wait = state.withLock { !$0.stopped }
        if wait {
            finished.wait()
            finished.signal()
        }
    }

    // MARK: Writer thread

    private func run() {
        while true {
            let batch = state.withLock { state -> [Job]? in
                if state.pending.isEmpty {
                    if state.stopRequested {
                        state.stopped = true
                        return nil
                    }
                    state.sleeping = true
                    return []
                }
                let count = min(maxBatch, state.pending.count)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                return batch
            }
            guard let batch else { break }
            if batch.isEmpty {
                wake.wait()
                continue
            }
            commit(batch)
        }
        finished.signal()
    }

    private func commit(_ batch: [Job]) {
        let started = DispatchTime.now().uptimeNanoseconds
        let results: [Result<MessagePackRaw, any Error>]
        do {
            do {
                results = try write(batch, isolated: false)
            } catch is FailedAfterWriting {
                // Rolled back: run the batch again, each command in a savepoint.
                results = try write(batch, isolated: true)
            }
        } catch {
            // The commit itself failed (disk full, read-only file, I/O error), or a rollback
            // did: nothing of the batch is stored.
            results = batch.map { _ in .failure(error) }
        }
        // An erase in the batch: its bytes leave the file before its reply goes out.
        database.scrubIfRequested()
        commitTimes.recordNanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- started))
        batchSizes.record(batch.count)
        for (job, result) in zip(batch, results) { job.completion(result) }
        afterBatch.withLock { $0 }?.run()
    }

    /// A command failed after changing rows, outside a savepoint: the batch's transaction
    /// must be rolled back (the error rolls it back) and the batch run again, isolated.
    private struct FailedAfterWriting: Error {}

    /// One transaction for the batch; its events are published once it has committed.
    private func write(_ batch: [Job], isolated: Bool) throws -> [Result<MessagePackRaw, any Error>] {
        try database.pool.write { [outbox] db in
            let run = { try batch.map { job in try Self.run(job.work, in: db, outbox: outbox, isolated: isolated) } }
            guard let outbox else { return try run() }
            let (results, events) = try outbox.batch(db, run)
            outbox.publishAfterCommit(db, events)
            return results
        }
    }

    /// One command. Isolated, in its own savepoint (statements prepared once per connection):
    /// a command that throws is rolled back to its savepoint and reported, and only a failed
    /// rollback (the transaction is no longer usable) throws, which fails the whole batch.
    /// Not isolated, a command that throws is reported only if it changed no row and the
    /// transaction is still open; otherwise this throws `FailedAfterWriting`.
    private static func run(_ work: Work, in db: Database, outbox: Outbox?, isolated: Bool) throws -> Result<MessagePackRaw, any Error> {
        let mark = outbox?.mark()
        if isolated {
            let result = try db.inCachedSavepoint { try work(db) }
            if case .failure = result { outbox?.rollBack(to: mark) }
            return result
        }
        // Counts every row inserted, updated or deleted on this connection, by triggers too;
        // a statement that failed and was undone by SQLite counts none.
        let changes = db.totalChangesCount
        do {
            return .success(try work(db))
        } catch {
            guard db.totalChangesCount == changes, db.isInsideTransaction else { throw FailedAfterWriting() }
            outbox?.rollBack(to: mark)
            return .failure(error)
        }
    }
}
