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

/// The Clone pattern's catch-up subscriber (design §3). Per publisher it keeps the last
/// applied `seq` in `runtime_cursor`, written in the same transaction as the change the
/// event makes, so each event is applied exactly once. It fetches missed events with
/// `events.since` on start, on a gap in the live stream, and when a heartbeat shows the
/// publisher ahead; live events are applied as they arrive.
public final class CatchUpSubscriber: Service, @unchecked Sendable {
    public let publisher: PublisherEndpoints
    private let database: ServiceDatabase
    private let apply: EventApplier
    private let logger: Logger
    private let context: Context
    private let clientOptions: RPCClientOptions
    private let heartbeatInterval: Duration
    private let liveBufferLimit: Int
    private let status = Mutex(Status())
    private let droppedLive = Atomic<UInt64>(0)

    private struct Status {
        var applied: UInt64 = 0
        var head: UInt64 = 0
        var skipped: UInt64 = 0
        var lastHeard: ContinuousClock.Instant?
        var ready = false
    }

    private enum Incoming: Sendable {
        case event(Envelope)
        case heartbeat(UInt64)
        case tick
    }

    public init(
        publisher: PublisherEndpoints,
        database: ServiceDatabase,
        clientOptions: RPCClientOptions = RPCClientOptions(attemptTimeout: .seconds(2), attempts: 1),
        heartbeatInterval: Duration = .seconds(1),
        liveBufferLimit: Int = 10_000,
        context: Context = SharedContext.context,
        logger: Logger,
        apply: @escaping EventApplier
    ) {
        self.liveBufferLimit = max(1, liveBufferLimit)
        self.publisher = publisher
        self.database = database
        var clientOptions = clientOptions
        if clientOptions.curve == nil { clientOptions.curve = publisher.curve }
        self.clientOptions = clientOptions
        self.heartbeatInterval = heartbeatInterval
        self.context = context
        self.apply = apply
        var logger = logger
        logger[metadataKey: "publisher"] = "\(publisher.name)"
        self.logger = logger
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
        droppedLive.load(ordering: .relaxed)
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
        let (stream, continuation) = AsyncStream<Incoming>.makeStream(bufferingPolicy: .bufferingOldest(liveBufferLimit))
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
                Self.drain(socket, into: continuation, dropped: self.droppedLive, logger: logger)
            }
            reactor.addTimer(every: heartbeatInterval) {
                continuation.yield(.tick)
            }
        }
        defer {
            continuation.finish()
            reactor.execute { socketBox.socket?.close() }
            reactor.stop()
        }

        // On graceful shutdown end the stream and fail any catch-up call in flight at
        // once, instead of waiting for its timeout.
        await withGracefulShutdownHandler {
            await catchUp(client)
            for await item in stream.cancelOnGracefulShutdown() {
                switch item {
                case .event(let event):
                    await live(event, client)
                case .heartbeat(let head):
                    let behind = status.withLock { state -> Bool in
                        state.head = max(state.head, head)
                        state.lastHeard = .now
                        return head > state.applied
                    }
                    if behind { await catchUp(client) }
                case .tick:
                    let behind = status.withLock { $0.head > $0.applied || !$0.ready }
                    if behind { await catchUp(client) }
                }
            }
        } onGracefulShutdown: {
            continuation.finish()
            Task { await client.close() }
        }
        await client.close()
    }

    private final class SocketBox: @unchecked Sendable {
        var socket: Socket?
    }

    /// Reactor thread: reads every waiting `[topic][envelope]` message.
    private static func drain(
        _ socket: Socket, into continuation: AsyncStream<Incoming>.Continuation, dropped: borrowing Atomic<UInt64>, logger: Logger
    ) {
        while true {
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
            if envelope.type == EventTopic.heartbeat {
                let head = (try? envelope.decodeBody(HeartbeatBody.self).headSeq) ?? envelope.seq ?? 0
                continuation.yield(.heartbeat(head))
            } else {
                if case .dropped = continuation.yield(.event(envelope)) {
                    dropped.add(1, ordering: .relaxed)
                }
            }
        }
    }

    private func live(_ event: Envelope, _ client: RPCClient) async {
        guard let seq = event.seq else {
            logger.warning("event without seq ignored", metadata: ["type": "\(event.type)"])
            return
        }
        let applied = status.withLock { state -> UInt64 in
            state.head = max(state.head, seq)
            state.lastHeard = .now
            return state.applied
        }
        if seq <= applied { return }
        if seq == applied + 1, status.withLock({ $0.ready }) {
            do {
                try await applyBatch([event])
            } catch {
                logger.warning("event not applied; will retry through catch-up", metadata: ["seq": "\(seq)", "error": "\(error)"])
            }
            return
        }
        await catchUp(client)
    }

    /// Fetches and applies everything after the cursor, page by page.
    private func catchUp(_ client: RPCClient) async {
        while !Task.isCancelled {
            let after = status.withLock { $0.applied }
            let reply: EventsSinceReply
            do {
                reply = try await client.call(
                    MessageType.eventsSince, EventsSinceRequest(after: after, limit: EventsSinceRequest.defaultLimit),
                    as: EventsSinceReply.self)
            } catch {
                logger.debug("catch-up deferred: publisher not reachable", metadata: ["error": "\(error)"])
                return
            }
            status.withLock { state in
                state.head = max(state.head, reply.headSeq)
                state.lastHeard = .now
            }
            if reply.headSeq < after {
                logger.error("publisher's head seq is behind this subscriber's cursor: its database was replaced; events after its reset are not applied until the subscriber is rebuilt",
                             metadata: ["head": "\(reply.headSeq)", "cursor": "\(after)"])
                return
            }
            var events: [Envelope] = []
            events.reserveCapacity(reply.events.count)
            for raw in reply.events {
                do {
                    events.append(try raw.decode(Envelope.self, decoder: MessagePackDecoder(limits: Envelope.wireLimits)))
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

    /// Applies consecutive events after the cursor in one transaction with the cursor.
    private func applyBatch(_ events: [Envelope]) async throws {
        let (cursor, skipped) = try await database.pool.write { [publisher, apply, logger] db -> (UInt64, UInt64) in
            let stored = try SubscriptionCursor.load(db, publisher: publisher.name)
            let start = stored.seq
            var cursor = start
            var skipped: UInt64 = 0
            for event in events {
                guard let seq = event.seq else { continue }
                if seq <= cursor { continue }
                if seq != cursor + 1 { break }
                do {
                    try db.inSavepoint {
                        try apply(db, event)
                        return .commit
                    }
                } catch let error where Self.isSkippable(error) {
                    skipped += 1
                    logger.warning("event skipped", metadata: ["seq": "\(seq)", "type": "\(event.type)", "reason": "\(error)"])
                }
                cursor = seq
            }
            if cursor != start || skipped > 0 {
                try SubscriptionCursor.save(db, publisher: publisher.name, seq: cursor, skippedDelta: skipped)
            }
            return (cursor, stored.skipped + skipped)
        }
        status.withLock { state in
            state.applied = cursor
            state.skipped = skipped
        }
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
