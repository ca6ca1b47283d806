internal import CZeroMQ
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A libzmq context: the container for sockets and the owner of the I/O threads.
///
/// libzmq contexts are thread-safe, so a `Context` may be shared freely. Every `Socket` keeps its
/// context alive; the context is terminated by `terminate()` or, at the latest, when the last
/// reference (including those held by sockets) goes away.
public final class Context: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    /// `true` once termination began; guards `zmq_socket` against a freed context.
    private let terminated = Mutex(false)

    /// Creates a context with `ioThreads` background I/O threads and room for `maxSockets`
    /// sockets at once (libzmq's default is 1,023; asking for more than libzmq's
    /// `ZMQ_SOCKET_LIMIT` gets that limit). Past it, making a socket fails with `EMFILE`.
    public init(ioThreads: Int = 1, maxSockets: Int? = nil) throws {
        guard let handle = zmq_ctx_new() else { throw ZMQError.last("zmq_ctx_new") }
        if zmq_ctx_set(handle, ZMQ_IO_THREADS, Int32(clamping: ioThreads)) != 0 {
            let error = ZMQError.last("zmq_ctx_set(ZMQ_IO_THREADS, \(ioThreads))")
            zmq_ctx_term(handle)
            throw error
        }
        if let maxSockets {
            let limit = zmq_ctx_get(handle, ZMQ_SOCKET_LIMIT)
            let wanted = limit > 0 ? min(Int32(clamping: maxSockets), limit) : Int32(clamping: maxSockets)
            if zmq_ctx_set(handle, ZMQ_MAX_SOCKETS, wanted) != 0 {
                let error = ZMQError.last("zmq_ctx_set(ZMQ_MAX_SOCKETS, \(wanted))")
                zmq_ctx_term(handle)
                throw error
            }
        }
        self.handle = handle
    }

    /// How many sockets this context may hold at once.
    public var maxSockets: Int { Int(zmq_ctx_get(handle, ZMQ_MAX_SOCKETS)) }

    deinit {
        terminate()
    }

    /// Whether `terminate()` has been called.
    public var isTerminated: Bool { terminated.withLock { $0 } }

    /// Creates a socket of `type`. Throws `ETERM` once the context is terminated.
    public func makeSocket(_ type: SocketType) throws -> Socket {
        let socket: UnsafeMutableRawPointer? = terminated.withLock { isTerminated in
            isTerminated ? nil : zmq_socket(handle, type.rawValue)
        }
        guard let socket else {
            let code = isTerminated ? ETERM : zmq_errno()
            throw ZMQError(code: code, operation: "zmq_socket(\(type))")
        }
        return Socket(handle: socket, type: type, context: self)
    }

    /// Terminates the context (`zmq_ctx_shutdown` then `zmq_ctx_term`). Idempotent.
    ///
    /// Blocking calls on this context's sockets fail at once with `ETERM`; this call then blocks
    /// until every socket is closed and their pending messages are flushed or dropped according
    /// to `ZMQ_LINGER`. Only the first call waits; later calls return immediately. Never call it
    /// from a thread that still owns open sockets of this context (such as a reactor's): it
    /// would wait for itself. A `Reactor` closes its registered sockets when it sees `ETERM`.
    public func terminate() {
        let first = terminated.withLock { isTerminated in
            defer { isTerminated = true }
            if !isTerminated { zmq_ctx_shutdown(handle) }
            return !isTerminated
        }
        guard first else { return }
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
    }
}
