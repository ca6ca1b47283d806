import Testing
import ZeroMQ

@Suite struct PollTests {
    @Test func timeoutReturnsZero() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        try pull.bind("inproc://poll-idle")
        var items = [PollItem(.socket(pull), events: .pollIn)]
        #expect(try poll(&items, timeoutMilliseconds: 50) == 0)
        #expect(items[0].returned.isEmpty)
    }

    @Test func reportsReadableSocketAmongOthers() throws {
        let context = try Context()
        let idle = try context.makeSocket(.pull)
        try idle.bind("inproc://poll-idle-2")
        let busy = try context.makeSocket(.pull)
        try busy.bind("inproc://poll-busy")
        let push = try context.makeSocket(.push)
        try push.connect("inproc://poll-busy")
        try push.send([bytes("wake")])

        var items = [PollItem(.socket(idle), events: .pollIn), PollItem(.socket(busy), events: [.pollIn, .pollOut])]
        #expect(try poll(&items, timeoutMilliseconds: 10_000) == 1)
        #expect(items[0].returned.isEmpty)
        #expect(items[1].returned == .pollIn)
        #expect(try busy.receiveMultipart(dontWait: true) == [bytes("wake")])
    }

    @Test func pollsFileDescriptors() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        try pull.bind("inproc://poll-fd")
        let fd = try pull.fileDescriptor
        var items = [PollItem(.fileDescriptor(fd), events: .pollIn), PollItem(.socket(pull), events: .pollIn)]
        _ = try poll(&items, timeoutMilliseconds: 0)
        #expect(items[1].returned.isEmpty)
    }

    @Test func closedSocketIsAnError() throws {
        let context = try Context()
        let pull = try context.makeSocket(.pull)
        pull.close()
        var items = [PollItem(.socket(pull), events: .pollIn)]
        #expect(throws: ZMQError.self) { try poll(&items, timeoutMilliseconds: 0) }
    }
}
