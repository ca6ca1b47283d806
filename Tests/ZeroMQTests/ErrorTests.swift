#if canImport(Glibc)
import Glibc
#endif
import Testing
import ZeroMQ

@Suite struct ErrorTests {
    @Test func bindFailureNamesTheOperation() throws {
        let context = try Context()
        let socket = try context.makeSocket(.rep)
        let error = try #require(throws: ZMQError.self) { try socket.bind("bogus://nowhere") }
        #expect(error.operation == "zmq_bind(bogus://nowhere)")
        #expect(error.code == EPROTONOSUPPORT)
        #expect(error.description.contains("zmq_bind(bogus://nowhere)"))
        #expect(error.description.contains("not supported"))
    }

    @Test func busyAddress() throws {
        let context = try Context()
        let first = try context.makeSocket(.rep)
        let endpoint = try bindLoopback(first)
        let second = try context.makeSocket(.rep)
        let error = try #require(throws: ZMQError.self) { try second.bind(endpoint) }
        #expect(error.code == EADDRINUSE)
    }

    @Test func routerMandatoryUnknownPeer() throws {
        let context = try Context()
        let router = try context.makeSocket(.router)
        try router.setRouterMandatory(true)
        try router.bind("inproc://mandatory")
        let error = try #require(throws: ZMQError.self) { try router.send([bytes("ghost"), bytes("boo")]) }
        #expect(error.isHostUnreachable)
        #expect(error.operation == "zmq_send")
    }

    @Test func closedSocket() throws {
        let context = try Context()
        let socket = try context.makeSocket(.pull)
        socket.close()
        let error = try #require(throws: ZMQError.self) { try socket.receiveMultipart(dontWait: true) }
        #expect(error.code == ENOTSOCK)
        #expect(throws: ZMQError.self) { try socket.setLinger(0) }
    }

    @Test func terminatedContext() throws {
        let context = try Context()
        context.terminate()
        context.terminate()
        let error = try #require(throws: ZMQError.self) { try context.makeSocket(.pub) }
        #expect(error.isContextTerminated)
        #expect(error.operation == "zmq_socket(PUB)")
    }

    @Test func emptyMessageIsInvalid() throws {
        let context = try Context()
        let socket = try context.makeSocket(.push)
        let error = try #require(throws: ZMQError.self) { try socket.send([]) }
        #expect(error.code == EINVAL)
    }

    @Test func invalidOptionValue() throws {
        let context = try Context()
        let socket = try context.makeSocket(.dealer)
        let error = try #require(throws: ZMQError.self) { try socket.setRoutingId([]) }
        #expect(error.operation == "zmq_setsockopt(ZMQ_ROUTING_ID)")
        #expect(error.code == EINVAL)
    }

    @Test func errorPredicates() {
        #expect(ZMQError(code: EAGAIN, operation: "x").isWouldBlock)
        #expect(ZMQError(code: EINTR, operation: "x").isInterrupted)
        #expect(ZMQError(code: EHOSTUNREACH, operation: "x").isHostUnreachable)
        #expect(!ZMQError(code: EAGAIN, operation: "x").isContextTerminated)
        #expect(ZMQError(code: 1, operation: "a") == ZMQError(code: 1, operation: "a"))
    }
}
