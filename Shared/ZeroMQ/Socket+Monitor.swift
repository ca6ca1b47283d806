internal import CZeroMQ

extension Socket {
    /// `zmq_socket_monitor`: publishes `events` of this socket on a PAIR socket bound at
    /// `endpoint` (an `inproc://` name unique in the context). Connect a `.pair` socket of
    /// the same context to it and read `MonitorEvent`s. Monitoring ends when this socket is
    /// closed or `stopMonitor()` is called.
    public func monitor(_ endpoint: String, events: SocketEvents) throws {
        let handle = try liveHandle("zmq_socket_monitor(\(endpoint))")
        guard zmq_socket_monitor(handle, endpoint, events.rawValue) == 0 else {
            throw ZMQError.last("zmq_socket_monitor(\(endpoint))")
        }
    }

    /// Stops a monitor started with `monitor(_:events:)`.
    public func stopMonitor() throws {
        let handle = try liveHandle("zmq_socket_monitor(nil)")
        guard zmq_socket_monitor(handle, nil, 0) == 0 else { throw ZMQError.last("zmq_socket_monitor(nil)") }
    }
}
