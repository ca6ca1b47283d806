import Testing
import ZeroMQ

@Suite struct OptionTests {
    @Test func typedOptionsRoundTrip() throws {
        let context = try Context()
        let socket = try context.makeSocket(.router)
        try socket.setLinger(250)
        #expect(try socket.linger == 250)
        try socket.setSendHighWaterMark(10)
        #expect(try socket.sendHighWaterMark == 10)
        try socket.setReceiveHighWaterMark(20)
        #expect(try socket.receiveHighWaterMark == 20)
        try socket.setSendTimeout(30)
        #expect(try socket.sendTimeout == 30)
        try socket.setIPv6(true)
        #expect(try socket.isIPv6Enabled)
        try socket.setHeartbeat(interval: 1000, timeout: 3000, ttl: 5000)
        try socket.setImmediate(true)
        try socket.setHandshakeInterval(2000)
        try socket.setRouterMandatory(true)
        try socket.setReconnectInterval(100, max: 5000)
        try socket.setRoutingId(bytes("me"))
        #expect(try socket.routingId == bytes("me"))
    }

    @Test func escapeHatches() throws {
        let context = try Context()
        let socket = try context.makeSocket(.dealer)
        let zmqLinger: Int32 = 17
        let zmqMaxMessageSize: Int32 = 22
        let zmqRoutingId: Int32 = 5
        try socket.setOption(zmqLinger, int32: 42)
        #expect(try socket.getInt32Option(zmqLinger) == 42)
        try socket.setOption(zmqMaxMessageSize, int64: 1 << 40)
        #expect(try socket.getInt64Option(zmqMaxMessageSize) == 1 << 40)
        try socket.setOption(zmqRoutingId, bytes: [9, 8, 7])
        #expect(try socket.getBytesOption(zmqRoutingId) == [9, 8, 7])
        let error = try #require(throws: ZMQError.self) { try socket.setOption(9999, int32: 1) }
        #expect(error.operation == "zmq_setsockopt(9999)")
    }

    @Test func libraryFacts() {
        let version = ZMQ.version
        #expect(version.major == 4)
        #expect(version.minor >= 3)
        #expect(ZMQ.has("curve"))
        #expect(!ZMQ.has("no-such-capability"))
    }
}
