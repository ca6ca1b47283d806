import Glibc
import Logging
import Synchronization
import QuenchProtocol
import ZeroMQ

/// The service's sockets, all owned by one reactor thread: a ROUTER that takes requests
/// (`[routing…][empty][envelope]`), a PUB that sends events (`[topic][envelope]`) and an
/// XPUB, the user event stream, that sends each user's events as `[<user>/<topic>][envelope]`
/// and confines each user principal's subscriptions to its own prefix. Handlers that are
/// not inline run off this thread; their replies come back through `reactor.execute`, so
/// the sockets are only ever touched here.
///
/// With CURVE every socket is a CURVE server with a ZAP domain (`Authenticator`); the
/// principal of a request is the one the allow-list binds the connection's key (its ZAP
/// `User-Id`) to when the request arrives.
final class RPCServer: @unchecked Sendable {
    struct Endpoints: Sendable {
        var rpc: String
        var pub: String
        var userPub: String
    }

    private let context: Context
    private let reactor: Reactor
    private let dispatcher: RequestDispatcher
    private let logger: Logger
    private let maxMessageBytes: Int
    private let security: SecurityConfig
    /// The principal a connection's `User-Id` (its CURVE client key) is bound to now; nil once removed.
    private let principalOfKey: @Sendable (String) -> Principal?

    /// Replies and events handed over from other threads (the writer, query tasks), sent
    /// by the reactor in the order they were handed over. One wake-up of the reactor
    /// carries everything queued until it runs, instead of one `execute` (and one eventfd
    /// write) per message.
    private enum Outgoing {
        case reply(route: [[UInt8]], bytes: [UInt8])
        case event(topic: String, user: String?, envelope: [UInt8])
    }

    private let outgoing = Mutex<[Outgoing]>([])
    private let flushScheduled = Atomic(false)
    /// Requests handed to a handler off the reactor thread whose reply has not been sent yet.
    private let owed = Atomic(0)

    // Reactor-thread state.
    private var router: Socket?
    private var publisher: Socket?
    private var userPublisher: Socket?
    private var accepting = false
    /// The bound event endpoints (ports resolved), for `reopenEventStreams`.
    private var eventEndpoints: (pub: String, userPub: String)?

    private let limits: TransportLimits
    private let refusals: RefusalLog
    /// Refuses a key's handshakes on the user stream for a while (the ZAP handler's list).
    private let refuseOnUserStream: @Sendable (String, Duration) -> Void
    /// Reactor-thread state: the user stream's subscriptions per principal.
    private var subscriptions: SubscriptionLedger
    /// Reactor-thread state: counts the sockets' failed handshakes and accepts.
    private var watch: HandshakeWatch?

    /// The smallest `ZMQ_MAXMSGSIZE` the user stream's XPUB can have: libzmq applies it to
    /// handshake commands too, and a CURVE INITIATE is about 260 bytes (measured: a SUB's
    /// handshake fails at 256, passes at 300), more when the client sets a routing id.
    static let userStreamHandshakeBytes = 512

    /// `ZMQ_RCVHWM` of the user stream: subscriptions queued per connection before libzmq
    /// stops reading that peer's socket.
    static let userStreamQueuedSubscriptions = 256

    /// `ZMQ_BACKLOG` of every listener (libzmq's default is 100): a burst of connections, an
    /// idle-connection flood among them, leaves room in the kernel's queue for a real client
    /// instead of dropping its SYN (which it retries only after 1, 3, 7… s).
    static let listenBacklog: Int32 = 1024

    init(
        context: Context, dispatcher: RequestDispatcher, logger: Logger, maxMessageBytes: Int,
        security: SecurityConfig = .insecure, principalOfKey: @escaping @Sendable (String) -> Principal? = { _ in nil },
        limits: TransportLimits = .standard, refusals: RefusalLog? = nil,
        refuseOnUserStream: @escaping @Sendable (String, Duration) -> Void = { _, _ in }
    ) throws {
        self.context = context
        self.dispatcher = dispatcher
        self.logger = logger
        self.maxMessageBytes = maxMessageBytes
        self.security = security
        self.principalOfKey = principalOfKey
        self.limits = limits
        self.refusals = refusals ?? RefusalLog(logger: logger, service: dispatcher.service, perMinute: limits.refusalLogsPerMinute)
        self.refuseOnUserStream = refuseOnUserStream
        subscriptions = SubscriptionLedger(maxPerPrincipal: limits.maxSubscriptionsPerPrincipal, maxBytes: limits.maxSubscriptionBytes)
        reactor = try Reactor(name: "quench-\(dispatcher.service)-rpc")
    }

