import QuenchProtocol
@testable import QuenchRuntime
import Testing

/// The hand-over between a subscriber's reactor and its consumer: everything queued is taken
/// in one go, in order; beyond the limit events are dropped and counted; heartbeats fold
/// into the highest head; the doorbell holds one ring however often it was rung.
@Suite("Live inbox")
struct LiveInboxTests {
    private func events(_ seqs: ClosedRange<UInt64>) -> [Envelope] {
        seqs.map { Envelope(type: "test.event", publisher: "test", seq: $0) }
    }

    @Test("a consumer that was busy takes every queued event at once, in order, after one ring")
    func coalesces() async {
        let inbox = LiveInbox(limit: 100)
        inbox.put(events: events(1...3), heartbeat: nil)
        inbox.put(events: events(4...4), heartbeat: 7)
        inbox.put(events: [], heartbeat: 5)
        inbox.tick()
        var rings = 0
        var taken = LiveInbox.Taken()
        for await _ in inbox.doorbell {
            rings += 1
            taken = inbox.take()
            break
        }
        #expect(rings == 1)
        #expect(taken.events.map(\.seq) == [1, 2, 3, 4])
        #expect(taken.heartbeat == 7)
        #expect(taken.tick)
        #expect(inbox.take().isEmpty)
    }

    @Test("beyond the limit events are dropped and counted; what was kept is the oldest, in order")
    func dropsBeyondLimit() {
        let inbox = LiveInbox(limit: 4)
        inbox.put(events: events(1...3), heartbeat: nil)
        inbox.put(events: events(4...6), heartbeat: nil)
        #expect(inbox.droppedEvents == 2)
        #expect(inbox.take().events.map(\.seq) == [1, 2, 3, 4])
        inbox.put(events: events(7...8), heartbeat: nil)
        #expect(inbox.take().events.map(\.seq) == [7, 8])
        #expect(inbox.droppedEvents == 2)
    }

    @Test("closing ends the doorbell and later hand-overs are ignored")
    func closes() async {
        let inbox = LiveInbox(limit: 10)
        inbox.close()
        inbox.put(events: events(1...2), heartbeat: 3)
        var rings = 0
        for await _ in inbox.doorbell { rings += 1 }
        #expect(rings == 0)
        #expect(inbox.take().isEmpty)
        #expect(inbox.droppedEvents == 0)
    }
}
