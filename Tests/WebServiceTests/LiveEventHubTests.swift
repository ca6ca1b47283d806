import Foundation
import Logging
import QuenchProtocol
import Testing
import WebDashboard
@testable import WebService

/// The live-update hub's bounds and routing, without sockets (its delivery over real user
/// streams is `DashboardRoutesTests.theLiveStreamCarriesTheUsersOwnChangesOnly`).
@Suite struct LiveEventHubTests {
    static func hub() throws -> LiveEventHub {
        try LiveEventHub(streams: [], logger: Logger(label: "test"))
    }

    static func envelope(_ type: String, user: String?, seq: UInt64 = 7) -> Envelope {
        var envelope = Envelope(type: type, user: user)
        envelope.publisher = "intake"
        envelope.seq = seq
        return envelope
    }

    @Test func aUsersNinthStreamEndsTheOldestAndTheFortyNinthUserIsRefused() async throws {
        let hub = try Self.hub()
        var streams: [AsyncStream<LiveEventHub.Change>] = []
        for _ in 0..<LiveEventHub.maxListenersPerUser + 1 {
            streams.append(try #require(hub.listen(user: "ana")).changes)
        }
        #expect(hub.counts.listeners == LiveEventHub.maxListenersPerUser && hub.counts.users == 1)
        var oldest = streams[0].makeAsyncIterator()
        #expect(await oldest.next() == nil, "the oldest stream ended")
        // (A stream dropped unread ends itself: keep them.)
        var others: [AsyncStream<LiveEventHub.Change>] = []
        for index in 1..<LiveEventHub.maxUsers { others.append(try #require(hub.listen(user: "user\(index)")).changes) }
        #expect(hub.counts.users == LiveEventHub.maxUsers)
        #expect(hub.listen(user: "one-too-many") == nil)
        let again = hub.listen(user: "ana")
        #expect(again != nil, "a user already followed may open another page")
        withExtendedLifetime((streams, others, again)) {}
    }

    @Test func anEventReachesItsUsersStreamsOnlyAsTheGroupsItChanges() async throws {
        let hub = try Self.hub()
        let ana = try #require(hub.listen(user: "ana"))
        let ben = try #require(hub.listen(user: "ben"))
        hub.deliver(topic: Array("ben/intake.logged".utf8), Self.envelope("intake.logged", user: "ben", seq: 3))
        hub.deliver(topic: Array("ana/goal.changed".utf8), Self.envelope("goal.changed", user: "ana", seq: 9))
        // A topic naming another user than the envelope is dropped; an event no page shows too.
        hub.deliver(topic: Array("ana/intake.logged".utf8), Self.envelope("intake.logged", user: "ben"))
        hub.deliver(topic: Array("ana/challenge.upserted".utf8), Self.envelope("challenge.upserted", user: "ana"))
        ana.cancel()
        ben.cancel()
        var anaChanges: [LiveEventHub.Change] = []
        for await change in ana.changes { anaChanges.append(change) }
        var benChanges: [LiveEventHub.Change] = []
        for await change in ben.changes { benChanges.append(change) }
        #expect(anaChanges == [.init(groups: [.goal, .water], publisher: "intake")])
        #expect(benChanges == [.init(groups: [.water], publisher: "intake")])
        #expect(hub.counts.listeners == 0 && hub.counts.users == 0)
    }
}
