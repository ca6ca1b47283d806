internal import CZeroMQ
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What a `PollItem` watches.
public enum PollTarget: Sendable {
    /// A ZeroMQ socket owned by the polling thread.
    case socket(Socket)
    /// A plain file descriptor (e.g. an `eventfd` or a TCP socket of another library).
    case fileDescriptor(Int32)
}

/// One entry of a `poll(_:timeoutMilliseconds:)` set.
public struct PollItem: Sendable {
    /// The socket or descriptor to watch.
    public var target: PollTarget
    /// The events to wait for.
    public var events: PollEvents
    /// The events that are ready, filled in by `poll`.
    public var returned: PollEvents = []

    /// Watches `target` for `events`.
    public init(_ target: PollTarget, events: PollEvents) {
        self.target = target
        self.events = events
    }
}

/// `zmq_poll`: waits until at least one item is ready or the timeout expires.
///
/// Sockets are polled with level semantics (via `ZMQ_EVENTS`), so a readable socket stays ready
/// until drained. Sockets must be owned by the calling thread.
/// - Parameter timeoutMilliseconds: -1 waits forever, 0 returns at once.
/// - Returns: The number of ready items; 0 on timeout or when a signal interrupted the wait (`EINTR`).
public func poll(_ items: inout [PollItem], timeoutMilliseconds: Int) throws -> Int {
    let count = items.count
    return try withUnsafeTemporaryAllocation(of: zmq_pollitem_t.self, capacity: max(count, 1)) { buffer in
        for index in 0..<count {
            let item = items[index]
            var raw = zmq_pollitem_t()
            switch item.target {
            case .socket(let socket):
                raw.socket = try socket.liveHandle("zmq_poll")
            case .fileDescriptor(let fd):
                raw.fd = fd
            }
            raw.events = item.events.rawValue
            buffer.initializeElement(at: index, to: raw)
        }
        let ready = withExtendedLifetime(items) {
            zmq_poll(buffer.baseAddress, Int32(count), timeoutMilliseconds)
        }
        if ready < 0 {
            let code = zmq_errno()
            guard code == EINTR else { throw ZMQError(code: code, operation: "zmq_poll") }
            for index in 0..<count { items[index].returned = [] }
            return 0
        }
        for index in 0..<count {
            items[index].returned = PollEvents(rawValue: buffer[index].revents)
        }
        return Int(ready)
    }
}
