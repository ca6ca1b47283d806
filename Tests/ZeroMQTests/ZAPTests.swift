import Testing
import ZeroMQ

/// The ZAP handler, message metadata (`User-Id`), socket monitor handshake events and
/// manual XPUB subscriptions, together as a CURVE server uses them.
@Suite(.enabled(if: ZMQ.has("curve")), .serialized) struct ZAPTests {
    struct Server {
        let context: Context
        let reactor: Reactor
        let zap: ZAPHandler
        let serverKeys: CurveKeyPair
        let ana: CurveKeyPair
        let requests: Recorder<[ZAPRequest]>
    }

    func startServer() async throws -> Server {
        let context = try Context()
        let reactor = try Reactor(name: "zap-test")
        let ana = try CurveKeyPair.generate()
        let requests = Recorder<[ZAPRequest]>([])
        let zap = try await ZAPHandler.start(context: context, reactor: reactor) { request in
            requests.update { $0.append(request) }
            return request.curvePublicKey == ana.publicKey ? .allow("user:ana") : .deny("not on the list")
        }
        return Server(context: context, reactor: reactor, zap: zap, serverKeys: try CurveKeyPair.generate(), ana: ana, requests: requests)
    }

    func curveServer(_ server: Server, _ type: SocketType, domain: String) throws -> (Socket, String) {
        let socket = try server.context.makeSocket(type)
        try socket.setLinger(0)
        try socket.setCurveServer(true)
        try socket.setCurveKeys(publicKey: server.serverKeys.publicKey, secretKey: server.serverKeys.secretKey)
        try socket.setZAPDomain(domain)
        return (socket, try bindLoopback(socket))
    }

    func client(_ server: Server, _ type: SocketType, keys: CurveKeyPair, endpoint: String) throws -> Socket {
        let socket = try server.context.makeSocket(type)
        try socket.setLinger(0)
        try socket.setCurveServerKey(server.serverKeys.publicKey)
        try socket.setCurveKeys(publicKey: keys.publicKey, secretKey: keys.secretKey)
        try socket.connect(endpoint)
        return socket
    }

    @Test func admittedPeerCarriesItsUserID() async throws {
        let server = try await startServer()
        defer { server.reactor.stop() }
        let (router, endpoint) = try curveServer(server, .router, domain: "test.rpc")
        let dealer = try client(server, .dealer, keys: server.ana, endpoint: endpoint)
        try dealer.send([[], bytes("hello")])
        try router.setReceiveTimeout(10_000)
        let message = try #require(try router.receiveMessage(properties: [ReceivedMessage.userIDProperty, "Peer-Address"]))
        #expect(message.frames.count == 3 && message.frames[2] == bytes("hello"))
        #expect(message.userID == "user:ana")
        #expect(message.properties["Peer-Address"] == "127.0.0.1")
        let request = try #require(server.requests.current.first)
        #expect(request.domain == "test.rpc" && request.mechanism == "CURVE" && request.curvePublicKey == server.ana.publicKey)
    }

    @Test func refusedPeerSeesHandshakeFailedAuthOnItsMonitor() async throws {
        let server = try await startServer()
        defer { server.reactor.stop() }
        let (router, endpoint) = try curveServer(server, .router, domain: "test.rpc")
        let stranger = try server.context.makeSocket(.dealer)
        try stranger.setLinger(0)
        try stranger.monitor("inproc://zap-test-monitor", events: .handshake)
        let monitor = try server.context.makeSocket(.pair)
        try monitor.connect("inproc://zap-test-monitor")
        let keys = try CurveKeyPair.generate()
        try stranger.setCurveServerKey(server.serverKeys.publicKey)
        try stranger.setCurveKeys(publicKey: keys.publicKey, secretKey: keys.secretKey)
        try stranger.connect(endpoint)
        try stranger.send([[], bytes("let me in")])
        let frames = try #require(try receive(monitor, timeout: 60_000))
        let event = try #require(MonitorEvent(frames: frames))
        #expect(event.event == .handshakeFailedAuth && event.value == 400)
        #expect(try router.receiveMultipart(dontWait: true) == nil)
    }

    @Test func plainClientAgainstCurveServerIsAMechanismMismatch() async throws {
        let server = try await startServer()
        defer { server.reactor.stop() }
        // Keep the server socket alive for the whole test (a discarded one closes at once).
        let (listener, endpoint) = try curveServer(server, .router, domain: "test.rpc")
        defer { withExtendedLifetime(listener) {} }
        let plain = try server.context.makeSocket(.dealer)
        try plain.setLinger(0)
        try plain.monitor("inproc://zap-test-plain", events: .handshake)
        let monitor = try server.context.makeSocket(.pair)
        try monitor.connect("inproc://zap-test-plain")
        try plain.connect(endpoint)
        try plain.send([[], bytes("hello?")])
        let frames = try #require(try receive(monitor, timeout: 60_000))
        let event = try #require(MonitorEvent(frames: frames))
        #expect(event.isMechanismMismatch)
    }

    @Test func manualXPubSeesWhoSubscribedAndAppliesRewrittenPrefixes() async throws {
        let server = try await startServer()
        defer { server.reactor.stop() }
        let (xpub, endpoint) = try curveServer(server, .xpub, domain: "test.events")
        try xpub.setXPubManual(true)
        let sub = try client(server, .sub, keys: server.ana, endpoint: endpoint)
        try sub.subscribe("")
        try xpub.setReceiveTimeout(10_000)
        let subscription = try #require(try xpub.receiveMessage(properties: [ReceivedMessage.userIDProperty]))
        #expect(subscription.frames == [[1]])
        #expect(subscription.userID == "user:ana")
        // Manual mode: nothing is applied until the application says so, for this peer.
        try xpub.subscribe("ana/")
        try xpub.send([bytes("bob/secret"), bytes("no")])
        try xpub.send([bytes("ana/mine"), bytes("yes")])
        #expect(try receive(sub, timeout: 60_000) == [bytes("ana/mine"), bytes("yes")])
        #expect(try receive(sub, timeout: 300) == nil)
    }
}
