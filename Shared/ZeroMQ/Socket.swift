internal import CZeroMQ
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A ZeroMQ socket.
///
/// Thread-confined: a socket must only be used by the thread that owns it (normally a `Reactor`'s
/// thread). Debug builds check this: the first thread to use the socket becomes its owner, and
/// any use from another thread traps. Call `transferOwnership()` to hand a socket to another
/// thread. The socket keeps its `Context` alive and is closed on `close()` or deinit.
public final class Socket: @unchecked Sendable {
    /// The pattern this socket was created with.
    public let type: SocketType
    /// If set, `close()` (and deinit) applies it as `ZMQ_LINGER` right before `zmq_close`, so a
    /// socket can run with one linger and bound how long its pending messages may delay shutdown.
    public var lingerOnClose: Int32?

    let context: Context
    private(set) var handle: UnsafeMutableRawPointer?
    private let message: UnsafeMutablePointer<zmq_msg_t>
    private let owner = Atomic<UInt>(0)

    /// Whether the socket may hold input its `ZMQ_FD` will not signal again: any libzmq call
    /// on the socket can consume the descriptor's edge, so every call sets this, and only a
    /// look that found no input (`events` without `pollIn`, a `dontWait` receive that found
    /// nothing) clears it. The reactor checks such sockets before it sleeps.
    var mayHaveUnsignalledInput = true

    /// A monitor is running (`monitor(_:events:)`): `close()` stops it first (see there).
    var monitoring = false

    init(handle: UnsafeMutableRawPointer, type: SocketType, context: Context) {
        self.handle = handle
        self.type = type
        self.context = context
        self.message = .allocate(capacity: 1)
    }

    deinit {
        closeHandle()
        message.deallocate()
    }

    // MARK: Ownership

    /// Releases the owning thread; the next thread to use the socket becomes its owner.
    public func transferOwnership() {
        owner.store(0, ordering: .releasing)
    }

    /// Traps in debug builds when called off the owning thread, claiming an unowned socket.
    @inline(__always)
    func checkOwner() {
        #if DEBUG
        let me = currentThreadID()
        let current = owner.load(ordering: .acquiring)
        if current == me { return }
        if current == 0, owner.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged {
            return
        }
        preconditionFailure("ZeroMQ \(type) socket used from thread \(me) but owned by thread \(owner.load(ordering: .relaxed)); call transferOwnership() to hand it off")
        #endif
    }

