import Logging
import MessagePack

/// Forgets stored replies older than `idempotency.retention.hours`: once when the service
/// starts serving, then every `interval`. Each chunk of at most `chunk` records is one unit
/// of work on the command writer, so commands that arrive meanwhile wait for one chunk at
/// most, never for the whole sweep.
struct IdempotencyPruner: Sendable {
    let committer: GroupCommitter
    let retentionHours: Int
    let logger: Logger
    var interval: Duration = .seconds(3600)
    var chunk = 2_000

    func run() async {
        while !Task.isCancelled {
            await pruneOnce()
            try? await Task.sleep(for: interval)
        }
    }

    /// One sweep, oldest records first, a chunk at a time until a chunk holds none to forget
    /// (or the table ends); returns how many records it forgot.
    @discardableResult
    func pruneOnce() async -> Int {
        var total = 0
        var after: Int64 = 0
        while !Task.isCancelled {
            do {
                let reply = try await committer.submit { [retentionHours, chunk, after] db in
                    try MessagePackRaw(encoding: IdempotencyStore.prune(db, olderThanHours: retentionHours, after: after, limit: chunk))
                }
                let step = try reply.decode(IdempotencyStore.PruneStep.self)
                total += step.forgotten
                after = step.lastRowID
                if step.scanned < chunk || step.forgotten == 0 { break }
            } catch {
                logger.warning("could not forget old idempotency records", metadata: ["error": "\(error)"])
                break
            }
        }
        if total > 0 {
            logger.info("forgot idempotency records past their retention", metadata: [
                "count": "\(total)", "retentionHours": "\(retentionHours)",
            ])
        }
        return total
    }
}
