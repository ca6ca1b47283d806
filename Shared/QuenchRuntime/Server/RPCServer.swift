import Logging
import QuenchProtocol
import ZeroMQ

/// The service's two sockets, both owned by one reactor thread: a ROUTER that takes
/// requests (`[routing…][empty][envelope]`) and a PUB that sends events
/// (`[topic][envelope]`). Handlers that are not inline run off this thread; their replies
/// come back through `reactor.execute`, so the sockets are only ever touched here.
final class RPCServer: @unchecked Sendable {
    private let context: Context
    private let reactor: Reactor
    private let dispatcher: RequestDispatcher
    private let logger: Logger
    private let maxMessageBytes: Int

    // Reactor-thread state.
    private var router: Socket?
    private var publisher: Socket?
    private var accepting = false
    private(set) var boundRPC = ""
    private(set) var boundPub = ""

    init(context: Context, dispatcher: RequestDispatcher, logger: Logger, maxMessageBytes: Int) throws {
        self.context = context
        self.dispatcher = dispatcher
        self.logger = logger
        self.maxMessageBytes = maxMessageBytes
        reactor = try Reactor(name: "quench-\(dispatcher.service)-rpc")
    }

    /// Binds both endpoints and starts serving; returns the bound endpoints (useful with port `*`).
    func start(
        rpcEndpoint: String, pubEndpoint: String,
        heartbeat: Duration, heartbeatBody: @escaping @Sendable () -> [UInt8]?
    ) async throws -> (rpc: String, pub: String) {
        try await reactor.perform { [self] in
            let router = try context.makeSocket(.router)
            try router.setLinger(2000)
            // The hard ceiling: libzmq drops the peer beyond it. Below it, oversize requests
            // are answered with `too_large` by the dispatcher.
            try router.setMaxMessageSize(Int64(maxMessageBytes) * 2 + 4096)
            try router.setSendHighWaterMark(100_000)
            try router.setReceiveHighWaterMark(100_000)
            try router.setHeartbeat(interval: 2000, timeout: 6000, ttl: 6000)
            try router.bind(rpcEndpoint)
            let publisher = try context.makeSocket(.pub)
            try publisher.setLinger(1000)
            try publisher.setSendHighWaterMark(100_000)
            try publisher.bind(pubEndpoint)
            self.router = router
            self.publisher = publisher
            boundRPC = try router.lastEndpoint()
            boundPub = try publisher.lastEndpoint()
            accepting = true
            reactor.register(router) { [self] in readRequests() }
            reactor.addTimer(every: heartbeat) { [self] in
                if let body = heartbeatBody() { sendEvent(topic: EventTopic.heartbeat, envelope: body) }
            }
            if let body = heartbeatBody() { sendEvent(topic: EventTopic.heartbeat, envelope: body) }
            return (boundRPC, boundPub)
        }
    }

    /// Publishes an event; callable from any thread, sent in call order.
    func publish(topic: String, envelope: [UInt8]) {
        reactor.execute { [self] in sendEvent(topic: topic, envelope: envelope) }
    }

    /// Stops reading requests; replies to those already taken still go out.
    func stopAccepting() async {
        _ = try? await reactor.perform { [self] in
            accepting = false
            if let router { reactor.unregister(router) }
        }
    }

    /// Closes the sockets (lingering so queued replies and events leave) and stops the thread.
    func close() async {
        _ = try? await reactor.perform { [self] in
            router?.close()
            publisher?.close()
            router = nil
            publisher = nil
        }
        reactor.stop()
    }

    // MARK: Reactor thread

    private func readRequests() {
        guard let router else { return }
        var budget = 512
        while accepting && budget > 0 {
            budget -= 1
            let frames: [[UInt8]]
            do {
                guard let message = try router.receiveMultipart(dontWait: true, maxFrames: 16) else { return }
                frames = message
            } catch let overflow as MultipartOverflow {
                logger.warning("dropped a request with too many frames", metadata: ["frames": "\(overflow.frameCount)"])
                continue
            } catch {
                logger.error("receive failed", metadata: ["error": "\(error)"])
                return
            }
            handle(frames)
        }
        if budget == 0 {
            // Yield to other reactor work, then carry on draining.
            reactor.execute { [self] in readRequests() }
        }
    }

    private func handle(_ frames: [[UInt8]]) {
        // [routing id…][empty][envelope]: everything before the empty frame is the route back.
        guard let delimiter = frames.firstIndex(where: \.isEmpty), delimiter >= 1 else {
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
        switch dispatcher.dispatch(frames[delimiter + 1], principal: .insecure) {
        case .immediate(let reply):
            send(route + [[]], reply)
        case .deferred(let run):
            Task { [self] in
                let reply = await run()
                reactor.execute { [self] in send(route + [[]], reply) }
            }
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

    private func sendEvent(topic: String, envelope: [UInt8]) {
        guard let publisher else { return }
        do {
            try publisher.send([Array(topic.utf8), envelope], dontWait: true)
        } catch {
            logger.warning("event not published", metadata: ["topic": "\(topic)", "error": "\(error)"])
        }
    }
}
