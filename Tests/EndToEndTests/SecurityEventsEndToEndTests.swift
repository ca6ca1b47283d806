import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Events reach only those allowed to see them: the full stream only services and operators,
/// the user stream each user only its own events.
@Suite("Security: event streams", .serialized)
struct SecurityEventsEndToEndTests {
    @Test("bob on the user stream gets his events and never ana's; user keys are refused on the full stream")
    func userStream() async throws {
        let system = try SecureIntake("sec-events")
        defer { Task { await system.close() } }
        let userPub = system.service.userPubEndpoint
        let pub = system.service.pubEndpoint
        func curve(_ name: String) throws -> CurveClientCredentials? { try system.keys.options(name).curve }

        let anaStream = EventCollector(endpoint: userPub, prefixes: ["ana/"], curve: try curve("ana"))
        // Bob tries everything: all, ana's prefix, and a bare type prefix.
        let bobStream = EventCollector(endpoint: userPub, prefixes: ["", "ana/", "intake."], curve: try curve("bob"))
        let bobFull = EventCollector(endpoint: pub, prefixes: [""], curve: try curve("bob"))
        let adminFull = EventCollector(endpoint: pub, prefixes: [""], curve: try curve("admin"))
        defer { [anaStream, bobStream, bobFull, adminFull].forEach { $0.stop() } }
        // Subscriptions travel after the handshake: wait until the admin hears heartbeats.
        #expect(await eventually { !adminFull.events.isEmpty })
        try await Task.sleep(for: .milliseconds(500))

        let admin = try system.client("admin")
        let ana = try system.client("ana")
        let bob = try system.client("bob")
        let _: IntakeRecord = try await admin.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 101), user: "ana")
        let _: IntakeRecord = try await ana.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 102))
        let _: IntakeRecord = try await bob.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 201))

        #expect(await eventually {
            adminFull.domainEvents.count >= 3 && anaStream.domainEvents.count >= 2 && !bobStream.domainEvents.isEmpty
        })
        try await Task.sleep(for: .milliseconds(500))
        #expect(adminFull.domainEvents.count == 3)
        #expect(anaStream.domainEvents.map(\.envelope.user) == ["ana", "ana"])
        #expect(anaStream.domainEvents.allSatisfy { $0.topic == "ana/intake.logged" })
        #expect(bobStream.domainEvents.map(\.envelope.user) == ["bob"], "\(bobStream.domainEvents.map(\.topic))")
        #expect(bobFull.events.isEmpty, "a user key must not be admitted on the full event stream")
        // A publisher's seq counts every user's events: the full stream has it, the user
        // stream does not (bob's would show ana's two drinks as a gap: #39 item 6).
        #expect(adminFull.domainEvents.map(\.envelope.seq) == [1, 2, 3])
        #expect(anaStream.domainEvents.allSatisfy { $0.envelope.seq == nil } && bobStream.domainEvents.allSatisfy { $0.envelope.seq == nil })
        // Nor do the system replies to a user carry what counts everyone's requests and events.
        let bobPong = try await bob.call(.systemPing, PingRequest())
        let adminPong = try await admin.call(.systemPing, PingRequest())
        #expect(bobPong.headSeq == 0 && adminPong.headSeq == 3)
        let bobHealth = try await bob.call(.systemHealth, HealthRequest())
        let adminHealth = try await admin.call(.systemHealth, HealthRequest())
        #expect(bobHealth.headSeq == 0 && bobHealth.requestsServed == 0 && bobHealth.errorsByCode.isEmpty && bobHealth.database.path.isEmpty)
        #expect(bobHealth.status == adminHealth.status && bobHealth.database.ok == adminHealth.database.ok)
        #expect(adminHealth.headSeq == 3 && adminHealth.requestsServed > 3 && !adminHealth.database.path.isEmpty)
    }

    @Test("a key removed from the allow-list stops receiving events at once; other subscribers reconnect and go on")
    func removedKeyCutOff() async throws {
        let system = try SecureIntake("sec-events-revoke")
        defer { Task { await system.close() } }
        func curve(_ name: String) throws -> CurveClientCredentials? { try system.keys.options(name).curve }
        let anaStream = EventCollector(endpoint: system.service.userPubEndpoint, prefixes: ["ana/"], curve: try curve("ana"))
        let bobStream = EventCollector(endpoint: system.service.userPubEndpoint, prefixes: ["bob/"], curve: try curve("bob"))
        let adminFull = EventCollector(endpoint: system.service.pubEndpoint, prefixes: [""], curve: try curve("admin"))
        defer { [anaStream, bobStream, adminFull].forEach { $0.stop() } }
        #expect(await eventually { !adminFull.events.isEmpty })
        try await Task.sleep(for: .milliseconds(500))
        let admin = try system.client("admin")
        let _: IntakeRecord = try await admin.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 101), user: "ana")
        #expect(await eventually { anaStream.domainEvents.count == 1 })

        // ana's key leaves the allow-list while her subscription is live.
        try system.keys.writeAllowList(["admin": "admin", "bob": "user:bob"])
        #expect(await eventually { system.service.logTail(300).contains("event streams reopened") })
        let heard = adminFull.events.count

        // Everyone else reconnects and resubscribes by themselves (heartbeats on the full
        // stream, bob's own events on the user stream)…
        #expect(await eventually { adminFull.events.count > heard })
        var sent = 0
        let bobHears = await eventually {
            sent += 1
            _ = try? await admin.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 200 + Double(sent)), user: "bob") as IntakeRecord
            try? await Task.sleep(for: .milliseconds(100))
            return !bobStream.domainEvents.isEmpty
        }
        #expect(bobHears)
        // …and ana's events no longer reach her: the admin sees her next one, she does not.
        let _: IntakeRecord = try await admin.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 102), user: "ana")
        #expect(await eventually {
            adminFull.domainEvents.filter { $0.envelope.user == "ana" && $0.topic == "intake.logged" }.count == 2
        })
        try await Task.sleep(for: .seconds(1))
        #expect(anaStream.domainEvents.count == 1, "\(anaStream.domainEvents.map(\.topic))")
        #expect(system.service.isRunning)
    }
}
