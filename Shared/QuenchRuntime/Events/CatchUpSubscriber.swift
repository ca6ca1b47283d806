import Foundation
public import GRDB
public import Logging
import MessagePack
public import QuenchProtocol
public import ServiceLifecycle
import Synchronization
public import ZeroMQ

/// Where a publisher listens.
public struct PublisherEndpoints: Sendable, Equatable {
    public var name: String
    public var rpcEndpoint: String
    public var pubEndpoint: String
    /// CURVE credentials for both sockets (nil for an insecure deployment); used when the
    /// subscriber's `clientOptions` carry none.
    public var curve: CurveClientCredentials?

    public init(name: String, rpcEndpoint: String, pubEndpoint: String, curve: CurveClientCredentials? = nil) {
        self.name = name
        self.rpcEndpoint = rpcEndpoint
        self.pubEndpoint = pubEndpoint
        self.curve = curve
    }
}

/// Thrown by an event applier for an event it cannot apply (a type from a newer
/// publisher, a body it cannot read): the subscriber logs it, counts it, and moves on.
public struct EventSkip: Error, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Applies one event inside the subscriber's write transaction.
public typealias EventApplier = @Sendable (_ db: Database, _ event: Envelope) throws -> Void

/// The Clone pattern's catch-up subscriber (docs/ARCHITECTURE.md, "How an event travels"). Per publisher it keeps the last
/// applied `seq` in `runtime_cursor`, written in the same transaction as the change the
/// event makes, so each event is applied exactly once. It fetches missed events with
/// `events.since` on start, on a gap in the live stream, and when a heartbeat shows the
/// publisher ahead; live events are applied as they arrive, on the subscriber's
/// ``ApplyThread`` (nice 10: the service's requests go first).
public final class CatchUpSubscriber: Service, @unchecked Sendable {
    public let publisher: PublisherEndpoints
    private let database: ServiceDatabase
    /// Applies each run of events with the cursor (``AppliedEvents`` says which events go
    /// to the batch; the rest are passed over or skipped, one rule for every subscriber).
    public let transaction: SubscriberTransaction
    private let logger: Logger
    private let context: Context
    private let clientOptions: RPCClientOptions
    /// The publishers' heartbeat interval (`heartbeat.interval.ms`): the subscriber checks its
    /// inbox this often and reports the publisher not connected after three silent intervals.
    public let heartbeatInterval: Duration
    private let liveBufferLimit: Int
    private let status = Mutex(Status())

    private struct Status {
        var applied: UInt64 = 0
        var head: UInt64 = 0
        var skipped: UInt64 = 0
        var lastHeard: ContinuousClock.Instant?
        var ready = false
        /// The publisher's refusal of this service's key, while it lasts (logged once).
        var refusal: String?
    }

    /// Set by the service host that runs this subscriber (`recordMetrics`).
    private let metrics = Mutex<SubscriberMetrics?>(nil)

    /// The live inbox of the running subscriber (nil before `run`).
    private let inbox = Mutex<LiveInbox?>(nil)

    /// The thread the running subscriber applies events on, at a lower priority than the
    /// service's requests (``ApplyThread``; nil before `run`).
    private let applyThread = Mutex<ApplyThread?>(nil)

    /// The most live events applied in one transaction.
    static let maxBatch = 1000

    /// A subscriber applying each transaction's run of the events in `applies` through a
    /// fresh `EventBatch` (`EachEvent` for an applier with nothing to share across a run).
    public init(
        publisher: PublisherEndpoints,
        database: ServiceDatabase,
        clientOptions: RPCClientOptions = RPCClientOptions(attemptTimeout: .seconds(2), attempts: 1),
        heartbeatInterval: Duration = .seconds(1),
        liveBufferLimit: Int = 10_000,
        context: Context = SharedContext.context,
        outbox: Outbox? = nil,
        applies: AppliedEvents,
        logger: Logger,
        batch: @escaping EventBatchFactory
    ) {
        self.liveBufferLimit = max(1, liveBufferLimit)
        self.publisher = publisher
        self.database = database
        var clientOptions = clientOptions
        if clientOptions.curve == nil { clientOptions.curve = publisher.curve }
        self.clientOptions = clientOptions
        self.heartbeatInterval = heartbeatInterval
        self.context = context
        var logger = logger
        logger[metadataKey: "publisher"] = "\(publisher.name)"
        self.logger = logger
        transaction = SubscriberTransaction(publisher: publisher.name, applied: applies, outbox: outbox, logger: logger, batch: batch)
    }

    /// How far behind this subscriber is, for `system.health`.
    public func health() -> SubscriptionHealth {
        status.withLock { state in
            let connected = state.lastHeard.map { ContinuousClock.now - $0 < heartbeatInterval * 3 } ?? false
            return SubscriptionHealth(
                publisher: publisher.name, appliedSeq: state.applied, headSeq: max(state.head, state.applied),
                skipped: state.skipped, connected: connected)
        }
    }

    /// Live messages dropped because the live buffer was full (each found again by catch-up).
    public var droppedLiveMessages: UInt64 {
        inbox.withLock { $0 }?.droppedEvents ?? 0
    }

