import Testing
import ZeroMQ

@Suite(.enabled(if: ZMQ.has("curve"))) struct CurveTests {
    @Test func keyPairs() throws {
        let pair = try CurveKeyPair.generate()
        #expect(pair.publicKey.count == 40)
        #expect(pair.secretKey.count == 40)
        #expect(Z85.decode(pair.publicKey)?.count == 32)
        #expect(try CurveKeyPair.publicKey(forSecretKey: pair.secretKey) == pair.publicKey)
        #expect(try CurveKeyPair.generate() != pair)
        #expect(throws: ZMQError.self) { try CurveKeyPair.publicKey(forSecretKey: "too short") }
        #expect(throws: ZMQError.self) { try CurveKeyPair.publicKey(forSecretKey: String(repeating: "\"", count: 40)) }
    }

    @Test func encryptedDealerRouterRoundTrip() throws {
        let context = try Context()
        let serverKeys = try CurveKeyPair.generate()
        let server = try context.makeSocket(.router)
        try server.setCurveServer(true)
        #expect(try server.isCurveServer)
        try server.setCurveKeys(publicKey: serverKeys.publicKey, secretKey: serverKeys.secretKey)
        try server.setZAPDomain("quench-test")
        let endpoint = try bindLoopback(server)

        let clientKeys = try CurveKeyPair.generate()
        let client = try context.makeSocket(.dealer)
        try client.setCurveKeys(publicKey: clientKeys.publicKey, secretKey: clientKeys.secretKey)
        try client.setCurveServerKey(serverKeys.publicKey)
        try client.connect(endpoint)

        try client.send([bytes("secret hello")])
        let request = try #require(try receive(server))
        #expect(request.count == 2)
        #expect(request[1] == bytes("secret hello"))
        try server.send([request[0], bytes("secret world")])
        #expect(try receive(client) == [bytes("secret world")])

        let impostorKeys = try CurveKeyPair.generate()
        let confused = try context.makeSocket(.dealer)
        try confused.setLinger(0)
        try confused.setCurveKeys(publicKey: clientKeys.publicKey, secretKey: clientKeys.secretKey)
        try confused.setCurveServerKey(impostorKeys.publicKey)
        try confused.connect(endpoint)
        try confused.send([bytes("anyone?")])
        #expect(try receive(confused, timeout: 1000) == nil)
        #expect(try server.receiveMultipart(dontWait: true) == nil)
    }

    @Test func malformedKeysAreRejected() throws {
        let context = try Context()
        let socket = try context.makeSocket(.dealer)
        #expect(throws: ZMQError.self) { try socket.setCurveServerKey("short") }
        #expect(throws: ZMQError.self) {
            try socket.setCurveKeys(publicKey: String(repeating: " ", count: 40), secretKey: String(repeating: " ", count: 40))
        }
    }

    @Test func zapDomain() throws {
        let context = try Context()
        let socket = try context.makeSocket(.router)
        try socket.setZAPDomain("global")
        #expect(try socket.zapDomain == "global")
    }
}
