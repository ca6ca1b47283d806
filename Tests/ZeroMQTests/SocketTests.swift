#if canImport(Glibc)
import Glibc
#endif
import Testing
import ZeroMQ

@Suite struct SocketTests {
    @Test(arguments: ["inproc", "tcp"])
    func requestReplyRoundTrip(transport: String) throws {
        let context = try Context()
        let rep = try context.makeSocket(.rep)
        let req = try context.makeSocket(.req)
        let endpoint: String
        if transport == "tcp" {
            endpoint = try bindLoopback(rep)
            #expect(endpoint.hasPrefix("tcp://127.0.0.1:"))
        } else {
            endpoint = "inproc://req-rep"
            try rep.bind(endpoint)
        }
        try req.connect(endpoint)

        for round in 0..<3 {
            #expect(try req.send([bytes("ping \(round)")]))
            #expect(try receive(rep) == [bytes("ping \(round)")])
            try rep.send([bytes("pong \(round)"), []])
            #expect(try receive(req) == [bytes("pong \(round)"), []])
        }
        req.close()
        rep.close()
        context.terminate()
    }

    @Test func dealerRouterMultipartWithSeveralInFlight() throws {
        let context = try Context()
        let router = try context.makeSocket(.router)
        let endpoint = try bindLoopback(router)
        let names = ["alpha", "beta", "gamma"]
        let dealers = try names.map { name in
            let dealer = try context.makeSocket(.dealer)
            try dealer.setRoutingId(bytes(name))
            try dealer.connect(endpoint)
            return dealer
        }
        let perDealer = 5
        for (dealer, name) in zip(dealers, names) {
            for index in 0..<perDealer {
                try dealer.send([[], bytes("\(name)-\(index)"), [0, 1, 2]])
            }
        }

        var seen: [String: [String]] = [:]
        for _ in 0..<(names.count * perDealer) {
            let message = try #require(try receive(router))
            #expect(message.count == 4)
            #expect(message[1].isEmpty)
            #expect(message[3] == [0, 1, 2])
            seen[text(message[0]), default: []].append(text(message[2]))
            try router.send([message[0], [], bytes("re: " + text(message[2]))])
        }
        for name in names {
            #expect(seen[name] == (0..<perDealer).map { "\(name)-\($0)" })
        }
        for (dealer, name) in zip(dealers, names) {
            #expect(try dealer.routingId == bytes(name))
            for index in 0..<perDealer {
                #expect(try receive(dealer) == [[], bytes("re: \(name)-\(index)")])
            }
        }
    }

    @Test func sendFrameByFrame() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        let push = try context.makeSocket(.push)
        try pull.bind("inproc://frames")
        try push.connect("inproc://frames")
        let sent = try [bytes("head"), [], bytes("tail")].enumerated().map { index, frame in
            try frame.withUnsafeBytes { try push.send(frame: $0, more: index < 2, dontWait: index == 2) }
        }
        #expect(sent == [true, true, true])
        #expect(try receive(pull) == [bytes("head"), [], bytes("tail")])
    }

    @Test func receiveTimeoutAndDontWaitReturnNil() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        try pull.bind("inproc://quiet")
        #expect(try pull.receiveMultipart(dontWait: true) == nil)
        try pull.setReceiveTimeout(50)
        #expect(try pull.receiveTimeout == 50)
        #expect(try pull.receiveMultipart() == nil)
    }

    @Test func sendWithoutPeerWouldBlock() throws {
        let context = try Context()
        let push = try context.makeSocket(.push)
        try push.bind("inproc://nobody")
        #expect(try push.send([bytes("x")], dontWait: true) == false)
        try push.setSendTimeout(20)
        #expect(try push.send([bytes("x")]) == false)
    }

    @Test func multipartOverflowThrowsAndSocketKeepsWorking() throws {
        let context = try Context()
        let a = try context.makeSocket(.pair)
        let b = try context.makeSocket(.pair)
        try a.bind("inproc://overflow")
        try b.connect("inproc://overflow")

        try a.send((0..<10).map { [UInt8($0)] })
        try b.setReceiveTimeout(10_000)
        #expect(throws: MultipartOverflow(frameCount: 10)) {
            try b.receiveMultipart(maxFrames: 3)
        }
        #expect(try b.hasMoreToReceive == false)
        try a.send([bytes("one"), bytes("two")])
        #expect(try receive(b, maxFrames: 3) == [bytes("one"), bytes("two")])
        try a.send([bytes("1"), bytes("2"), bytes("3")])
        #expect(try receive(b, maxFrames: 3) == [bytes("1"), bytes("2"), bytes("3")])
    }

    @Test func maxMessageSizeDropsOffenderAndKeepsServing() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        try pull.setMaxMessageSize(100)
        #expect(try pull.maxMessageSize == 100)
        let endpoint = try bindLoopback(pull)

        let offender = try context.makeSocket(.push)
        try offender.setLinger(0)
        try offender.connect(endpoint)
        try offender.send([[UInt8](repeating: 7, count: 1000)])
        #expect(try receive(pull, timeout: 500) == nil)

        let polite = try context.makeSocket(.push)
        try polite.connect(endpoint)
        try polite.send([bytes("small")])
        #expect(try receive(pull) == [bytes("small")])
        offender.close()
    }

    @Test(.enabled(if: ZMQ.has("ipc")))
    func lingerDeliversQueuedMessagesAfterClose() throws {
        let context = try Context()
        let path = "/tmp/zeromq-tests-linger-\(UInt64.random(in: 0...UInt64.max)).sock"
        defer { unlink(path) }
        let endpoint = "ipc://" + path

        let push = try context.makeSocket(.push)
        try push.setLinger(10_000)
        #expect(try push.linger == 10_000)
        try push.setReconnectInterval(20, max: 100)
        try push.connect(endpoint)
        try push.send([bytes("after close")])
        push.close()
        #expect(push.isClosed)

        let pull = try context.makeSocket(.pull)
        try pull.bind(endpoint)
        #expect(try receive(pull) == [bytes("after close")])
        pull.close()
    }

    @Test func zeroLingerLetsContextTerminateWithUndeliverableMessages() throws {
        let context = try Context()
        let push = try context.makeSocket(.push)
        push.lingerOnClose = 0
        try push.connect("tcp://127.0.0.1:1")
        try push.send([bytes("never delivered")])
        push.close()
        push.close()
        context.terminate()
        #expect(context.isTerminated)
    }

    @Test func stateQueries() throws {
        let context = try Context()
        let a = try context.makeSocket(.pair)
        let b = try context.makeSocket(.pair)
        try a.bind("inproc://state")
        try b.connect("inproc://state")
        #expect(try a.fileDescriptor >= 0)
        #expect(try a.events.contains(.pollOut))
        #expect(try !a.events.contains(.pollIn))
        try b.send([bytes("x")])
        #expect(try receive(a) == [bytes("x")])
        #expect(try a.hasMoreToReceive == false)
        #expect(a.type == .pair)
    }

    @Test func disconnectAndUnbind() throws {
        let context = try Context()
        let rep = try context.makeSocket(.rep)
        let endpoint = try bindLoopback(rep)
        let req = try context.makeSocket(.req)
        try req.connect(endpoint)
        try req.disconnect(endpoint)
        try rep.unbind(endpoint)
        #expect(throws: ZMQError.self) { try rep.unbind(endpoint) }
    }
}
