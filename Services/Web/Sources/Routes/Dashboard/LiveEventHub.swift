import Foundation
import Logging
import QuenchProtocol
import QuenchRuntime
import Synchronization
import WebDashboard
import ZeroMQ

/// The dashboard's live updates (server-sent events, `GET /events`). quench-web, as
/// `service:web`, holds one `SUB` socket per publishing service on its user event stream
/// (docs/PROTOCOL.md §8) and subscribes to `<user>/` while that user has a page open — and
/// unsubscribes when the last one closes — so a user's browser gets only that user's
/// events, as the dashboard groups they change (``LiveTopics``).
///
/// Bounded: the user stream allows a principal 64 distinct prefixes
/// (`limits.user.stream.max.subscriptions`, and the 65th drops all its connections), so at
/// most ``maxUsers`` users are followed at once (beyond, `listen` says no and the page works
/// without live updates); at most ``maxListenersPerUser`` streams per user (a new one ends
/// the user's oldest: a page the browser left is noticed only at the next write to it);
/// each listener keeps the newest ``queueDepth`` changes.
final class LiveEventHub: ForgetsUsers {
    /// One change as a listener gets it: the groups and the publisher of the event it came
    /// from (the user stream's events carry no `seq`).
    struct Change: Sendable, Equatable {
        var groups: Set<LiveTopics.Group>
        var publisher: String
    }

    /// A user stream to follow: the service's name, its user-events endpoint, its CURVE
    /// credentials (nil on an insecure deployment).
    struct Stream: Sendable {
        var service: String
        var endpoint: String
        var curve: CurveClientCredentials?
    }

    static let maxUsers = 48
    static let maxListenersPerUser = 8
    static let queueDepth = 32

    private struct Listener {
        var user: String
        var continuation: AsyncStream<Change>.Continuation
    }

    private struct State {
        var listeners: [UInt64: Listener] = [:]
        var nextID: UInt64 = 0
        var users: [String: Int] = [:]
    }

    private let streams: [Stream]
    private let logger: Logger
    private let state = Mutex(State())
    private let reactor: Reactor
    /// The sockets, touched on the reactor thread only.
    nonisolated(unsafe) private var sockets: [Socket] = []

    init(streams: [Stream], logger: Logger) throws {
        self.streams = streams
        self.logger = logger
        reactor = try Reactor(name: "quench-web-live")
        reactor.execute { [self] in connect() }
    }

    deinit {
        reactor.stop()
    }

    /// A stream of `user`'s changes until `cancel` (or the stream's end); nil when the
    /// limits are reached.
    func listen(user: String) -> (changes: AsyncStream<Change>, cancel: @Sendable () -> Void)? {
        let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: .bufferingNewest(Self.queueDepth))
        let admitted: (id: UInt64, first: Bool, evicted: Listener?)? = state.withLock { state in
            let open = state.users[user] ?? 0
            guard open > 0 || state.users.count < Self.maxUsers else { return nil }
            // A browser that left a page is noticed only at the next write to its stream; a
            // user's newest page wins over the oldest of theirs.
            var evicted: Listener?
            if open >= Self.maxListenersPerUser, let oldest = state.listeners.filter({ $0.value.user == user }).keys.min() {
                evicted = state.listeners.removeValue(forKey: oldest)
                state.users[user] = open - 1
            }
            state.nextID += 1
            state.listeners[state.nextID] = Listener(user: user, continuation: continuation)
            state.users[user, default: 0] += 1
            return (state.nextID, open == 0, evicted)
        }
        guard let admitted else {
            continuation.finish()
            return nil
        }
        admitted.evicted?.continuation.finish()
        if admitted.first { change(subscription: user, on: true) }
        let cancel: @Sendable () -> Void = { [weak self] in self?.remove(admitted.id) }
        continuation.onTermination = { _ in cancel() }
        return (stream, cancel)
    }

    /// The users followed now, and the open streams (for tests and metrics).
    var counts: (users: Int, listeners: Int) { state.withLock { ($0.users.count, $0.listeners.count) } }

    /// Hands `envelope`, which arrived under `topic` (`<user>/<type>`), to that user's listeners.
    func deliver(topic: [UInt8], _ envelope: Envelope) {
        guard let slash = topic.firstIndex(of: UInt8(ascii: "/")) else { return }
        let user = String(decoding: topic[..<slash], as: UTF8.self)
        guard envelope.user == nil || envelope.user == user else { return }
        let groups = LiveTopics.groups(forEventType: envelope.type)
        guard !groups.isEmpty else { return }
        let change = Change(groups: groups, publisher: envelope.publisher ?? "")
        let targets = state.withLock { state in state.listeners.values.filter { $0.user == user }.map(\.continuation) }
        for continuation in targets { continuation.yield(change) }
    }

    /// Ends every stream of `user` (an erase): each `GET /events` response of theirs ends,
    /// and the last one's end unsubscribes from the user's prefix.
    func forget(user: String) {
        let theirs = state.withLock { state in state.listeners.values.filter { $0.user == user }.map(\.continuation) }
        for continuation in theirs { continuation.finish() }
    }

    /// Ends every stream and closes the sockets (graceful shutdown).
    func stop() {
        let all = state.withLock { state in
            defer {
                state.listeners.removeAll()
                state.users.removeAll()
            }
            return Array(state.listeners.values)
        }
        for listener in all { listener.continuation.finish() }
        reactor.stop()
    }

    private func remove(_ id: UInt64) {
        let removed: (Listener, last: Bool)? = state.withLock { state in
            guard let listener = state.listeners.removeValue(forKey: id) else { return nil }
            let left = (state.users[listener.user] ?? 1) - 1
            state.users[listener.user] = left > 0 ? left : nil
            return (listener, left == 0)
        }
        guard let (listener, last) = removed else { return }
        listener.continuation.finish()
        if last { change(subscription: listener.user, on: false) }
    }

    private func change(subscription user: String, on: Bool) {
        let prefix = user + "/"
        reactor.execute { [self] in
            for socket in sockets {
                do {
                    if on { try socket.subscribe(prefix) } else { try socket.unsubscribe(prefix) }
                } catch {
                    logger.error("live updates: could not change a subscription", metadata: ["error": "\(error)"])
                }
            }
        }
    }

    /// On the reactor thread: a SUB per stream, connected, read as events arrive.
    private func connect() {
        for stream in streams {
            do {
                let socket = try SharedContext.context.makeSocket(.sub)
                try socket.setLinger(0)
                try socket.setMaxMessageSize(16 << 20)
                if let curve = stream.curve {
                    try socket.setCurveServerKey(curve.serverPublicKey)
                    try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
                }
                try socket.connect(stream.endpoint)
                reactor.register(socket) { [self] in
                    while let frames = try? socket.receiveMultipart(dontWait: true, maxFrames: 4) {
                        guard frames.count == 2, let envelope = try? Envelope.decode(frames[1]) else { continue }
                        deliver(topic: frames[0], envelope)
                    }
                }
                sockets.append(socket)
            } catch {
                logger.error("live updates: could not connect to \(stream.service)'s user events", metadata: ["error": "\(error)"])
            }
        }
    }
}
