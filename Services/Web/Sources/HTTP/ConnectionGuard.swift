import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import QuenchProtocol
import QuenchRuntime
import Synchronization

/// How long a client may take and how many connections it may hold (docs/OPERATIONS.md, the
/// web's keys; docs/SECURITY.md "Defaults and limits").
public struct ConnectionLimits: Sendable {
    /// `http.timeout.head.ms`: a request's head (its line and headers) must be complete this
    /// long after its first byte arrived, else `408` and the connection is closed.
    public var headTimeout: Duration = .seconds(10)
    /// `http.timeout.body.ms`: a request's body must be complete this long after its head,
    /// else `408` (when no response has started) and the connection is closed.
    public var bodyTimeout: Duration = .seconds(60)
    /// `http.timeout.idle.ms`: a connection with no request in progress (never used, or
    /// kept alive after a response) is closed after this.
    public var idleTimeout: Duration = .seconds(30)
    /// `limits.http.connections.per.client`: open connections from one peer address; more
    /// are answered `503` and closed at once. 0: no limit (behind a reverse proxy every
    /// connection comes from the proxy).
    public var perClient = 64
    /// `limits.http.connections`: open connections in all; more are answered `503` and closed.
    public var total = 10_000

    public init() {}
}

/// The open connections by peer address, shared by every event loop.
final class ConnectionCounter: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    enum Admission { case admitted, overPerClient, overTotal }

    private let counts = Mutex(Counts())
    let limits: ConnectionLimits

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Counts a new connection from `address` unless it is over a limit.
    func admit(_ address: String) -> Admission {
        counts.withLock { counts in
            if counts.total >= limits.total { return .overTotal }
            let held = counts.byAddress[address, default: 0]
            if limits.perClient > 0, held >= limits.perClient { return .overPerClient }
            counts.total += 1
            counts.byAddress[address] = held + 1
            return .admitted
        }
    }

    func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let held = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = held > 0 ? held : nil
        }
    }

    var open: Int { counts.withLock { $0.total } }
}

