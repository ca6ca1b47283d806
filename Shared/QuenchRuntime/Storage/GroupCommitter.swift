import GRDB
import MessagePack
import Synchronization

/// Runs commands in shared write transactions: whatever has arrived while the previous
/// transaction was being written goes into the next one, each command in its own
/// savepoint, so one failing command rolls back only its own changes. Every command's
/// reply is released only after the transaction holding it has committed. This is group
/// commit: one WAL commit for many requests under load, one for one when idle.
final class GroupCommitter: Sendable {
    typealias Work = @Sendable (Database) throws -> MessagePackRaw

    private struct Job: Sendable {
        let work: Work
        let continuation: CheckedContinuation<MessagePackRaw, any Error>
    }

    private struct State {
        var pending: [Job] = []
        var running = false
    }

    /// Boxes a thrown error to carry it out of the write closure.
    private struct Failure: @unchecked Sendable {
        let error: any Error
    }

    private enum Outcome: Sendable {
        case stored(MessagePackRaw)
        case failed(Failure)
    }

    private let database: ServiceDatabase
    private let maxBatch: Int
    private let state = Mutex(State())

    init(database: ServiceDatabase, maxBatch: Int = 512) {
        self.database = database
        self.maxBatch = maxBatch
    }

    /// Runs `work` in the next transaction; returns its reply once that transaction committed.
    func submit(_ work: @escaping Work) async throws -> MessagePackRaw {
        try await withCheckedThrowingContinuation { continuation in
            let startRunner = state.withLock { state -> Bool in
                state.pending.append(Job(work: work, continuation: continuation))
                if state.running { return false }
                state.running = true
                return true
            }
            if startRunner {
                Task { await drain() }
            }
        }
    }

    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Job] in
                let count = min(maxBatch, state.pending.count)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                if batch.isEmpty { state.running = false }
                return batch
            }
            if batch.isEmpty { return }
            let outcomes: [Outcome]
            do {
                outcomes = try await database.pool.write { db in
                    batch.map { job -> Outcome in
                        do {
                            var reply: MessagePackRaw?
                            try db.inSavepoint {
                                reply = try job.work(db)
                                return .commit
                            }
                            return reply.map(Outcome.stored) ?? .failed(Failure(error: CancellationError()))
                        } catch {
                            return .failed(Failure(error: error))
                        }
                    }
                }
            } catch {
                // The commit itself failed (disk full, read-only file): nothing of the batch is stored.
                outcomes = batch.map { _ in .failed(Failure(error: error)) }
            }
            for (job, outcome) in zip(batch, outcomes) {
                switch outcome {
                case .stored(let reply): job.continuation.resume(returning: reply)
                case .failed(let failure): job.continuation.resume(throwing: failure.error)
                }
            }
        }
    }
}