    /// Binds the endpoints and starts serving; returns the bound endpoints (useful with port `*`).
    func start(
        rpcEndpoint: String, pubEndpoint: String, userPubEndpoint: String,
        heartbeat: Duration, heartbeatBody: @escaping @Sendable () -> [UInt8]?
    ) async throws -> Endpoints {
        try await reactor.perform { [self] in
            let router = try context.makeSocket(.router)
            try secure(router, domain: Authenticator.rpcDomain)
            try router.setLinger(2000)
            // The hard ceiling: libzmq drops the peer beyond it. Below it, oversize requests
            // are answered with `too_large` by the dispatcher.
            try router.setMaxMessageSize(Int64(maxMessageBytes) * 2 + 4096)
            try router.setSendHighWaterMark(100_000)
            try router.setReceiveHighWaterMark(100_000)
            try router.setHeartbeat(interval: 2000, timeout: 6000, ttl: 6000)
            try router.setHandshakeInterval(Int32(limits.handshakeTimeoutMilliseconds))
            try router.setBacklog(Self.listenBacklog)
            try router.bind(rpcEndpoint)
            let publisher = try makePublisher(pubEndpoint)
            let userPublisher = try makeUserPublisher(userPubEndpoint)
            self.router = router
            self.publisher = publisher
            self.userPublisher = userPublisher
            let watch = HandshakeWatch(context: context, reactor: reactor, refusals: refusals)
            try watch.watch(router, stream: "rpc")
            try watch.watch(publisher, stream: "pub")
            try watch.watch(userPublisher, stream: "userPub")
            self.watch = watch
            reactor.addTimer(every: .seconds(2)) { [self] in
                self.watch?.trimAfterBurst()
                self.watch?.checkFileLimit()
            }
            let bound = Endpoints(rpc: try router.lastEndpoint(), pub: try publisher.lastEndpoint(), userPub: try userPublisher.lastEndpoint())
            eventEndpoints = (bound.pub, bound.userPub)
            accepting = true
            dispatcher.onBatchCommitted { [self] in scheduleFlush() }
            reactor.register(router) { [self] in readRequests() }
            reactor.register(userPublisher) { [self] in readSubscriptions() }
            reactor.addTimer(every: heartbeat) { [self] in
                if let body = heartbeatBody() { sendEvent(topic: EventDescriptor.heartbeat.name, user: nil, envelope: body) }
            }
            if let body = heartbeatBody() { sendEvent(topic: EventDescriptor.heartbeat.name, user: nil, envelope: body) }
            return bound
        }
    }

    /// The full event stream's PUB; `again`: the endpoint was just released (see `bind`).
    private func makePublisher(_ endpoint: String, again: Bool = false) throws -> Socket {
        let publisher = try context.makeSocket(.pub)
        try secure(publisher, domain: Authenticator.eventsDomain)
        try publisher.setLinger(1000)
        try publisher.setSendHighWaterMark(100_000)
        try publisher.setMaxMessageSize(4096)
        try publisher.setHandshakeInterval(Int32(limits.handshakeTimeoutMilliseconds))
        try publisher.setBacklog(Self.listenBacklog)
        try bind(publisher, endpoint, again: again)
        return publisher
    }

    /// The user stream's XPUB; `again` as for `makePublisher`.
    private func makeUserPublisher(_ endpoint: String, again: Bool = false) throws -> Socket {
        let userPublisher = try context.makeSocket(.xpub)
        try secure(userPublisher, domain: Authenticator.userEventsDomain)
        try userPublisher.setXPubManual(true)
        try userPublisher.setLinger(1000)
        try userPublisher.setSendHighWaterMark(100_000)
        // Subscriptions a peer may have queued before the service reads them (libzmq copies a
        // whole queue at a time): a burst past the per-principal limit stays this small.
        try userPublisher.setReceiveHighWaterMark(Int32(Self.userStreamQueuedSubscriptions))
        // libzmq keeps a copy of every prefix a peer sent until it disconnects: a peer
        // sending a longer message than this is dropped by libzmq itself.
        try userPublisher.setMaxMessageSize(Int64(max(limits.maxSubscriptionBytes + 1, Self.userStreamHandshakeBytes)))
        try userPublisher.setHandshakeInterval(Int32(limits.handshakeTimeoutMilliseconds))
        try userPublisher.setBacklog(Self.listenBacklog)
        try bind(userPublisher, endpoint, again: again)
        return userPublisher
    }