    /// Records what this subscriber applies in the process's metrics, labelled `service`.
    func recordMetrics(service: String) {
        metrics.withLock { $0 = SubscriberMetrics(service: service, publisher: publisher.name) }
    }

    /// Forgets the cursor (with the read models, in the caller's transaction): a rebuild.
    public static func resetCursors(_ db: Database) throws {
        try SubscriptionCursor.reset(db)
    }

    /// Tells a running subscriber that its stored cursor was reset (call it once the
    /// transaction that ran `resetCursors` has committed): it forgets its in-memory cursor
    /// and catches up from the stored one at its next tick. Each batch also re-reads the
    /// stored cursor inside its own transaction, so a batch racing the reset never applies
    /// events after a cursor that no longer exists.
    public func reset() {
        status.withLock { state in
            state.applied = 0
            state.skipped = 0
            state.ready = false
        }
    }

    public func run() async throws {
        let stored = try await database.pool.read { [publisher] db in
            try SubscriptionCursor.load(db, publisher: publisher.name)
        }
        status.withLock {
            $0.applied = stored.seq
            $0.skipped = stored.skipped
        }
        let client = try RPCClient(endpoint: publisher.rpcEndpoint, options: clientOptions, context: context, logger: logger)
        let inbox = LiveInbox(limit: liveBufferLimit)
        self.inbox.withLock { $0 = inbox }
        let applyThread = ApplyThread(name: "quench-apply-\(publisher.name)")
        self.applyThread.withLock { $0 = applyThread }
        defer { applyThread.stop() }
        let reactor = try Reactor(name: "quench-sub-\(publisher.name)")
        let socketBox = SocketBox()
        try await reactor.perform { [context, publisher, logger, heartbeatInterval, liveBufferLimit] in
            let socket = try context.makeSocket(.sub)
            try socket.setLinger(0)
            try socket.setMaxMessageSize(Int64(16 << 20))
            try socket.setReceiveHighWaterMark(Int32(clamping: liveBufferLimit * 10))
            try socket.setReconnectInterval(100, max: 1000)
            if let curve = self.clientOptions.curve {
                try socket.setCurveServerKey(curve.serverPublicKey)
                try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
            }
            try socket.subscribe("")
            try socket.connect(publisher.pubEndpoint)
            socketBox.socket = socket
            reactor.register(socket) {
                Self.drain(socket, into: inbox, logger: logger)
            }
            reactor.addTimer(every: heartbeatInterval) {
                inbox.tick()
            }
        }
        defer {
            inbox.close()
            reactor.execute { socketBox.socket?.close() }
            reactor.stop()
        }

        // On graceful shutdown end the doorbell and fail any catch-up call in flight at
        // once, instead of waiting for its timeout.
        await withGracefulShutdownHandler {
            await catchUp(client)
            for await _ in inbox.doorbell.cancelOnGracefulShutdown() {
                let taken = inbox.take()
                if !taken.events.isEmpty {
                    await live(taken.events, client)
                }
                if let head = taken.heartbeat {
                    let behind = status.withLock { state -> Bool in
                        state.head = max(state.head, head)
                        state.lastHeard = .now
                        return head > state.applied
                    }
                    if behind { await catchUp(client) }
                }
                if taken.tick {
                    let behind = status.withLock { $0.head > $0.applied || !$0.ready }
                    if behind { await catchUp(client) }
                }
            }
        } onGracefulShutdown: {
            inbox.close()
            Task { await client.close() }
        }
        await client.close()
    }

    private final class SocketBox: @unchecked Sendable {
        var socket: Socket?
    }

    /// Reactor thread: reads every waiting `[topic][envelope]` message (at most a live
    /// buffer's worth per call; the socket stays readable for the rest) and hands them over
    /// in one go.
    private static func drain(_ socket: Socket, into inbox: LiveInbox, logger: Logger) {
        var events: [Envelope] = []
        var heartbeat: UInt64?
        defer { inbox.put(events: events, heartbeat: heartbeat) }
        for _ in 0..<inbox.limit {
            let frames: [[UInt8]]
            do {
                guard let message = try socket.receiveMultipart(dontWait: true, maxFrames: 4) else { return }
                frames = message
            } catch {
                logger.warning("unreadable event message dropped", metadata: ["error": "\(error)"])
                continue
            }
            guard frames.count == 2 else {
                logger.warning("event message with \(frames.count) frames dropped")
                continue
            }
            guard let envelope = try? Envelope.decode(frames[1]) else {
                logger.warning("event envelope could not be decoded; catch-up will fetch it")
                continue
            }
            if envelope.type == EventDescriptor.heartbeat.name {
                let head = (try? envelope.decodeBody(HeartbeatBody.self).headSeq) ?? envelope.seq ?? 0
                heartbeat = max(heartbeat ?? 0, head)
            } else {
                events.append(envelope)
            }
        }
    }

