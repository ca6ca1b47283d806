import Testing
import ZeroMQ

@Suite struct PubSubTests {
    @Test func prefixFiltering() throws {
        let context = try Context()
        let pub = try context.makeSocket(.pub)
        let sub = try context.makeSocket(.sub)
        let endpoint = try bindLoopback(pub)
        try sub.subscribe("news")
        try sub.connect(endpoint)

        var joined = false
        for _ in 0..<200 where !joined {
            try pub.send([bytes("news.probe")])
            joined = try receive(sub, timeout: 50) != nil
        }
        #expect(joined)

        try pub.send([bytes("weather"), bytes("rain")])
        try pub.send([bytes("news.final"), bytes("done")])
        var received: [[[UInt8]]] = []
        while let message = try receive(sub) {
            received.append(message)
            if message.first == bytes("news.final") { break }
        }
        #expect(received.last == [bytes("news.final"), bytes("done")])
        #expect(received.allSatisfy { $0.first.map { text($0).hasPrefix("news") } ?? false })

        try sub.unsubscribe("news")
        try sub.subscribe(bytes("sport"))
    }

    @Test func xpubSeesSubscriptions() throws {
        let context = try Context()
        let xpub = try context.makeSocket(.xpub)
        try xpub.setXPubVerbose(true)
        try xpub.bind("inproc://xpub")
        let sub = try context.makeSocket(.sub)
        try sub.connect("inproc://xpub")

        try sub.subscribe("abc")
        #expect(try receive(xpub) == [[1] + bytes("abc")])
        try sub.unsubscribe("abc")
        #expect(try receive(xpub) == [[0] + bytes("abc")])
    }
}
