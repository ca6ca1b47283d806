internal import CZeroMQ
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A failed libzmq (or system) call.
public struct ZMQError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The `errno` / `zmq_errno()` value.
    public let code: Int32
    /// The call that failed, e.g. `zmq_bind(tcp://127.0.0.1:5555)` or `zmq_msg_send`.
    public let operation: String

    /// Wraps an `errno`-style `code` reported by `operation`.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// Captures `zmq_errno()` for `operation`.
    static func last(_ operation: String) -> ZMQError {
        ZMQError(code: zmq_errno(), operation: operation)
    }

    /// `operation` followed by the `zmq_strerror` text and the numeric code.
    public var description: String {
        "\(operation) failed: \(String(cString: zmq_strerror(code))) (errno \(code))"
    }

    /// `EAGAIN`: nothing to receive / no room to send without blocking, or a timeout expired.
    public var isWouldBlock: Bool { code == EAGAIN }
    /// `EINTR`: a signal interrupted the call.
    public var isInterrupted: Bool { code == EINTR }
    /// `ETERM`: the socket's context was terminated; close the socket.
    public var isContextTerminated: Bool { code == ETERM }
    /// `EHOSTUNREACH`: a ROUTER with `setRouterMandatory(true)` was given an unknown routing id.
    public var isHostUnreachable: Bool { code == EHOSTUNREACH }
}
