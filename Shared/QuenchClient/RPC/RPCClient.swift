import QuenchStrings
import Foundation
public import Logging
import MessagePack
public import QuenchProtocol
import Synchronization
public import ZeroMQ

/// A client for one Quench service: a DEALER socket on its own reactor thread, any number
/// of requests in flight, a timeout per attempt, and the Lazy Pirate pattern: when an
/// attempt times out the client drops its socket, connects a new one and resends every
/// pending request with the same envelope (so the same idempotency key), a bounded number
/// of times, then fails the call with `unavailable`.
///
/// A monitor on the socket reports failed security handshakes at once: a key the service
/// refuses fails the pending calls with `unauthenticated` (and the socket is dropped, so
/// nothing queued is delivered later); so does a mismatch of CURVE and plain sockets, and
/// a service that closes the connection during the handshake several times in a row (what
/// a client sees of a mismatch when the service hangs up before its greeting arrives, or
/// of a wrong service public key).
///
/// With `RPCClientOptions.connectTimeout`, a socket that makes no TCP connection within
/// that time fails its calls with `unavailable` at once (a service that is down refuses the
/// connection; there is nobody to resend to).
///
/// The monitor also reports a connection that drops after its handshake (the service
/// stopped, was killed, or closed it). With calls pending, that ends their attempt at once,
/// as if it had timed out: the client drops the socket, connects a new one and resends (one
/// attempt used); a call with no attempt left, or a new socket that makes no connection
/// within `connectTimeout`, fails with `unavailable`, saying the service closed the
/// connection. With nothing pending libzmq reconnects by itself; until it has, the socket
/// counts as unconnected, so the next call's `connectTimeout` applies.
///
/// ```swift
/// let intake = RPCClient(endpoint: "tcp://127.0.0.1:7101")
/// let pong = try await intake.call(.systemPing, PingRequest())
/// ```
public final class RPCClient: @unchecked Sendable {
    public let endpoint: String
    public let options: RPCClientOptions
    private let reactor: Reactor
    private let context: Context
    private let logger: Logger
    private let state = State()
    /// Set (under its lock) before the reactor stops, so no call is queued on a stopped reactor.
    private let closing = Mutex(false)

    /// Reactor-thread state.
    private final class State {
        var socket: Socket?
        var monitor: Socket?
        var pending: [String: Pending] = [:]
        var timer: (id: Int, deadline: ContinuousClock.Instant)?
        var closed = false
        var reconnects = 0
        /// Handshakes of the current socket the service closed without saying why, in a row.
        var closedHandshakes = 0
        /// The current socket has (had) a TCP connection to the service.
        var connected = false
        /// The current socket's connection finished its handshake and has not dropped since
        /// (libzmq reports a failed handshake as a disconnect too; those count as refusals).
        var handshaken = false
        /// The current socket replaced one whose connection the service closed with calls
        /// pending, and has made no handshake yet: its connect timeout says so.
        var afterServiceClosed = false
        /// The timer that fails the calls when no connection is made (`connectTimeout`).
        var connectTimer: Int?
    }

    /// Closed handshakes in a row that count as a refusal: libzmq reconnects after 100, 200
    /// and 400 ms, so about 0.7 s. A service that is down refuses the TCP connection instead
    /// and makes no handshake at all.
    static let closedHandshakesBeforeRefusal = 3

    private final class Pending: @unchecked Sendable {
        let frames: [[UInt8]]
        let attemptTimeout: Duration
        var attemptsLeft: Int
        var deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Envelope, any Error>

        init(frames: [[UInt8]], attemptTimeout: Duration, attempts: Int, continuation: CheckedContinuation<Envelope, any Error>) {
            self.frames = frames
            self.attemptTimeout = attemptTimeout
            attemptsLeft = attempts - 1
            deadline = ContinuousClock.now + attemptTimeout
            self.continuation = continuation
        }
    }

