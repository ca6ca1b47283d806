public import GRDB
public import QuenchProtocol

/// Applies a run of consecutive events inside one write transaction. The subscriber makes a
/// fresh one per transaction: `apply` once per event, inside a savepoint it rolls back when
/// `apply` throws; `finish` once after the run's last event, in the same transaction, before
/// the cursor is saved.
///
/// `finish` is where work that many events of a run share is done once: goals re-derives a
/// user's goal once per run of weights instead of once per weight, analytics re-judges the
/// streak days a run touched in one pass. What `apply` hands to `finish` must stay right
/// when a later event of the run is skipped (its savepoint is rolled back, the run's state
/// in memory is not): keep it to recomputations from what is stored, or record it after the
/// last statement that can throw.
public protocol EventBatch {
    mutating func apply(_ db: Database, _ event: Envelope) throws
    mutating func finish(_ db: Database) throws
}

extension EventBatch {
    /// Applies `event` as a run of one (in the caller's transaction), on a copy of this batch.
    public func applyAlone(_ db: Database, _ event: Envelope) throws {
        var run = self
        try run.apply(db, event)
        try run.finish(db)
    }
}

/// Makes the `EventBatch` of one transaction.
public typealias EventBatchFactory = @Sendable () -> any EventBatch

/// An `EventApplier` as a batch with nothing to finish.
public struct EachEvent: EventBatch {
    let applier: EventApplier

    public init(_ applier: @escaping EventApplier) {
        self.applier = applier
    }

    public func apply(_ db: Database, _ event: Envelope) throws {
        try applier(db, event)
    }

    public func finish(_ db: Database) throws {}
}
