internal import CZeroMQ

/// Socket monitor event kinds (`ZMQ_EVENT_*`), as a set for `Socket.monitor`.
public struct SocketEvents: OptionSet, Sendable, Hashable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let connected = SocketEvents(rawValue: ZMQ_EVENT_CONNECTED)
    public static let connectDelayed = SocketEvents(rawValue: ZMQ_EVENT_CONNECT_DELAYED)
    public static let connectRetried = SocketEvents(rawValue: ZMQ_EVENT_CONNECT_RETRIED)
    public static let listening = SocketEvents(rawValue: ZMQ_EVENT_LISTENING)
    public static let accepted = SocketEvents(rawValue: ZMQ_EVENT_ACCEPTED)
    /// A listener could not accept a connection (value: the errno, e.g. `EMFILE`).
    public static let acceptFailed = SocketEvents(rawValue: ZMQ_EVENT_ACCEPT_FAILED)
    public static let closed = SocketEvents(rawValue: ZMQ_EVENT_CLOSED)
    /// A connection ended: the peer closed it or it broke, also when its handshake failed
    /// (after that failure's own event).
    public static let disconnected = SocketEvents(rawValue: ZMQ_EVENT_DISCONNECTED)
    public static let monitorStopped = SocketEvents(rawValue: ZMQ_EVENT_MONITOR_STOPPED)
    /// The security handshake failed without a more specific reason.
    public static let handshakeFailedNoDetail = SocketEvents(rawValue: ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL)
    /// The ZMTP and security handshake completed: the peer is authenticated.
    public static let handshakeSucceeded = SocketEvents(rawValue: ZMQ_EVENT_HANDSHAKE_SUCCEEDED)
    /// The handshake broke the protocol, e.g. a security mechanism mismatch
    /// (value `ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH`, see `MonitorEvent.isMechanismMismatch`).
    public static let handshakeFailedProtocol = SocketEvents(rawValue: ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL)
    /// The peer's ZAP handler refused the credentials (value: the ZAP status code, e.g. 400).
    public static let handshakeFailedAuth = SocketEvents(rawValue: ZMQ_EVENT_HANDSHAKE_FAILED_AUTH)

    /// Every handshake outcome.
    public static let handshake: SocketEvents = [
        .handshakeSucceeded, .handshakeFailedNoDetail, .handshakeFailedProtocol, .handshakeFailedAuth,
    ]
    /// Every event libzmq reports (version 1 monitor).
    public static let all = SocketEvents(rawValue: ZMQ_EVENT_ALL)
}