    public init(
        endpoint: String,
        options: RPCClientOptions = RPCClientOptions(),
        context: Context = SharedContext.context,
        logger: Logger = Logger(label: "quench.rpc-client")
    ) throws {
        self.endpoint = endpoint
        self.options = options
        self.context = context
        self.logger = logger
        reactor = try Reactor(name: "quench-client")
        reactor.execute { [self] in openSocket() }
    }

    deinit {
        reactor.stop()
    }

    /// Sends `message` and returns its reply, of the descriptor's type. A reply carrying an
    /// error is thrown as `QuenchError`; so is `unavailable` after the last attempt. A command
    /// needs an `idempotencyKey` (the same for each retry of one change). `timeZone`: the
    /// envelope's `tz` for this call (a client acting for many users, such as the web edge),
    /// else `options.timeZone`.
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>,
        _ body: Request,
        user: String? = nil,
        timeZone: String? = nil,
        idempotencyKey: String? = nil,
        attemptTimeout: Duration? = nil,
        attempts: Int? = nil
    ) async throws -> Reply {
        try await call(
            message.name, raw: try Encoded(body).raw, user: user, timeZone: timeZone, idempotencyKey: idempotencyKey,
            attemptTimeout: attemptTimeout, attempts: attempts)
    }

    /// `call(_:_:…)` with a body already encoded (the CLI writes `import.batch` bodies byte
    /// by byte).
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>,
        _ body: Encoded<Request>,
        user: String? = nil,
        idempotencyKey: String? = nil,
        attemptTimeout: Duration? = nil,
        attempts: Int? = nil
    ) async throws -> Reply {
        try await call(message.name, raw: body.raw, user: user, timeZone: nil, idempotencyKey: idempotencyKey, attemptTimeout: attemptTimeout, attempts: attempts)
    }

    /// Sends a request of any type and decodes the reply body as `Reply`: for tests that send
    /// what the protocol does not have (an unknown type, a body of the wrong shape). Clients
    /// call the typed ``call(_:_:user:idempotencyKey:attemptTimeout:attempts:)``.
    public func call<Request: Encodable, Reply: Decodable>(
        _ type: String,
        _ body: Request,
        as replyType: Reply.Type = Reply.self,
        user: String? = nil,
        idempotencyKey: String? = nil,
        attemptTimeout: Duration? = nil,
        attempts: Int? = nil
    ) async throws -> Reply {
        try await call(
            type, raw: try MessagePackRaw(encoding: body), user: user, timeZone: nil, idempotencyKey: idempotencyKey, attemptTimeout: attemptTimeout,
            attempts: attempts)
    }

    private func call<Reply: Decodable>(
        _ type: String, raw body: MessagePackRaw, user: String?, timeZone: String?, idempotencyKey: String?, attemptTimeout: Duration?,
        attempts: Int?
    ) async throws -> Reply {
        let request = Envelope(
            type: type, user: user ?? options.user, timeZone: timeZone ?? options.timeZone, idempotencyKey: idempotencyKey, body: body)
        let reply = try await send(request, attemptTimeout: attemptTimeout, attempts: attempts)
        if let error = reply.error {
            throw QuenchError(wire: error)
        }
        do {
            return try reply.decodeBody(Reply.self)
        } catch {
            throw QuenchError(.malformed, Self.english(.replyUnreadable(type: "\(type)", detail: "\(error)")))
        }
    }

    /// Sends an envelope as it is and returns the reply envelope (error replies included).
    public func send(_ request: Envelope, attemptTimeout: Duration? = nil, attempts: Int? = nil) async throws -> Envelope {
        let frames: [[UInt8]] = [[], try request.encoded()]
        let timeout = attemptTimeout ?? options.attemptTimeout
        let tries = max(1, attempts ?? options.attempts)
        let id = request.id
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let pending = Pending(frames: frames, attemptTimeout: timeout, attempts: tries, continuation: continuation)
                let queued = closing.withLock { closed -> Bool in
                    guard !closed else { return false }
                    reactor.execute { [self] in start(id: id, pending: pending) }
                    return true
                }
                if !queued {
                    continuation.resume(throwing: QuenchError.unavailable(Self.english(.clientClosed)))
                }
            }
        } onCancel: {
            reactor.execute { [self] in
                state.pending.removeValue(forKey: id)?.continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Fails every pending call with `unavailable`, closes the socket and stops the thread.
    public func close() async {
        closing.withLock { $0 = true }
        _ = try? await reactor.perform { [self] in
            state.closed = true
            failAll(QuenchError.unavailable(Self.english(.clientClosed)))
            state.socket?.close()
            state.monitor?.close()
            state.socket = nil
            state.monitor = nil
        }
        reactor.stop()
    }

    /// How many times the client has dropped and reopened its socket (for tests and health).
    public func reconnectCount() async -> Int {
        (try? await reactor.perform { [self] in state.reconnects }) ?? 0
    }

    /// How many calls wait for their reply (for tests: a call counted here has been sent).
    public func pendingCount() async -> Int {
        (try? await reactor.perform { [self] in state.pending.count }) ?? 0
    }

    // MARK: Reactor thread

    private func openSocket() {
        do {
            let socket = try context.makeSocket(.dealer)
            let monitorEndpoint = "inproc://quench-client-monitor-\(Self.monitorCounter.add(1, ordering: .relaxed).newValue)"
            try socket.monitor(monitorEndpoint, events: SocketEvents.handshake.union([.connected, .disconnected]))
            let monitor = try context.makeSocket(.pair)
            try monitor.setLinger(0)
            try monitor.connect(monitorEndpoint)
            reactor.register(monitor) { [self] in readMonitor() }
            state.monitor = monitor
            try socket.setLinger(0)
            try socket.setMaxMessageSize(Int64(options.maxMessageBytes))
            try socket.setSendHighWaterMark(100_000)
            try socket.setReceiveHighWaterMark(100_000)
            try socket.setReconnectInterval(100, max: 1000)
            if let curve = options.curve {
                try socket.setCurveServerKey(curve.serverPublicKey)
                try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
            }
            try socket.connect(endpoint)
            reactor.register(socket) { [self] in readReplies() }
            state.socket = socket
        } catch {
            logger.error("could not open a socket", metadata: ["endpoint": "\(endpoint)", "error": "\(error)"])
            dropSocket()
        }
    }

    private func start(id: String, pending: Pending) {
        guard !state.closed else {
            pending.continuation.resume(throwing: QuenchError.unavailable(Self.english(.clientClosed)))
            return
        }
        if state.socket == nil { openSocket() }
        if let existing = state.pending.removeValue(forKey: id) {
            existing.continuation.resume(throwing: QuenchError(.conflict, Self.english(.requestInFlight(id: "\(id)"))))
        }
        state.pending[id] = pending
        transmit(pending)
        scheduleTimer(for: pending.deadline)
        scheduleConnectTimer()
    }

    /// Fails every pending call when the current socket has made no connection within
    /// `connectTimeout` (counted from the call that found it unconnected).
    private func scheduleConnectTimer() {
        guard let limit = options.connectTimeout, !state.connected, state.connectTimer == nil else { return }
        state.connectTimer = reactor.addTimer(after: limit) { [self] in
            state.connectTimer = nil
            guard !state.connected, !state.pending.isEmpty else { return }
            let seconds = String(format: "%g", Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)
            failAll(QuenchError.unavailable(Self.english(
                state.afterServiceClosed
                    ? .connectionClosed(endpoint: endpoint, seconds: seconds) : .connectTimeout(endpoint: endpoint, seconds: seconds))))
            dropSocket()
        }
    }

    private func transmit(_ pending: Pending) {
        guard let socket = state.socket else { return }
        do {
            try socket.send(pending.frames, dontWait: true)
        } catch {
            logger.debug("send failed; the attempt will time out and retry", metadata: ["error": "\(error)"])
        }
    }

    private func readReplies() {
        guard let socket = state.socket else { return }
        while true {
            let frames: [[UInt8]]
            do {
                guard let message = try socket.receiveMultipart(dontWait: true, maxFrames: 4) else { return }
                frames = message
            } catch {
                logger.warning("bad reply dropped", metadata: ["error": "\(error)"])
                continue
            }
            guard frames.count == 2, frames[0].isEmpty else {
                logger.warning("reply with unexpected frames dropped", metadata: ["frames": "\(frames.count)"])
                continue
            }
            let reply: Envelope
            do {
                reply = try Envelope.decode(frames[1])
            } catch {
                logger.warning("unreadable reply dropped", metadata: ["error": "\(error)"])
                continue
            }
            if let requestID = reply.replyTo, let pending = state.pending.removeValue(forKey: requestID) {
                pending.continuation.resume(returning: reply)
            } else if reply.replyTo == nil, reply.error != nil, state.pending.count == 1,
                      let (id, pending) = state.pending.first {
                // The service could not read the envelope to learn its id; with one request
                // in flight the error is unambiguously its answer.
                state.pending.removeValue(forKey: id)
                pending.continuation.resume(returning: reply)
            }
        }
    }

    private func scheduleTimer(for deadline: ContinuousClock.Instant) {
        if let timer = state.timer {
            if timer.deadline <= deadline { return }
            reactor.cancelTimer(timer.id)
        }
        let delay = max(.zero, deadline - ContinuousClock.now) + .milliseconds(1)
        let id = reactor.addTimer(after: delay) { [self] in
            state.timer = nil
            checkDeadlines()
        }
        state.timer = (id, deadline)
    }

    private func checkDeadlines() {
        let now = ContinuousClock.now
        let expired = state.pending.filter { $0.value.deadline <= now }.map(\.key)
        endAttempt(of: expired, at: now, failing: QuenchError.unavailable(Self.english(.noReply(endpoint: endpoint, attempts: options.attempts))))
        if let next = state.pending.values.map(\.deadline).min() {
            scheduleTimer(for: next)
        }
    }

    /// Ends the current attempt of the calls `ids`: those with no attempt left fail with
    /// `failure`; if any has one left, it is used, the socket is replaced and every pending
    /// call is resent, each with a new attempt's deadline. Returns whether it reconnected.
    @discardableResult
    private func endAttempt(of ids: [String], at now: ContinuousClock.Instant, failing failure: @autoclosure () -> QuenchError) -> Bool {
        var retry = false
        for id in ids {
            guard let pending = state.pending[id] else { continue }
            if pending.attemptsLeft <= 0 {
                state.pending.removeValue(forKey: id)
                pending.continuation.resume(throwing: failure())
            } else {
                pending.attemptsLeft -= 1
                retry = true
            }
        }
        guard retry else { return false }
        reconnect()
        for pending in state.pending.values {
            pending.deadline = now + pending.attemptTimeout
            transmit(pending)
        }
        scheduleConnectTimer()
        return true
    }

    /// The current socket's connection dropped. After its handshake, with calls pending, the
    /// service closed it before replying (it stopped, or was killed): their attempt ends now
    /// rather than at its timeout (``endAttempt(of:at:failing:)``). A drop during the handshake
    /// is that handshake's failure, counted by ``readMonitor()``; with nothing pending libzmq
    /// reconnects by itself and the next call goes out on that connection. Returns whether
    /// the socket (and its monitor) were replaced.
    private func connectionDropped() -> Bool {
        guard state.handshaken else {
            // Right after the service closed the previous socket's connection, the listener of
            // the dying process may still accept this socket's, then reset it: not connected
            // after all, so the connect timeout applies again.
            if state.afterServiceClosed, state.connected {
                state.connected = false
                scheduleConnectTimer()
            }
            return false
        }
        state.handshaken = false
        // Replies the service sent before it closed are in the socket already (libzmq queues
        // them before it reports the drop), perhaps not yet read: they answer their calls.
        readReplies()
        guard !state.pending.isEmpty else {
            // Idle: libzmq reconnects by itself (`.connected` marks it again); until then the
            // socket is unconnected, so the next call's connect timeout applies (a service
            // that stayed down fails it at once rather than after the attempt timeout).
            state.connected = false
            return false
        }
        logger.debug("the service closed the connection; resending", metadata: ["endpoint": "\(endpoint)", "pending": "\(state.pending.count)"])
        let reconnected = endAttempt(
            of: Array(state.pending.keys), at: ContinuousClock.now,
            failing: QuenchError.unavailable(Self.english(.connectionClosed(endpoint: endpoint, seconds: nil))))
        if reconnected { state.afterServiceClosed = true }
        return reconnected
    }

    /// Handshake outcomes: a refusal fails every pending call now and drops the socket (its
    /// queued requests with it); the next call opens a fresh one and tries again. A dropped
    /// connection: ``connectionDropped()``.
    private func readMonitor() {
        guard let monitor = state.monitor else { return }
        while let frames = try? monitor.receiveMultipart(dontWait: true, maxFrames: 4) {
            guard let event = MonitorEvent(frames: frames) else { continue }
            if event.event == .disconnected {
                if connectionDropped() { return }
                continue
            }
            let refusal: QuenchError
            if event.event == .handshakeFailedAuth {
                refusal = QuenchError(.unauthenticated, Self.english(.keyRefused))
            } else if event.isMechanismMismatch {
                refusal = Self.mismatch(hasKey: options.curve != nil)
            } else if event.event == .handshakeFailedNoDetail {
                state.closedHandshakes += 1
                guard state.closedHandshakes >= Self.closedHandshakesBeforeRefusal else { continue }
                refusal = options.curve == nil
                    ? Self.mismatch(hasKey: false)
                    : QuenchError(.unauthenticated, Self.english(.handshakeClosed(times: state.closedHandshakes)))
            } else {
                if event.event == .handshakeSucceeded {
                    state.closedHandshakes = 0
                    state.handshaken = true
                    state.afterServiceClosed = false
                }
                if event.event == .connected || event.event == .handshakeSucceeded { markConnected() }
                continue
            }
            logger.debug("handshake refused", metadata: ["endpoint": "\(endpoint)", "error": "\(refusal.message)"])
            failAll(refusal)
            dropSocket()
            return
        }
    }

    private static func mismatch(hasKey: Bool) -> QuenchError {
        hasKey
            ? QuenchError(.unauthenticated, english(.serviceInsecure))
            : QuenchError(.unauthenticated, english(.serviceRequiresCurve))
    }

    /// The English of a client error (``ClientText``; the CLI recognises it and shows it in the user's language).
    static func english(_ text: ClientText) -> String { Localizer(.en)(text) }

    private func markConnected() {
        state.connected = true
        if let timer = state.connectTimer {
            reactor.cancelTimer(timer)
            state.connectTimer = nil
        }
    }

    private func dropSocket() {
        if let timer = state.connectTimer {
            reactor.cancelTimer(timer)
            state.connectTimer = nil
        }
        state.connected = false
        state.handshaken = false
        state.afterServiceClosed = false
        if let socket = state.socket {
            reactor.unregister(socket)
            socket.close()
        }
        if let monitor = state.monitor {
            reactor.unregister(monitor)
            monitor.close()
        }
        state.socket = nil
        state.monitor = nil
        state.closedHandshakes = 0
    }

    private static let monitorCounter = Atomic<Int>(0)

    /// Lazy Pirate: a socket whose peer went silent may hold a dead connection; start over.
    private func reconnect() {
        dropSocket()
        state.reconnects += 1
        logger.debug("reconnecting", metadata: ["endpoint": "\(endpoint)"])
        openSocket()
    }

    private func failAll(_ error: QuenchError) {
        let all = state.pending
        state.pending.removeAll()
        for pending in all.values {
            pending.continuation.resume(throwing: error)
        }
    }
}