    /// The live libzmq handle, checking ownership; throws `ENOTSOCK` once closed.
    @inline(__always)
    func liveHandle(_ operation: @autoclosure () -> String) throws -> UnsafeMutableRawPointer {
        checkOwner()
        mayHaveUnsignalledInput = true
        guard let handle else { throw ZMQError(code: ENOTSOCK, operation: operation()) }
        return handle
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool { handle == nil }

    // MARK: Lifecycle

    /// Closes the socket (applying `lingerOnClose` first). Idempotent.
    ///
    /// A running monitor is stopped first, synchronously: `zmq_close` finishes in libzmq's own
    /// threads later, and an event of the closing socket (a connection made or lost meanwhile)
    /// would be sent from the context's I/O thread to a monitor whose reader may be closed by
    /// then; libzmq's blocking monitor send then waits forever, and every socket of the context
    /// with it (MonitorTeardownTests).
    public func close() {
        guard handle != nil else { return }
        checkOwner()
        closeHandle()
    }

    private func closeHandle() {
        guard let handle else { return }
        if monitoring {
            zmq_socket_monitor(handle, nil, 0)
            monitoring = false
        }
        if var linger = lingerOnClose {
            zmq_setsockopt(handle, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        }
        zmq_close(handle)
        self.handle = nil
    }

    /// Binds to `endpoint`, e.g. `tcp://127.0.0.1:*` (see `lastEndpoint()`) or `inproc://name`.
    public func bind(_ endpoint: String) throws {
        let handle = try liveHandle("zmq_bind(\(endpoint))")
        guard zmq_bind(handle, endpoint) == 0 else { throw ZMQError.last("zmq_bind(\(endpoint))") }
    }

    /// Connects to `endpoint`; libzmq connects (and reconnects) in the background.
    public func connect(_ endpoint: String) throws {
        let handle = try liveHandle("zmq_connect(\(endpoint))")
        guard zmq_connect(handle, endpoint) == 0 else { throw ZMQError.last("zmq_connect(\(endpoint))") }
    }

    /// Stops listening on `endpoint` (use the resolved form from `lastEndpoint()` for wildcards).
    public func unbind(_ endpoint: String) throws {
        let handle = try liveHandle("zmq_unbind(\(endpoint))")
        guard zmq_unbind(handle, endpoint) == 0 else { throw ZMQError.last("zmq_unbind(\(endpoint))") }
    }

    /// Disconnects from `endpoint`.
    public func disconnect(_ endpoint: String) throws {
        let handle = try liveHandle("zmq_disconnect(\(endpoint))")
        guard zmq_disconnect(handle, endpoint) == 0 else { throw ZMQError.last("zmq_disconnect(\(endpoint))") }
    }

    /// The endpoint of the last `bind`/`connect`, with wildcard ports resolved.
    public func lastEndpoint() throws -> String {
        let bytes = try getBytesOption(ZMQ_LAST_ENDPOINT, name: "ZMQ_LAST_ENDPOINT", capacity: 1024)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    // MARK: Sending

    /// Sends all frames as one multipart message.
    ///
    /// - Returns: `false` if `dontWait` is set and the message cannot be queued now (nothing sent).
    ///   An expired `ZMQ_SNDTIMEO` also returns `false`.
    /// - Throws: `ZMQError`, e.g. `EHOSTUNREACH` from a mandatory ROUTER; `EINVAL` for no frames.
    @discardableResult
    public func send(_ frames: [[UInt8]], dontWait: Bool = false) throws -> Bool {
        let handle = try liveHandle("zmq_send")
        guard !frames.isEmpty else { throw ZMQError(code: EINVAL, operation: "zmq_send(no frames)") }
        let baseFlags = dontWait ? ZMQ_DONTWAIT : 0
        let last = frames.count - 1
        for index in frames.indices {
            let flags = index == last ? baseFlags : baseFlags | ZMQ_SNDMORE
            let sent = try frames[index].withUnsafeBytes { try Self.sendFrame(handle, $0, flags: flags) }
            if !sent {
                guard index == 0 else { throw ZMQError(code: EAGAIN, operation: "zmq_send(frame \(index) of \(frames.count))") }
                return false
            }
        }
        return true
    }

    /// Sends a single frame; `more` marks it as part of a multipart message to be continued.
    ///
    /// - Returns: `false` if it would block (with `dontWait`, or after `ZMQ_SNDTIMEO`).
    @discardableResult
    public func send(frame: UnsafeRawBufferPointer, more: Bool, dontWait: Bool = false) throws -> Bool {
        let handle = try liveHandle("zmq_send")
        var flags: Int32 = dontWait ? ZMQ_DONTWAIT : 0
        if more { flags |= ZMQ_SNDMORE }
        return try Self.sendFrame(handle, frame, flags: flags)
    }

    /// Sends `frame`; `false` on `EAGAIN`, retries on `EINTR`.
    @inline(__always)
    private static func sendFrame(_ handle: UnsafeMutableRawPointer, _ frame: UnsafeRawBufferPointer, flags: Int32) throws -> Bool {
        while true {
            if zmq_send(handle, frame.baseAddress, frame.count, flags) >= 0 { return true }
            let code = zmq_errno()
            switch code {
            case EINTR: continue
            case EAGAIN: return false
            default: throw ZMQError(code: code, operation: "zmq_send")
            }
        }
    }

    // MARK: Receiving

    /// Receives one whole multipart message.
    ///
    /// - Parameters:
    ///   - dontWait: Return `nil` at once when no message is ready.
    ///   - maxFrames: At most this many frames are kept. A longer message is read to its end and
    ///     discarded, and `MultipartOverflow` is thrown; the socket stays usable.
    /// - Returns: The frames, or `nil` if no message is ready (`dontWait`) or `ZMQ_RCVTIMEO` expired.
    public func receiveMultipart(dontWait: Bool = false, maxFrames: Int = 64) throws -> [[UInt8]]? {
        try receiveMessage(dontWait: dontWait, maxFrames: maxFrames, properties: [])?.frames
    }

    /// Receives one whole multipart message together with metadata properties of its last
    /// frame (`zmq_msg_gets`), such as `"User-Id"` (set by the ZAP handler for an
    /// authenticated peer) or `"Peer-Address"`.
    ///
    /// - Parameters:
    ///   - properties: The property names to read; a property the message lacks is absent
    ///     from `ReceivedMessage.properties`.
    ///   - dontWait, maxFrames: As for `receiveMultipart`.
    public func receiveMessage(dontWait: Bool = false, maxFrames: Int = 64, properties: [String]) throws -> ReceivedMessage? {
        precondition(maxFrames > 0, "maxFrames must be positive")
        let handle = try liveHandle("zmq_msg_recv")
        let flags: Int32 = dontWait ? ZMQ_DONTWAIT : 0
        var found: [String: String] = [:]
        guard let first = try receiveFrame(handle, flags: flags, properties: properties, into: &found) else {
            if dontWait { mayHaveUnsignalledInput = false }
            return nil
        }
        var frames = [first.bytes]
        var more = first.more
        var count = 1
        while more {
            guard let next = try receiveFrame(handle, flags: 0, keep: count < maxFrames, properties: properties, into: &found) else {
                throw ZMQError(code: EAGAIN, operation: "zmq_msg_recv(frame \(count))")
            }
            if count < maxFrames { frames.append(next.bytes) }
            count += 1
            more = next.more
        }
        guard count <= maxFrames else { throw MultipartOverflow(frameCount: count, keptFrames: frames) }
        return ReceivedMessage(frames: frames, properties: found)
    }

    /// Receives one frame into the reusable message; `nil` on `EAGAIN`, retries on `EINTR`.
    /// Reads `properties` of the last frame of a message into `found`.
    @inline(__always)
    private func receiveFrame(
        _ handle: UnsafeMutableRawPointer, flags: Int32, keep: Bool = true,
        properties: [String], into found: inout [String: String]
    ) throws -> (bytes: [UInt8], more: Bool)? {
        guard zmq_msg_init(message) == 0 else { throw ZMQError.last("zmq_msg_init") }
        defer { zmq_msg_close(message) }
        while zmq_msg_recv(message, handle, flags) < 0 {
            let code = zmq_errno()
            switch code {
            case EINTR: continue
            case EAGAIN: return nil
            default: throw ZMQError(code: code, operation: "zmq_msg_recv")
            }
        }
        let more = zmq_msg_more(message) != 0
        if !more {
            for name in properties {
                if let value = zmq_msg_gets(message, name) { found[name] = String(cString: value) }
            }
        }
        guard keep else { return ([], more) }
        let size = zmq_msg_size(message)
        guard size > 0, let data = zmq_msg_data(message) else { return ([], more) }
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            buffer.baseAddress!.initialize(from: data.assumingMemoryBound(to: UInt8.self), count: size)
            count = size
        }
        return (bytes, more)
    }

    // MARK: State

    /// `ZMQ_FD`: an edge-triggered descriptor signalling that `events` may have changed.
    public var fileDescriptor: Int32 {
        get throws { try getInt32Option(ZMQ_FD, name: "ZMQ_FD") }
    }

    /// `ZMQ_RCVMORE`: whether the last received frame has more frames following.
    public var hasMoreToReceive: Bool {
        get throws { try getInt32Option(ZMQ_RCVMORE, name: "ZMQ_RCVMORE") != 0 }
    }

    /// `ZMQ_EVENTS`: whether a message can be received and/or sent now.
    public var events: PollEvents {
        get throws {
            let events = PollEvents(rawValue: Int16(truncatingIfNeeded: try getInt32Option(ZMQ_EVENTS, name: "ZMQ_EVENTS")))
            mayHaveUnsignalledInput = events.contains(.pollIn)
            return events
        }
    }
}