/// Hummingbird's HTTP/1.1 child channel with the web's connection limits around it: a handler
/// in front of the HTTP decoder (``RawConnectionGuard``: the connection limits and the head's
/// deadline, counted from its first byte) and one after it (``RequestPartGuard``: the body's
/// deadline); the idle timeout is Hummingbird's own. Hummingbird has no read timeouts of its
/// own (an idle timeout does not close a connection whose request is still being read).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let counter: ConnectionCounter
    let refusals: RefusalLog

    init(responder: @escaping HTTPChannelHandler.Responder, counter: ConnectionCounter, refusals: RefusalLog) {
        base = HTTP1Channel(responder: responder, configuration: .init(idleTimeout: .init(counter.limits.idleTimeout)))
        self.counter = counter
        self.refusals = refusals
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let watch = ConnectionWatch(counter: counter, refusals: refusals)
        do {
            try channel.pipeline.syncOperations.addHandler(RawConnectionGuard(watch: watch), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        var configuration = base.configuration
        let parts = NIOLoopBound(watch, eventLoop: channel.eventLoop)
        configuration.additionalChannelHandlers = { [RequestPartGuard(watch: parts.value)] }
        return HTTP1Channel(responder: base.responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the web's connection limits (``GuardedHTTP1Channel``).
    static func guardedHTTP1(counter: ConnectionCounter, refusals: RefusalLog) -> HTTPServerBuilder {
        .init { responder in GuardedHTTP1Channel(responder: responder, counter: counter, refusals: refusals) }
    }
}

/// One connection's state, shared by its two handlers (on the channel's event loop only).
final class ConnectionWatch {
    enum Phase {
        /// No request in progress (Hummingbird's idle timeout runs).
        case idle
        /// Bytes of a head have arrived; the head deadline runs.
        case head
        /// The head is parsed; the body deadline runs.
        case body
        /// The request is read; its response is being made.
        case responding
    }

    let counter: ConnectionCounter
    let refusals: RefusalLog
    var phase = Phase.idle
    var responseStarted = false
    /// The peer address counted in ``ConnectionCounter`` (nil: not counted).
    var counted: String?
    var deadline: Scheduled<Void>?
    /// The handler in front of the decoder, which writes a refusal straight to the socket.
    var raw: ChannelHandlerContext?

    init(counter: ConnectionCounter, refusals: RefusalLog) {
        self.counter = counter
        self.refusals = refusals
    }

    /// Runs the deadline of the request's `part` (`head` or `body`, the phase it is read in):
    /// unless that part is complete by then, the refusal is counted as `kind` and answered
    /// `408` naming `key`.
    func startDeadline(after duration: Duration, on context: ChannelHandlerContext, part: String, kind: RefusalLog.Kind, key: String) {
        let phase = self.phase
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: .init(duration)) { [self] in
            guard self.phase == phase else { return }
            refusals.refused(kind, "HTTP request \(part) not complete in time", metadata: ["limit": "\(key)"])
            refuse(.requestTimeout, code: .deadlineExceeded, message: "the request's \(part) did not arrive within \(RawConnectionGuard.milliseconds(duration)) ms (\(key))")
        }
    }

    func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// Answers `status` with a short JSON error (unless a response has started) and closes.
    func refuse(_ status: HTTPResponse.Status, code: ErrorCode, message: String) {
        guard let raw else { return }
        cancelDeadline()
        if !responseStarted {
            responseStarted = true
            let body = #"{"error":{"code":"\#(code.rawValue)","message":"\#(message)"}}"#
            let head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            raw.writeAndFlush(NIOAny(raw.channel.allocator.buffer(string: head + body)), promise: nil)
        }
        raw.close(promise: nil)
    }
}

/// In front of the HTTP decoder: admits the connection (``ConnectionCounter``) and starts the
/// head's deadline at the first byte of each request.
final class RawConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let watch: ConnectionWatch

    init(watch: ConnectionWatch) {
        self.watch = watch
    }

    func handlerAdded(context: ChannelHandlerContext) {
        watch.raw = context
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard watch.counted == nil, !watch.responseStarted else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        switch watch.counter.admit(address) {
        case .admitted:
            watch.counted = address
        case .overPerClient:
            watch.refusals.refused(.httpConnectionLimit, "HTTP connection refused: too many from one address", metadata: ["limit": "limits.http.connections.per.client"])
            watch.refuse(.serviceUnavailable, code: .resourceExhausted, message: "too many connections from this address (limits.http.connections.per.client)")
        case .overTotal:
            watch.refusals.refused(.httpConnectionLimit, "HTTP connection refused: too many open", metadata: ["limit": "limits.http.connections"])
            watch.refuse(.serviceUnavailable, code: .resourceExhausted, message: "too many open connections (limits.http.connections)")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.cancelDeadline()
        if let address = watch.counted {
            watch.counted = nil
            watch.counter.release(address)
        }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        watch.cancelDeadline()
        watch.raw = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if watch.phase == .idle {
            watch.phase = .head
            watch.startDeadline(after: watch.counter.limits.headTimeout, on: context, part: "head", kind: .httpHeadTimeout, key: "http.timeout.head.ms")
        }
        context.fireChannelRead(data)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

/// After the HTTP decoder: ends the head's deadline when the head is parsed, runs the body's
/// until its end, and marks the connection idle again when the response ends.
final class RequestPartGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let watch: ConnectionWatch

    init(watch: ConnectionWatch) {
        self.watch = watch
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            watch.phase = .body
            watch.responseStarted = false
            watch.startDeadline(after: watch.counter.limits.bodyTimeout, on: context, part: "body", kind: .httpBodyTimeout, key: "http.timeout.body.ms")
        case .body:
            break
        case .end:
            watch.cancelDeadline()
            watch.phase = .responding
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            watch.responseStarted = true
        case .body:
            break
        case .end:
            // A response sent before its request was read (a 413) leaves the body's deadline
            // running: the connection closes once that body is drained or the deadline passes.
            if watch.phase == .responding {
                watch.phase = .idle
            }
        }
        context.write(data, promise: promise)
    }
}