    /// Applies live events that follow the cursor, as many per transaction as arrived
    /// together (up to `maxBatch`); a gap, or a subscriber not yet caught up, sends it to
    /// catch-up instead.
    private func live(_ events: [Envelope], _ client: RPCClient) async {
        var next: [Envelope] = []
        next.reserveCapacity(events.count)
        for event in events {
            guard event.seq != nil else {
                logger.warning("event without seq ignored", metadata: ["type": "\(event.type)"])
                continue
            }
            next.append(event)
        }
        guard let newest = next.last?.seq else { return }
        let (applied, ready) = status.withLock { state -> (UInt64, Bool) in
            state.head = max(state.head, newest)
            state.lastHeard = .now
            return (state.applied, state.ready)
        }
        var expected = applied + 1
        var run: [Envelope] = []
        var gap = !ready
        for event in next where !gap {
            guard let seq = event.seq, seq >= expected else { continue }
            guard seq == expected else {
                gap = true
                break
            }
            run.append(event)
            expected += 1
        }
        var start = 0
        while start < run.count {
            let end = min(run.count, start + Self.maxBatch)
            do {
                try await applyBatch(Array(run[start..<end]))
            } catch {
                logger.warning("events not applied; will retry through catch-up",
                               metadata: ["seq": "\(run[start].seq ?? 0)", "error": "\(error)"])
                gap = true
                break
            }
            start = end
        }
        if gap { await catchUp(client) }
    }

    /// Fetches and applies everything after the cursor, page by page.
    private func catchUp(_ client: RPCClient) async {
        while !Task.isCancelled {
            let after = status.withLock { $0.applied }
            let reply: EventsSinceReply
            do {
                reply = try await client.call(.eventsSince, EventsSinceRequest(after: after, limit: EventsSinceRequest.defaultLimit))
            } catch let error as QuenchError where error.code == .unauthenticated {
                // A configuration fault, not an outage: say it once, loudly, and keep trying
                // (a reload of the publisher's allow-list admits the key without a restart).
                let first = status.withLock { state -> Bool in
                    defer { state.refusal = error.message }
                    return state.refusal != error.message
                }
                if first {
                    logger.error("the publisher refuses this service's key: its events are not applied until it is admitted (its allow-list) or the key is fixed (upstream public key, client key)",
                                 metadata: ["error": "\(error.message)"])
                }
                return
            } catch {
                logger.debug("catch-up deferred: publisher not reachable", metadata: ["error": "\(error)"])
                return
            }
            let refused = status.withLock { state -> Bool in
                state.head = max(state.head, reply.headSeq)
                state.lastHeard = .now
                defer { state.refusal = nil }
                return state.refusal != nil
            }
            if refused { logger.notice("the publisher admits this service's key again; catching up") }
            if reply.headSeq < after {
                logger.error("publisher's head seq is behind this subscriber's cursor: its database was replaced; events after its reset are not applied until the subscriber is rebuilt",
                             metadata: ["head": "\(reply.headSeq)", "cursor": "\(after)"])
                return
            }
            var events: [Envelope] = []
            events.reserveCapacity(reply.events.count)
            for raw in reply.events {
                do {
                    events.append(try Envelope.decode(raw.bytes))
                } catch {
                    logger.error("events.since returned an unreadable envelope; stopping this catch-up", metadata: ["error": "\(error)"])
                    return
                }
            }
            if events.isEmpty {
                status.withLock { $0.ready = true }
                return
            }
            do {
                try await applyBatch(events)
            } catch {
                logger.warning("catch-up batch not applied; will retry", metadata: ["error": "\(error)"])
                return
            }
            let done = status.withLock { state -> Bool in
                state.applied >= reply.headSeq
            }
            if done {
                status.withLock { $0.ready = true }
                return
            }
        }
    }

    /// Applies `events` in the transaction ``applyBatch(_:)`` runs, on the caller's thread
    /// and without a socket: what the in-process test kit (`QuenchTesting`) delivers a
    /// publisher's events with. Returns the cursor after it.
    @discardableResult
    package func applyInProcess(_ events: [Envelope]) throws -> UInt64 {
        let outcome = try transaction.run(events, in: database)
        database.scrubIfRequested()
        status.withLock { state in
            state.applied = outcome.cursor
            state.skipped = outcome.totalSkipped
            state.head = max(state.head, outcome.cursor)
        }
        return outcome.cursor
    }

    /// Applies consecutive events after the cursor in one transaction with the cursor.
    private func applyBatch(_ events: [Envelope]) async throws {
        let began = DispatchTime.now().uptimeNanoseconds
        guard let thread = applyThread.withLock({ $0 }) else { throw ApplyThread.Stopped() }
        let outcome = try await thread.run { [database, transaction] in
            let outcome = try transaction.run(events, in: database)
            // An erase event applied: what it deleted leaves the file now (UserErasure).
            database.scrubIfRequested()
            return outcome
        }
        status.withLock { state in
            state.applied = outcome.cursor
            state.skipped = outcome.totalSkipped
        }
        if outcome.applied > 0, let metrics = metrics.withLock({ $0 }) {
            metrics.applied(outcome.applied, nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds &- began))
        }
    }
}
