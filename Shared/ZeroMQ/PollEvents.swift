internal import CZeroMQ

/// `ZMQ_POLLIN` / `ZMQ_POLLOUT` / `ZMQ_POLLERR` as a set.
public struct PollEvents: OptionSet, Sendable, Hashable {
    /// The `zmq_pollitem_t.events` bits.
    public let rawValue: Int16

    /// Wraps raw `ZMQ_POLL*` bits.
    public init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    /// At least one message can be received (sockets) / the descriptor is readable.
    public static let pollIn = PollEvents(rawValue: Int16(ZMQ_POLLIN))
    /// At least one message can be sent without blocking / the descriptor is writable.
    public static let pollOut = PollEvents(rawValue: Int16(ZMQ_POLLOUT))
    /// An error condition on a file descriptor (never set for ZeroMQ sockets).
    public static let pollErr = PollEvents(rawValue: Int16(ZMQ_POLLERR))
}
