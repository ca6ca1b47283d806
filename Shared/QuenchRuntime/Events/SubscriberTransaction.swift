import GRDB
public import Logging
public import QuenchProtocol

/// One transaction of a catch-up subscriber: applies the consecutive events after the stored
/// cursor of `publisher` (``AppliedEvents`` says which go to the batch), each in a
/// savepoint (a skipped one is rolled back with any events it appended, the run goes on),
/// the run's shared work (`EventBatch.finish`) at the end, and the cursor and skipped count
/// saved with them: all or nothing. ``CatchUpSubscriber`` runs it on its apply thread; tests
/// apply runs of events through it too, so they apply them exactly as a service does.
public struct SubscriberTransaction: Sendable {
    public let publisher: String
    public let applied: AppliedEvents
    let makeBatch: EventBatchFactory
    /// The subscribing service's outbox, when its appliers emit events of their own.
    let outbox: Outbox?
    let logger: Logger

    public init(publisher: String, applied: AppliedEvents, outbox: Outbox? = nil, logger: Logger, batch: @escaping EventBatchFactory) {
        self.publisher = publisher
        self.applied = applied
        self.outbox = outbox
        self.logger = logger
        makeBatch = batch
    }

    /// A fresh batch of the subscriber's applier (for tests that hand it events directly).
    public func batch() -> any EventBatch {
        makeBatch()
    }

    /// What one transaction did.
    public struct Outcome: Sendable, Equatable {
        /// The cursor after it.
        public var cursor: UInt64
        /// Events skipped by this transaction.
        public var skipped: UInt64
        /// Events skipped in all (stored with the cursor).
        public var totalSkipped: UInt64
        /// Events the cursor moved past (applied, skipped or passed over).
        public var applied: UInt64
    }

    /// Applies `events` (those after the stored cursor, up to the first gap) in one write
    /// transaction of `database`.
    public func run(_ events: [Envelope], in database: ServiceDatabase) throws -> Outcome {
        try database.pool.write { db in try run(events, db) }
    }

    private func run(_ events: [Envelope], _ db: Database) throws -> Outcome {
        let stored = try SubscriptionCursor.load(db, publisher: publisher)
        let start = stored.seq
        var cursor = start
        var skipped: UInt64 = 0
        var batch = makeBatch()
        func skip(_ event: Envelope, _ seq: UInt64, _ reason: String) {
            skipped += 1
            logger.warning("event skipped", metadata: ["seq": "\(seq)", "type": "\(event.type)", "reason": "\(reason)"])
        }
        let run = {
            for event in events {
                guard let seq = event.seq else { continue }
                if seq <= cursor { continue }
                if seq != cursor + 1 { break }
                defer { cursor = seq }
                // A redacted event (an erased user's, no body: Outbox.redact) holds nothing
                // to apply; the cursor moves past it.
                if event.body == nil { continue }
                switch applied.disposition(of: event.type, from: publisher) {
                case .passOver:
                    continue
                case .skip(let reason):
                    skip(event, seq, reason)
                    continue
                case .apply:
                    break
                }
                let mark = outbox?.mark()
                do {
                    try db.inCachedSavepoint { try batch.apply(db, event) }.get()
                } catch let error where Self.isSkippable(error) {
                    outbox?.rollBack(to: mark)
                    skip(event, seq, "\(error)")
                } catch {
                    outbox?.rollBack(to: mark)
                    throw error
                }
            }
            guard cursor != start else { return }
            // The run's shared work. It cannot be pinned on one event: when it fails for a
            // reason a retry would not cure, the run stays applied and the failure is
            // counted as a skip and logged, so the subscriber does not stall on it.
            let mark = outbox?.mark()
            do {
                try db.inCachedSavepoint { try batch.finish(db) }.get()
            } catch let error where Self.isSkippable(error) {
                outbox?.rollBack(to: mark)
                skipped += 1
                logger.error("the work shared by a run of events failed and was skipped",
                             metadata: ["through": "\(cursor)", "reason": "\(error)"])
            } catch {
                outbox?.rollBack(to: mark)
                throw error
            }
        }
        // The events the appliers append are kept in memory and published right after
        // the commit (no read-back, no commit hook per event).
        var appended: [Outbox.Pending] = []
        if let outbox {
            (_, appended) = try outbox.batch(db, run)
        } else {
            try run()
        }
        if cursor != start || skipped > 0 {
            try SubscriptionCursor.save(db, publisher: publisher, seq: cursor, skippedDelta: skipped)
        }
        outbox?.publishAfterCommit(db, appended)
        return Outcome(cursor: cursor, skipped: skipped, totalSkipped: stored.skipped + skipped, applied: cursor - start)
    }

    /// Storage failures are retried; anything about the event itself is skipped.
    static func isSkippable(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CANTOPEN, .SQLITE_PERM:
                return false
            default:
                return true
            }
        }
        return !(error is CancellationError)
    }
}
