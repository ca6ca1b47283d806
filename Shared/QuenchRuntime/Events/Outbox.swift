import Foundation
public import GRDB
public import MessagePack
public import QuenchProtocol
import Synchronization

/// The durable event outbox (docs/ARCHITECTURE.md, "Durability"): each event is a row of `runtime_outbox` with a
/// gapless `seq`, written in the same transaction as the state change it reports, and
/// handed to the publisher only once that transaction has committed, in commit order.
public final class Outbox: Sendable {
    /// The publisher name events carry (`intake`, `goals`, …).
    public let publisher: String
    private let head: Atomic<UInt64>
    private let publishScheduled = Atomic(false)
    /// True while the command writer runs a batch: it publishes after its own commit, so
    /// `append` registers no commit hook (a registered hook makes GRDB's observation broker
    /// look at every later statement of the transaction).
    private let writerBatch = Atomic(false)
    /// Serialises publication, so events go out once each and in seq order whichever
    /// committer publishes them.
    private let publishing = Mutex(())
    /// The command writer's open batch: the next seq and the events appended so far (those
    /// of a command rolled back to its savepoint are dropped again), so the batch needs no
    /// `MAX(seq)` per event and no read-back after its commit.
    private let open = Mutex<OpenBatch?>(nil)

    private struct OpenBatch {
        var nextSeq: UInt64
        var events: [Pending] = []
    }

    /// Where a command starts in the open batch (`rollBack(to:)` returns there).
    struct Mark {
        let nextSeq: UInt64
        let count: Int
    }
    /// Held in a class: a closure stored directly in a `Mutex` gets re-wrapped in reabstraction
    /// thunks on every `withLock` access, and the chain grows until the stack overflows.
    private let sink: Mutex<Sink?>

    private final class Sink: Sendable {
        let deliver: @Sendable (_ topic: String, _ user: String?, _ envelope: [UInt8]) -> Void

        init(_ deliver: @escaping @Sendable (_ topic: String, _ user: String?, _ envelope: [UInt8]) -> Void) {
            self.deliver = deliver
        }
    }

    public init(publisher: String, database: ServiceDatabase) throws {
        self.publisher = publisher
        let stored = try database.pool.read { db in
            try Int64.fetchOne(db, cached: "SELECT MAX(seq) FROM runtime_outbox") ?? 0
        }
        head = Atomic(UInt64(stored))
        sink = Mutex(nil)
    }

    /// The highest committed seq.
    public var headSeq: UInt64 {
        head.load(ordering: .acquiring)
    }

    /// Adds an event to the transaction `db` is in. Returns its seq.
    ///
    /// Publication happens after the commit and reads back what was committed, so an event
    /// appended inside a savepoint that was rolled back is never published.
    @discardableResult
    public func append<Body>(_ db: Database, _ event: Event<Body>, user: String?, body: Body) throws -> UInt64 {
        try append(db, type: event.name, user: user, body: body)
    }

    /// `append(_:_:user:body:)` with a body already encoded.
    @discardableResult
    public func append<Body>(_ db: Database, _ event: Event<Body>, user: String?, body: Encoded<Body>) throws -> UInt64 {
        try append(db, type: event.name, user: user, raw: body.raw)
    }

    /// Adds an event of any type: for tests of the outbox itself, whose events are no
    /// protocol message. Services emit through the typed ``append(_:_:user:body:)``.
    @discardableResult
    public func append<Body: Encodable>(_ db: Database, type: String, user: String?, body: Body) throws -> UInt64 {
        try append(db, type: type, user: user, raw: try MessagePackRaw(encoding: body))
    }

