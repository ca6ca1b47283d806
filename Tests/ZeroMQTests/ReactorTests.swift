#if canImport(Glibc)
import Glibc
#endif
import Testing
import ZeroMQ

private struct Boom: Error, Equatable {}

/// Sends `count` requests through a DEALER and checks the echoes; fully synchronous so the socket
/// stays on one thread.
private func echoRoundTrips(_ context: Context, _ endpoint: String, count: Int) throws -> Bool {
    let dealer = try context.makeSocket(.dealer)
    defer { dealer.close() }
    try dealer.connect(endpoint)
    for index in 0..<count {
        try dealer.send([bytes("echo \(index)"), [UInt8(index % 256)]])
    }
    for index in 0..<count {
        guard try receive(dealer) == [bytes("echo \(index)"), [UInt8(index % 256)]] else { return false }
    }
    return true
}

@Suite struct ReactorTests {
    @Test func performReturnsValuesOnTheReactorThread() async throws {
        let reactor = try Reactor(name: "perform")
        defer { reactor.stop() }
        #expect(try await reactor.perform { 6 * 7 } == 42)
        #expect(try await reactor.perform { reactor.isOnReactorThread })
        #expect(!reactor.isOnReactorThread)
        #expect(reactor.name == "perform")
    }

    @Test func performRethrows() async throws {
        let reactor = try Reactor(name: "rethrow")
        defer { reactor.stop() }
        await #expect(throws: Boom()) { try await reactor.perform { throw Boom() } }
        let context = try Context()
        let error = await #expect(throws: ZMQError.self) {
            try await reactor.perform {
                let socket = try context.makeSocket(.pub)
                try socket.connect("nonsense")
            }
        }
        #expect(error?.operation == "zmq_connect(nonsense)")
        #expect(try await reactor.perform { "still running" } == "still running")
    }

    @Test func executeIsFIFO() async throws {
        let reactor = try Reactor(name: "fifo")
        defer { reactor.stop() }
        let log = Recorder<[Int]>([])
        for index in 0..<1000 {
            reactor.execute { log.update { $0.append(index) } }
        }
        try await reactor.perform {}
        #expect(log.current == Array(0..<1000))
    }

    @Test func executeKeepsPerProducerOrderAcrossThreads() async throws {
        let reactor = try Reactor(name: "producers")
        defer { reactor.stop() }
        let log = Recorder<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for index in 0..<500 {
                        reactor.execute { log.update { $0.append(producer * 1000 + index) } }
                    }
                }
            }
        }
        try await reactor.perform {}
        let entries = log.current
        #expect(entries.count == 2000)
        for producer in 0..<4 {
            #expect(entries.filter { $0 / 1000 == producer } == (0..<500).map { producer * 1000 + $0 })
        }
    }

    @Test func repeatingTimerFiresUntilCancelled() async throws {
        let reactor = try Reactor(name: "repeat")
        defer { reactor.stop() }
        let ticks = Recorder(0)
        let id = try await reactor.perform {
            reactor.addTimer(every: .milliseconds(5)) { ticks.update { $0 += 1 } }
        }
        #expect(try await eventually { ticks.current >= 5 })
        let atCancel = try await reactor.perform {
            reactor.cancelTimer(id)
            reactor.cancelTimer(id)
            return ticks.current
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(ticks.current == atCancel)
    }

    @Test func oneShotTimerFiresOnceAndCancelWorks() async throws {
        let reactor = try Reactor(name: "oneshot")
        defer { reactor.stop() }
        let fired = Recorder<[String]>([])
        try await reactor.perform {
            let doomed = reactor.addTimer(after: .milliseconds(100)) { fired.update { $0.append("doomed") } }
            reactor.addTimer(after: .milliseconds(10)) { fired.update { $0.append("once") } }
            reactor.addTimer(after: .milliseconds(300)) { fired.update { $0.append("last") } }
            reactor.addTimer(after: .zero) {
                reactor.addTimer(after: .milliseconds(1)) { fired.update { $0.append("nested") } }
            }
            reactor.cancelTimer(doomed)
        }
        #expect(try await eventually { fired.current.contains("last") })
        try await Task.sleep(for: .milliseconds(50))
        #expect(fired.current.sorted() == ["last", "nested", "once"])
    }

    @Test func timerCanCancelItselfAndOthers() async throws {
        let reactor = try Reactor(name: "selfcancel")
        defer { reactor.stop() }
        let ticks = Recorder(0)
        try await reactor.perform {
            var own = 0
            own = reactor.addTimer(every: .milliseconds(2)) {
                ticks.update { $0 += 1 }
                if ticks.current == 3 { reactor.cancelTimer(own) }
            }
        }
        #expect(try await eventually { ticks.current == 3 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(ticks.current == 3)
    }

    @Test func registeredSocketHandlerEchoes() async throws {
        let context = try Context()
        let reactor = try Reactor(name: "echo")
        defer { reactor.stop() }
        let endpoint = try await reactor.perform {
            let router = try context.makeSocket(.router)
            let endpoint = try bindLoopback(router)
            reactor.register(router) {
                while let message = try? router.receiveMultipart(dontWait: true) {
                    _ = try? router.send(message)
                }
            }
            return endpoint
        }
        #expect(try echoRoundTrips(context, endpoint, count: 200))
    }

    @Test func unregisterAndClosedSocketsStopHandlers() async throws {
        let context = try Context()
        let reactor = try Reactor(name: "unregister")
        defer { reactor.stop() }
        let seen = Recorder<[String]>([])
        let (pull, push) = try await reactor.perform {
            let pull = try context.makeSocket(.pull)
            try pull.bind("inproc://unregister")
            let push = try context.makeSocket(.push)
            try push.connect("inproc://unregister")
            reactor.register(pull) {
                while let message = try? pull.receiveMultipart(dontWait: true) {
                    seen.update { $0.append(text(message[0])) }
                }
            }
            return (pull, push)
        }
        try await reactor.perform { try push.send([bytes("first")]) }
        #expect(try await eventually { seen.current == ["first"] })
        try await reactor.perform {
            reactor.unregister(pull)
            try push.send([bytes("ignored")])
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(seen.current == ["first"])
        #expect(try await reactor.perform { try pull.receiveMultipart(dontWait: true) } == [bytes("ignored")])

        try await reactor.perform {
            reactor.register(pull) { seen.update { $0.append("closed socket handler") } }
            pull.close()
            push.close()
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await reactor.perform { 1 } == 1)
        #expect(seen.current == ["first"])
    }

    @Test func stopRunsPendingWorkAndJoins() async throws {
        let reactor = try Reactor(name: "stopper")
        let log = Recorder<[Int]>([])
        reactor.execute {
            usleep(50_000)
            log.update { $0.append(1) }
        }
        reactor.execute {
            reactor.execute { log.update { $0.append(3) } }
            log.update { $0.append(2) }
        }
        reactor.stop()
        #expect(log.current == [1, 2, 3])
        reactor.stop()
        await #expect(throws: ReactorStopped(reactorName: "stopper")) { try await reactor.perform { 1 } }
        reactor.execute { log.update { $0.append(4) } }
        #expect(log.current == [1, 2, 3])
    }

    @Test func stopFromTheReactorThread() async throws {
        let reactor = try Reactor(name: "selfstop")
        try await reactor.perform { reactor.stop() }
        reactor.stop()
        await #expect(throws: ReactorStopped.self) { try await reactor.perform { 1 } }
    }

    @Test func contextTerminationClosesRegisteredSockets() async throws {
        let context = try Context()
        let reactor = try Reactor(name: "eterm")
        defer { reactor.stop() }
        let socket = try await reactor.perform {
            let socket = try context.makeSocket(.pull)
            try socket.bind("inproc://eterm")
            reactor.register(socket) {}
            return socket
        }
        context.terminate()
        #expect(try await reactor.perform { socket.isClosed })
    }

    @Test func ownershipCanBeTransferred() async throws {
        let context = try Context()
        let reactor = try Reactor(name: "handoff")
        defer { reactor.stop() }
        let socket = try context.makeSocket(.pull)
        try socket.bind("inproc://handoff")
        socket.transferOwnership()
        #expect(try await reactor.perform { try socket.linger } == -1)
        try await reactor.perform { socket.close() }
    }

    #if DEBUG
    @Test func foreignThreadUseTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let context = try! Context()
            let socket = try! context.makeSocket(.pull)
            _ = try! socket.linger
            let reactor = try! Reactor(name: "thief")
            reactor.execute { _ = try? socket.linger }
            usleep(5_000_000)
        }
    }
    #endif
}
