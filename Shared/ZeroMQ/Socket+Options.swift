internal import CZeroMQ
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension Socket {
    // MARK: Typed options

    /// `ZMQ_LINGER`: how long (ms) pending messages may delay `close()`/context termination; -1 = forever.
    public func setLinger(_ ms: Int32) throws { try setInt32Option(ZMQ_LINGER, ms, name: "ZMQ_LINGER") }
    /// `ZMQ_LINGER` in milliseconds.
    public var linger: Int32 { get throws { try getInt32Option(ZMQ_LINGER, name: "ZMQ_LINGER") } }

    /// `ZMQ_SNDHWM`: the outbound queue limit in messages (0 = none).
    public func setSendHighWaterMark(_ n: Int32) throws { try setInt32Option(ZMQ_SNDHWM, n, name: "ZMQ_SNDHWM") }
    /// `ZMQ_SNDHWM`.
    public var sendHighWaterMark: Int32 { get throws { try getInt32Option(ZMQ_SNDHWM, name: "ZMQ_SNDHWM") } }

    /// `ZMQ_RCVHWM`: the inbound queue limit in messages (0 = none).
    public func setReceiveHighWaterMark(_ n: Int32) throws { try setInt32Option(ZMQ_RCVHWM, n, name: "ZMQ_RCVHWM") }
    /// `ZMQ_RCVHWM`.
    public var receiveHighWaterMark: Int32 { get throws { try getInt32Option(ZMQ_RCVHWM, name: "ZMQ_RCVHWM") } }

    /// `ZMQ_MAXMSGSIZE`: peers sending a bigger message are disconnected (-1 = no limit).
    /// Enforced by the wire decoder, so not on `inproc://`.
    public func setMaxMessageSize(_ bytes: Int64) throws {
        try setInt64Option(ZMQ_MAXMSGSIZE, bytes, name: "ZMQ_MAXMSGSIZE")
    }
    /// `ZMQ_MAXMSGSIZE`.
    public var maxMessageSize: Int64 { get throws { try getInt64Option(ZMQ_MAXMSGSIZE, name: "ZMQ_MAXMSGSIZE") } }

    /// `ZMQ_RCVTIMEO`: a blocking receive gives up after `ms` and returns `nil` (-1 = forever).
    public func setReceiveTimeout(_ ms: Int32) throws { try setInt32Option(ZMQ_RCVTIMEO, ms, name: "ZMQ_RCVTIMEO") }
    /// `ZMQ_RCVTIMEO`.
    public var receiveTimeout: Int32 { get throws { try getInt32Option(ZMQ_RCVTIMEO, name: "ZMQ_RCVTIMEO") } }

    /// `ZMQ_SNDTIMEO`: a blocking send gives up after `ms` and returns `false` (-1 = forever).
    public func setSendTimeout(_ ms: Int32) throws { try setInt32Option(ZMQ_SNDTIMEO, ms, name: "ZMQ_SNDTIMEO") }
    /// `ZMQ_SNDTIMEO`.
    public var sendTimeout: Int32 { get throws { try getInt32Option(ZMQ_SNDTIMEO, name: "ZMQ_SNDTIMEO") } }

    /// ZMTP heartbeats: `ZMQ_HEARTBEAT_IVL` (ping every `ms`), `ZMQ_HEARTBEAT_TIMEOUT` (drop the
    /// connection without traffic for `timeout` ms) and `ZMQ_HEARTBEAT_TTL` (the remote's timeout, ms).
    public func setHeartbeat(interval ms: Int32, timeout: Int32, ttl: Int32) throws {
        try setInt32Option(ZMQ_HEARTBEAT_IVL, ms, name: "ZMQ_HEARTBEAT_IVL")
        try setInt32Option(ZMQ_HEARTBEAT_TIMEOUT, timeout, name: "ZMQ_HEARTBEAT_TIMEOUT")
        try setInt32Option(ZMQ_HEARTBEAT_TTL, ttl, name: "ZMQ_HEARTBEAT_TTL")
    }

    /// `ZMQ_ROUTING_ID`: this socket's identity as seen by a ROUTER peer (1–255 bytes).
    public func setRoutingId(_ id: [UInt8]) throws { try setOption(ZMQ_ROUTING_ID, bytes: id, name: "ZMQ_ROUTING_ID") }
    /// `ZMQ_ROUTING_ID`.
    public var routingId: [UInt8] { get throws { try getBytesOption(ZMQ_ROUTING_ID, name: "ZMQ_ROUTING_ID", capacity: 256) } }

    /// `ZMQ_ROUTER_MANDATORY`: sending to an unknown routing id fails with `EHOSTUNREACH`
    /// instead of silently dropping the message.
    public func setRouterMandatory(_ on: Bool) throws {
        try setInt32Option(ZMQ_ROUTER_MANDATORY, on ? 1 : 0, name: "ZMQ_ROUTER_MANDATORY")
    }

    /// `ZMQ_IMMEDIATE`: queue messages only to completed connections.
    public func setImmediate(_ on: Bool) throws { try setInt32Option(ZMQ_IMMEDIATE, on ? 1 : 0, name: "ZMQ_IMMEDIATE") }

    /// `ZMQ_RECONNECT_IVL` and `ZMQ_RECONNECT_IVL_MAX` (exponential back-off cap; 0 = none).
    public func setReconnectInterval(_ ms: Int32, max: Int32) throws {
        try setInt32Option(ZMQ_RECONNECT_IVL, ms, name: "ZMQ_RECONNECT_IVL")
        try setInt32Option(ZMQ_RECONNECT_IVL_MAX, max, name: "ZMQ_RECONNECT_IVL_MAX")
    }

    /// `ZMQ_HANDSHAKE_IVL`: the time (ms) allowed for the ZMTP/security handshake (0 = none).
    public func setHandshakeInterval(_ ms: Int32) throws {
        try setInt32Option(ZMQ_HANDSHAKE_IVL, ms, name: "ZMQ_HANDSHAKE_IVL")
    }

    /// `ZMQ_BACKLOG`: connections the kernel queues for a listener before it is accepted
    /// (capped by `net.core.somaxconn`); set before `bind`.
    public func setBacklog(_ connections: Int32) throws {
        try setInt32Option(ZMQ_BACKLOG, connections, name: "ZMQ_BACKLOG")
    }

    /// `ZMQ_SUBSCRIBE` (SUB/XSUB): receive messages whose first frame starts with `prefix`; empty = all.
    /// On an XPUB in manual mode (`setXPubManual`): add `prefix` for the peer whose message was received last.
    public func subscribe(_ prefix: [UInt8]) throws { try setOption(ZMQ_SUBSCRIBE, bytes: prefix, name: "ZMQ_SUBSCRIBE") }
    /// `ZMQ_SUBSCRIBE` with the UTF-8 bytes of `prefix`.
    public func subscribe(_ prefix: String) throws { try subscribe(Array(prefix.utf8)) }
    /// `ZMQ_UNSUBSCRIBE`: removes one matching `subscribe`.
    public func unsubscribe(_ prefix: [UInt8]) throws {
        try setOption(ZMQ_UNSUBSCRIBE, bytes: prefix, name: "ZMQ_UNSUBSCRIBE")
    }
    /// `ZMQ_UNSUBSCRIBE` with the UTF-8 bytes of `prefix`.
    public func unsubscribe(_ prefix: String) throws { try unsubscribe(Array(prefix.utf8)) }

    /// `ZMQ_XPUB_VERBOSE`: pass on duplicate subscriptions too.
    public func setXPubVerbose(_ on: Bool) throws { try setInt32Option(ZMQ_XPUB_VERBOSE, on ? 1 : 0, name: "ZMQ_XPUB_VERBOSE") }

    /// `ZMQ_XPUB_MANUAL` (XPUB): subscriptions are not applied by libzmq but handed to the
    /// application as messages (`0x01` + prefix to subscribe, `0x00` + prefix to cancel).
    /// The application applies them with `subscribe(_:)` / `unsubscribe(_:)` on the XPUB right
    /// after receiving each one: they act for the peer that sent the last message received.
    public func setXPubManual(_ on: Bool) throws { try setInt32Option(ZMQ_XPUB_MANUAL, on ? 1 : 0, name: "ZMQ_XPUB_MANUAL") }

    /// `ZMQ_CURVE_SERVER`: act as the CURVE server (also call `setCurveKeys` with the server's keys).
    public func setCurveServer(_ on: Bool) throws { try setInt32Option(ZMQ_CURVE_SERVER, on ? 1 : 0, name: "ZMQ_CURVE_SERVER") }
    /// `ZMQ_CURVE_SERVER`.
    public var isCurveServer: Bool { get throws { try getInt32Option(ZMQ_CURVE_SERVER, name: "ZMQ_CURVE_SERVER") != 0 } }

    /// `ZMQ_CURVE_PUBLICKEY` and `ZMQ_CURVE_SECRETKEY` from 40-character Z85 keys.
    public func setCurveKeys(publicKey: String, secretKey: String) throws {
        try setCurveKey(ZMQ_CURVE_PUBLICKEY, publicKey, name: "ZMQ_CURVE_PUBLICKEY")
        try setCurveKey(ZMQ_CURVE_SECRETKEY, secretKey, name: "ZMQ_CURVE_SECRETKEY")
    }

    /// `ZMQ_CURVE_SERVERKEY` (clients): the server's 40-character Z85 public key.
    public func setCurveServerKey(_ z85: String) throws {
        try setCurveKey(ZMQ_CURVE_SERVERKEY, z85, name: "ZMQ_CURVE_SERVERKEY")
    }

    /// `ZMQ_ZAP_DOMAIN`: the domain passed to the ZAP handler (enables ZAP for NULL security too).
    public func setZAPDomain(_ domain: String) throws {
        try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(domain.utf8), name: "ZMQ_ZAP_DOMAIN")
    }
    /// `ZMQ_ZAP_DOMAIN`.
    public var zapDomain: String { get throws { try getStringOption(ZMQ_ZAP_DOMAIN, name: "ZMQ_ZAP_DOMAIN") } }

    /// `ZMQ_IPV6`: allow IPv6 for `tcp://` endpoints.
    public func setIPv6(_ on: Bool) throws { try setInt32Option(ZMQ_IPV6, on ? 1 : 0, name: "ZMQ_IPV6") }
    /// `ZMQ_IPV6`.
    public var isIPv6Enabled: Bool { get throws { try getInt32Option(ZMQ_IPV6, name: "ZMQ_IPV6") != 0 } }

    // MARK: Escape hatches

    /// Sets an `int` option (`ZMQ_*` constant).
    public func setOption(_ option: Int32, int32 value: Int32) throws {
        try setInt32Option(option, value, name: "\(option)")
    }

    /// Sets an `int64_t` option (`ZMQ_*` constant).
    public func setOption(_ option: Int32, int64 value: Int64) throws {
        try setInt64Option(option, value, name: "\(option)")
    }

    /// Sets a binary/string option (`ZMQ_*` constant).
    public func setOption(_ option: Int32, bytes: [UInt8]) throws {
        try setOption(option, bytes: bytes, name: "\(option)")
    }

    /// Reads an `int` option (`ZMQ_*` constant).
    public func getInt32Option(_ option: Int32) throws -> Int32 {
        try getInt32Option(option, name: "\(option)")
    }

    /// Reads an `int64_t` option (`ZMQ_*` constant).
    public func getInt64Option(_ option: Int32) throws -> Int64 {
        try getInt64Option(option, name: "\(option)")
    }

    /// Reads a binary option of at most `capacity` bytes (`ZMQ_*` constant).
    public func getBytesOption(_ option: Int32, capacity: Int = 256) throws -> [UInt8] {
        try getBytesOption(option, name: "\(option)", capacity: capacity)
    }

    // MARK: Plumbing

    func setInt32Option(_ option: Int32, _ value: Int32, name: @autoclosure () -> String) throws {
        let handle = try liveHandle("zmq_setsockopt(\(name()))")
        var value = value
        guard zmq_setsockopt(handle, option, &value, MemoryLayout<Int32>.size) == 0 else {
            throw ZMQError.last("zmq_setsockopt(\(name()))")
        }
    }

    func setInt64Option(_ option: Int32, _ value: Int64, name: @autoclosure () -> String) throws {
        let handle = try liveHandle("zmq_setsockopt(\(name()))")
        var value = value
        guard zmq_setsockopt(handle, option, &value, MemoryLayout<Int64>.size) == 0 else {
            throw ZMQError.last("zmq_setsockopt(\(name()))")
        }
    }

    func setOption(_ option: Int32, bytes: [UInt8], name: @autoclosure () -> String) throws {
        let handle = try liveHandle("zmq_setsockopt(\(name()))")
        let rc = bytes.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        guard rc == 0 else { throw ZMQError.last("zmq_setsockopt(\(name()))") }
    }

    private func setCurveKey(_ option: Int32, _ z85: String, name: String) throws {
        guard z85.utf8.count == 40 else { throw ZMQError(code: EINVAL, operation: "zmq_setsockopt(\(name))") }
        try setOption(option, bytes: Array(z85.utf8), name: name)
    }

    func getInt32Option(_ option: Int32, name: @autoclosure () -> String) throws -> Int32 {
        let handle = try liveHandle("zmq_getsockopt(\(name()))")
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        guard zmq_getsockopt(handle, option, &value, &size) == 0 else { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        return value
    }

    func getInt64Option(_ option: Int32, name: @autoclosure () -> String) throws -> Int64 {
        let handle = try liveHandle("zmq_getsockopt(\(name()))")
        var value: Int64 = 0
        var size = MemoryLayout<Int64>.size
        guard zmq_getsockopt(handle, option, &value, &size) == 0 else { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        return value
    }

    func getBytesOption(_ option: Int32, name: @autoclosure () -> String, capacity: Int) throws -> [UInt8] {
        let handle = try liveHandle("zmq_getsockopt(\(name()))")
        var size = capacity
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            failed = zmq_getsockopt(handle, option, buffer.baseAddress, &size) != 0
            count = failed ? 0 : size
        }
        guard !failed else { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        return bytes
    }

    func getStringOption(_ option: Int32, name: @autoclosure () -> String) throws -> String {
        let bytes = try getBytesOption(option, name: name(), capacity: 1024)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