    private func append(_ db: Database, type: String, user: String?, raw body: MessagePackRaw) throws -> UInt64 {
        let batchSeq = open.withLock { $0?.nextSeq }
        let seq: UInt64
        if let batchSeq {
            seq = batchSeq
        } else {
            seq = UInt64(try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(seq) FROM runtime_outbox")) ?? 0) + 1
        }
        let envelope = Envelope(
            type: type,
            user: user,
            body: body,
            publisher: publisher,
            seq: seq
        )
        let bytes = try envelope.encoded()
        let insert = try DirectStatement(db, sql: "INSERT INTO runtime_outbox (seq, type, user, envelope, createdAt) VALUES (?, ?, ?, ?, ?)")
        insert.bind(1, Int64(seq))
        insert.bind(2, type)
        insert.bind(3, user)
        insert.bind(4, blob: bytes)
        insert.bind(5, Date().timeIntervalSince1970)
        try insert.run()
        if batchSeq != nil {
            open.withLock { batch in
                batch?.nextSeq = seq + 1
                batch?.events.append(Pending(seq: seq, topic: type, user: user, envelope: bytes))
            }
        }
        // One commit hook per transaction: every registered hook costs every later statement
        // of the transaction a call (GRDB's observation broker), so a batch of events must not
        // register one each. The writer is serial, so one flag covers the open transaction.
        if !writerBatch.load(ordering: .acquiring), !publishScheduled.exchange(true, ordering: .acquiringAndReleasing) {
            db.afterNextTransaction(onCommit: { [self] db in
                publishScheduled.store(false, ordering: .releasing)
                publishCommitted(db)
            }, onRollback: { [self] _ in
                publishScheduled.store(false, ordering: .releasing)
            })
        }
        return seq
    }

    /// Where committed events go (the PUB socket); set by the service host.
    func setSink(_ body: (@Sendable (_ topic: String, _ user: String?, _ envelope: [UInt8]) -> Void)?) {
        let box = body.map(Sink.init)
        sink.withLock { $0 = box }
    }

    /// An event read back from the outbox, ready to publish.
    struct Pending: Sendable {
        let seq: UInt64
        let topic: String
        let user: String?
        let envelope: [UInt8]
    }

    /// Runs `body` (a batch of the command writer, inside its transaction) with commit hooks
    /// off, then returns the body's result and the events the transaction will commit,
    /// to hand to `publish` once it has committed.
    func batch<T>(_ db: Database, _ body: () throws -> T) throws -> (T, [Pending]) {
        writerBatch.store(true, ordering: .releasing)
        let first = UInt64(try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(seq) FROM runtime_outbox")) ?? 0) + 1
        open.withLock { $0 = OpenBatch(nextSeq: first) }
        defer {
            open.withLock { $0 = nil }
            writerBatch.store(false, ordering: .releasing)
        }
        let result = try body()
        let batch = open.withLock { $0 }
        // The events kept in memory are what the transaction holds unless something rolled
        // back an append behind the writer's back (a handler's own savepoint): then read back.
        let last = UInt64(try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(seq) FROM runtime_outbox")) ?? 0)
        if let batch, batch.nextSeq == last + 1, batch.events.count == Int(batch.nextSeq - first) {
            return (result, batch.events)
        }
        return (result, try uncommitted(db))
    }

    /// Where the open batch stands before a command (nil outside a batch).
    func mark() -> Mark? {
        open.withLock { batch in batch.map { Mark(nextSeq: $0.nextSeq, count: $0.events.count) } }
    }

    /// Forgets what a command rolled back to its savepoint appended.
    func rollBack(to mark: Mark?) {
        guard let mark else { return }
        open.withLock { batch in
            batch?.nextSeq = mark.nextSeq
            if let count = batch?.events.count, count > mark.count { batch?.events.removeLast(count - mark.count) }
        }
    }

    /// Events past the published head, in seq order, as `db` sees them.
    private func uncommitted(_ db: Database) throws -> [Pending] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT seq, type, user, envelope FROM runtime_outbox WHERE seq > ? ORDER BY seq"),
            arguments: [Int64(clamping: head.load(ordering: .acquiring))])
        return rows.map { row in
            Pending(seq: UInt64(max(0, row["seq"] as Int64)), topic: row["type"], user: row["user"], envelope: [UInt8](row["envelope"] as Data))
        }
    }

    /// Publishes `events` (a batch's, from `batch`) right after the transaction `db` is in
    /// commits, on the writer, before any later transaction can commit and publish: events go
    /// out in seq order. Register it after the batch's last statement: a commit hook makes
    /// GRDB look at every statement run after it.
    func publishAfterCommit(_ db: Database, _ events: [Pending]) {
        guard !events.isEmpty else { return }
        db.afterNextTransaction(onCommit: { [self] _ in publish(events) })
    }

    /// Hands committed events to the publisher, skipping any that went out already (another
    /// writer's commit hook publishes everything past the head it sees).
    func publish(_ events: [Pending]) {
        guard !events.isEmpty else { return }
        let deliver = sink.withLock { $0 }?.deliver
        publishing.withLock { _ in
            for event in events where event.seq > head.load(ordering: .acquiring) {
                head.store(event.seq, ordering: .releasing)
                deliver?(event.topic, event.user, event.envelope)
            }
        }
    }

    /// Runs on the writer right after a commit, in commit order: publishes every committed
    /// event past the head, in seq order.
    private func publishCommitted(_ db: Database) {
        // Subscribers still get events that fail here through events.since (the heartbeat shows the head).
        publish((try? uncommitted(db)) ?? [])
    }

    /// Turns every event of `user` in the outbox into a tombstone, in the transaction `db` is
    /// in (an erase): the envelope keeps `v`, `id`, `type`, `publisher` and `seq` and loses
    /// `user`, `body` and the original `sentAt` (the erase's time instead); the row loses its
    /// user. `seq` stays gapless, so catch-up keeps working, and a subscriber passes over an
    /// event without a body (docs/PROTOCOL.md §5, Erase). Events this transaction appends
    /// after the call (the erase's own `….erased`) are kept. Returns how many were redacted.
    @discardableResult
    public func redact(_ db: Database, user: String) throws -> Int {
        let rows = try Row.fetchAll(db, cached: "SELECT seq, type FROM runtime_outbox WHERE user = ? ORDER BY seq", arguments: [user])
        let now = Date()
        for row in rows {
            try entomb(db, seq: row["seq"], type: row["type"], at: now)
        }
        return rows.count
    }

    /// Turns the events of `user` of the given `types` for which `matches` holds (given the
    /// decoded envelope) into tombstones, like ``redact(_:user:)``, in the transaction `db`
    /// is in: what a `health.erased` takes back that a subscriber made from the user's health
    /// data after its own erase. An envelope that cannot be decoded is redacted too (nothing
    /// can tell it carries nothing of the user). `seq` stays gapless. Returns how many were
    /// redacted.
    @discardableResult
    public func redact(_ db: Database, user: String, types: Set<String>, where matches: (Envelope) -> Bool) throws -> Int {
        guard !types.isEmpty else { return 0 }
        let marks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let rows = try Row.fetchAll(
            db, sql: "SELECT seq, type, envelope FROM runtime_outbox WHERE user = ? AND type IN (\(marks)) ORDER BY seq",
            arguments: StatementArguments([user] + types.sorted()))
        let now = Date()
        var count = 0
        for row in rows {
            let envelope = try? Envelope.decode([UInt8](row["envelope"] as Data))
            guard envelope.map(matches) ?? true else { continue }
            try entomb(db, seq: row["seq"], type: row["type"], at: now)
            count += 1
        }
        return count
    }

    /// Replaces the event at `seq` with its tombstone: no user, no body, `sentAt` of `at`.
    private func entomb(_ db: Database, seq: Int64, type: String, at now: Date) throws {
        let tombstone = Envelope(type: type, user: nil, sentAt: now, body: nil, publisher: publisher, seq: UInt64(max(0, seq)))
        try db.execute(cached: "UPDATE runtime_outbox SET user = NULL, envelope = ? WHERE seq = ?",
                       arguments: [Data(try tombstone.encoded()), seq])
    }

    /// Events with `seq > after`, oldest first, at most `limit`.
    /// The most envelope bytes one `events.since` page carries (it always carries at least one
    /// event): batch events run to tens of kilobytes, and a page of a thousand of them must not.
    public static let maxPageBytes = 4 << 20

    public func events(_ db: Database, after: UInt64, limit: Int, maxBytes: Int = Outbox.maxPageBytes) throws -> [MessagePackRaw] {
        let rows = try Row.fetchCursor(
            db,
            cached: "SELECT envelope FROM runtime_outbox WHERE seq > ? ORDER BY seq LIMIT ?",
            arguments: [Int64(clamping: after), limit]
        )
        var events: [MessagePackRaw] = []
        var bytes = 0
        while let row = try rows.next() {
            let envelope = [UInt8](row["envelope"] as Data)
            if !events.isEmpty, bytes + envelope.count > maxBytes { break }
            bytes += envelope.count
            events.append(try MessagePackRaw(validating: envelope))
        }
        return events
    }
}
