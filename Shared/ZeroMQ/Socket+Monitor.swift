internal import CZeroMQ

extension Socket {
    /// `zmq_socket_monitor`: publishes `events` of this socket on a PAIR socket bound at
    /// `endpoint` (an `inproc://` name unique in the context). Connect a `.pair` socket of
    /// the same context to it and read `MonitorEvent`s, draining it each time it is readable.
    /// Monitoring ends when this socket is closed or `stopMonitor()` is called; close the
    /// reader only after that.
    public func monitor(_ endpoint: String, events: SocketEvents) throws {
        let handle = try liveHandle("zmq_socket_monitor(\(endpoint))")
        guard zmq_socket_monitor(handle, endpoint, events.rawValue) == 0 else {
            throw ZMQError.last("zmq_socket_monitor(\(endpoint))")
        }
        monitoring = true
    }

    /// Stops a monitor started with `monitor(_:events:)`: no event is sent after it returns.
    /// Call it before closing the monitor's reader while this socket stays open: libzmq sends
    /// events with blocking sends from its I/O thread, and a send to a reader that is gone
    /// waits forever, stalling every socket of the context (`close()` does it by itself).
    public func stopMonitor() throws {
        let handle = try liveHandle("zmq_socket_monitor(nil)")
        guard zmq_socket_monitor(handle, nil, 0) == 0 else { throw ZMQError.last("zmq_socket_monitor(nil)") }
        monitoring = false
    }
}