    /// Binds. `again` (re-binding an endpoint this server just closed) retries for up to a
    /// second while the address is still held: libzmq closes a listener on its I/O thread, a
    /// moment after the socket that owned it was closed.
    private func bind(_ socket: Socket, _ endpoint: String, again: Bool) throws {
        var attempts = 0
        while true {
            do {
                return try socket.bind(endpoint)
            } catch let error as ZMQError where again && error.code == EADDRINUSE && attempts < 100 {
                attempts += 1
                usleep(10_000)
            }
        }
    }

    /// Ends every session on the two event streams: both sockets are closed (what was queued
    /// for their subscribers is dropped) and bound again at the same endpoints, so every
    /// subscriber reconnects and is authenticated afresh — a removed key is refused, the
    /// others resubscribe on their own (libzmq resends a SUB's subscriptions on reconnect).
    /// Called when a key leaves the allow-list; ZAP alone judges only new handshakes.
    func reopenEventStreams() {
        reactor.execute { [self] in
            guard let endpoints = eventEndpoints, publisher != nil else { return }
            if let publisher {
                watch?.unwatch(publisher)
                try? publisher.setLinger(0)
                publisher.close()
            }
            publisher = nil
            do {
                let reopened = try makePublisher(endpoints.pub, again: true)
                publisher = reopened
                try watch?.watch(reopened, stream: "pub")
                try reopenUserStream()
                logger.notice("event streams reopened: a key left the allow-list, every subscriber authenticates again", metadata: [
                    "pub": "\(endpoints.pub)", "userPub": "\(endpoints.userPub)",
                ])
            } catch {
                logger.critical("could not bind the event streams again; no events are published until a restart", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Closes the user stream's XPUB (ending every session on it, and with them libzmq's
    /// copies of their subscriptions) and binds it again; reactor thread.
    private func reopenUserStream() throws {
        guard let endpoints = eventEndpoints else { return }
        if let userPublisher {
            reactor.unregister(userPublisher)
            watch?.unwatch(userPublisher)
            try? userPublisher.setLinger(0)
            userPublisher.close()
        }
        userPublisher = nil
        subscriptions.reset()
        let reopened = try makeUserPublisher(endpoints.userPub, again: true)
        userPublisher = reopened
        reactor.register(reopened) { [self] in readSubscriptions() }
        try watch?.watch(reopened, stream: "userPub")
    }

    /// Makes `socket` a CURVE server checked by the ZAP handler on `domain` (not when insecure).
    private func secure(_ socket: Socket, domain: String) throws {
        guard !security.insecure, let keys = security.serverKeys else { return }
        try socket.setCurveServer(true)
        try socket.setCurveKeys(publicKey: keys.publicKey, secretKey: keys.secretKey)
        try socket.setZAPDomain(domain)
    }

    /// Publishes an event (also on the user stream when it names a user); callable from any
    /// thread, sent in call order.
    func publish(topic: String, user: String?, envelope: [UInt8]) {
        handOver(.event(topic: topic, user: user, envelope: envelope))
    }

    /// Queues a message for the reactor thread and, unless `flush` is false (the writer
    /// flushes once per batch), schedules one flush for everything queued.
    private func handOver(_ message: Outgoing, flush: Bool = true) {
        outgoing.withLock { $0.append(message) }
        if flush { scheduleFlush() }
    }

    private func scheduleFlush() {
        if !flushScheduled.exchange(true, ordering: .acquiringAndReleasing) {
            reactor.execute { [self] in flushOutgoing() }
        }
    }

    private func flushOutgoing() {
        flushScheduled.store(false, ordering: .releasing)
        let messages = outgoing.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
        for message in messages {
            switch message {
            case .reply(let route, let bytes):
                send(route, bytes)
                owed.subtract(1, ordering: .releasing)
            case .event(let topic, let user, let envelope): sendEvent(topic: topic, user: user, envelope: envelope)
            }
        }
    }

    /// Replies still to send: requests taken and handed off this thread, not yet answered on
    /// the socket. Shutdown waits for none to be left before closing (a handler counts itself
    /// out of flight a moment before its reply is handed over).
    var repliesOwed: Int { owed.load(ordering: .acquiring) }

    /// Stops reading requests; replies to those already taken still go out.
    func stopAccepting() async {
        _ = try? await reactor.perform { [self] in
            accepting = false
            if let router { reactor.unregister(router) }
        }
    }

    /// Sends the replies and events handed over so far, closes the sockets (lingering: what
    /// they hold leaves while the process's context ends, `SocketFlush`) and stops the thread.
    func close() async {
        _ = try? await reactor.perform { [self] in
            flushOutgoing()
            watch?.closeAll()
            watch = nil
            router?.close()
            publisher?.close()
            userPublisher?.close()
            router = nil
            publisher = nil
            userPublisher = nil
        }
        reactor.stop()
    }

    // MARK: Reactor thread

    private func readRequests() {
        guard let router else { return }
        var budget = 512
        while accepting && budget > 0 {
            budget -= 1
            let message: ReceivedMessage
            do {
                guard let received = try router.receiveMessage(dontWait: true, maxFrames: Self.maxRequestFrames, properties: [ReceivedMessage.userIDProperty]) else { return }
                message = received
            } catch let overflow as MultipartOverflow {
                refuse(overflow)
                continue
            } catch {
                logger.error("receive failed", metadata: ["error": "\(error)"])
                return
            }
            handle(message.frames, caller: caller(of: message))
        }
        if budget == 0 {
            // Yield to other reactor work, then carry on draining.
            reactor.execute { [self] in readRequests() }
        }
    }

    /// Who sent a message.
    private enum Caller {
        case principal(Principal)
        /// CURVE is on and the message carries no `User-Id` (never expected).
        case unauthenticated
        /// The connection's key was removed from the allow-list after its handshake.
        case removed
    }

    /// The authenticated caller: the principal the allow-list binds the connection's key (its
    /// ZAP `User-Id`) to now; `.insecure` without CURVE.
    private func caller(of message: ReceivedMessage) -> Caller {
        guard !security.insecure else { return .principal(.insecure) }
        guard let key = message.userID else { return .unauthenticated }
        return principalOfKey(key).map(Caller.principal) ?? .removed
    }

    /// Frames read of one request, the routing id included; a longer one is `refuse`d.
    static let maxRequestFrames = 16

    /// A request of 16 or more frames (after the routing id): answered `malformed` on the
    /// route it came by, read to its end and dropped.
    private func refuse(_ overflow: MultipartOverflow) {
        logger.warning("refused a request with too many frames", metadata: ["frames": "\(overflow.frameCount)"])
        let kept = overflow.keptFrames
        guard let identity = kept.first else { return }
        let delimiter = kept.firstIndex(where: { $0.isEmpty }) ?? 1
        let route = delimiter >= 1 ? Array(kept[..<delimiter]) : [identity]
        send(route + [[]], dispatcher.errorReply(nil, WireError(
            code: .malformed, message: "a request is [empty][envelope]; this one had \(overflow.frameCount - route.count) frames (at most \(Self.maxRequestFrames - 1) are read)")))
    }

    private func handle(_ frames: [[UInt8]], caller: Caller) {
        // [routing id…][empty][envelope]: everything before the empty frame is the route back.
        guard let delimiter = frames.firstIndex(where: { $0.isEmpty }), delimiter >= 1 else {
            guard let identity = frames.first, frames.count >= 2 else { return }
            let reply = dispatcher.errorReply(nil, WireError(
                code: .malformed, message: "expected frames [empty][envelope]; the empty delimiter frame is missing"))
            send([identity, []], reply)
            return
        }
        let route = Array(frames[..<delimiter])
        guard delimiter + 2 == frames.count else {
            let reply = dispatcher.errorReply(nil, WireError(
                code: .malformed, message: "expected exactly one envelope frame after the empty delimiter, got \(frames.count - delimiter - 1)"))
            send(route + [[]], reply)
            return
        }
        let principal: Principal
        switch caller {
        case .principal(let known):
            principal = known
        case .unauthenticated:
            logger.error("a request arrived without an authenticated principal; refused")
            send(route + [[]], dispatcher.errorReply(nil, WireError(
                code: .unauthenticated, message: "this connection is not authenticated")))
            return
        case .removed:
            send(route + [[]], dispatcher.errorReply(nil, WireError(
                code: .unauthenticated, message: "the key of this connection was removed from the allow-list")))
            return
        }
        switch dispatcher.dispatch(frames[delimiter + 1], principal: principal) {
        case .immediate(let reply):
            send(route + [[]], reply)
        case .deferred(let run):
            owed.add(1, ordering: .relaxed)
            Task { [self] in
                let reply = await run()
                handOver(.reply(route: route + [[]], bytes: reply))
            }
        case .queued(let submit):
            owed.add(1, ordering: .relaxed)
            submit { [self] reply in handOver(.reply(route: route + [[]], bytes: reply), flush: false) }
        }
    }

    private func send(_ head: [[UInt8]], _ reply: [UInt8]) {
        guard let router else { return }
        do {
            try router.send(head + [reply], dontWait: true)
        } catch {
            logger.warning("reply not sent", metadata: ["error": "\(error)"])
        }
    }

    private func sendEvent(topic: String, user: String?, envelope: [UInt8]) {
        guard let publisher else { return }
        do {
            try publisher.send([Array(topic.utf8), envelope], dontWait: true)
            if let user, !user.isEmpty, let userPublisher {
                try userPublisher.send([Array("\(user)/\(topic)".utf8), try Self.withoutSeq(envelope)], dontWait: true)
            }
        } catch {
            logger.warning("event not published", metadata: ["topic": "\(topic)", "error": "\(error)"])
        }
    }

    /// An event as the user stream carries it: without its `seq`, which counts every user's
    /// events and so would show a user the others' activity (docs/PROTOCOL.md §8).
    static func withoutSeq(_ envelope: [UInt8]) throws -> [UInt8] {
        var event = try Envelope.decode(envelope)
        event.seq = nil
        return try event.encoded()
    }

    /// The user stream's subscriptions (`XPUB_MANUAL`): a user principal's prefix `P` becomes
    /// `<user>/P` unless it starts with `<user>/` already (a SUB filters locally as well, so
    /// clients subscribe with their own prefix), so it only ever matches that user's events;
    /// service, admin and insecure
    /// subscriptions apply unchanged. Each is applied right after it is read, as libzmq
    /// applies it to the peer whose message was read last.
    private func readSubscriptions() {
        guard let userPublisher else { return }
        while true {
            let message: ReceivedMessage
            do {
                guard let received = try userPublisher.receiveMessage(dontWait: true, maxFrames: 1, properties: [ReceivedMessage.userIDProperty]) else { return }
                message = received
            } catch {
                continue
            }
            guard let frame = message.frames.first, let kind = frame.first, kind <= 1 else { continue }
            var prefix = Array(frame.dropFirst())
            let principal: Principal
            switch caller(of: message) {
            case .principal(let known):
                principal = known
            case .unauthenticated, .removed:
                // Also libzmq's own unsubscriptions for a peer that left (no metadata).
                continue
            }
            guard kind == 1 else {
                subscriptions.unsubscribe(prefix, by: principal.description)
                if prefix.count <= limits.maxSubscriptionBytes { unsubscribe(prefix, for: principal) }
                continue
            }
            switch subscriptions.subscribe(prefix, by: principal.description) {
            case .apply:
                break
            case .tooLong:
                refusals.refused(.subscription, "refused a user-stream subscription longer than limits.user.stream.max.subscription.bytes", metadata: [
                    "principal": "\(principal)", "bytes": "\(prefix.count)", "limit": "\(limits.maxSubscriptionBytes)"])
                continue
            case .overLimit:
                dropFlooding(principal, key: message.userID)
                return
            }
            if case .user(let id) = principal {
                let own = Array("\(id)/".utf8)
                if !prefix.starts(with: own) { prefix = own + prefix }
            }
            do {
                try userPublisher.subscribe(prefix)
            } catch {
                logger.warning("subscription not applied", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Removes a prefix the peer whose message was read last had subscribed to.
    private func unsubscribe(_ sent: [UInt8], for principal: Principal) {
        var prefix = sent
        if case .user(let id) = principal {
            let own = Array("\(id)/".utf8)
            if !prefix.starts(with: own) { prefix = own + prefix }
        }
        do {
            try userPublisher?.unsubscribe(prefix)
        } catch {
            logger.warning("unsubscription not applied", metadata: ["error": "\(error)"])
        }
    }

    /// A principal sent one distinct prefix more than `limits.user.stream.max.subscriptions`:
    /// its key is refused on the user stream for `limits.user.stream.refusal.seconds` (its
    /// next handshake fails with ZAP status 400 and that reason) and the stream is reopened,
    /// which ends its connections and frees what libzmq kept of their subscriptions. Every
    /// other subscriber reconnects and resubscribes by itself (libzmq's SUB does); events
    /// published in between are not delivered on the user stream (`seq` shows the gap).
    private func dropFlooding(_ principal: Principal, key: String?) {
        let refusal = Duration.seconds(limits.refusalSeconds)
        if let key, limits.refusalSeconds > 0 { refuseOnUserStream(key, refusal) }
        refusals.refused(.subscriptionFlood, "dropped a principal from the user event stream: too many subscriptions", level: .error, metadata: [
            "principal": "\(principal)", "limit": "\(limits.maxSubscriptionsPerPrincipal)",
            "refusedSeconds": "\(key == nil ? 0 : limits.refusalSeconds)"])
        do {
            try reopenUserStream()
        } catch {
            logger.critical("could not bind the user event stream again; no user events are published until a restart", metadata: ["error": "\(error)"])
        }
        // libzmq's copies of the flood are many small blocks: hand the pages back.
        MemoryTuning.trim()
    }
}
