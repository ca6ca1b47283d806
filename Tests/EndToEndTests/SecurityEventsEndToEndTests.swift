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
        #expect(await eventually(timeout: .seconds(10)) { !adminFull.events.isEmpty })
        try await Task.sleep(for: .milliseconds(500))

        let admin = try system.client("admin")
        let ana = try system.client("ana")
        let bob = try system.client("bob")
        let _: IntakeRecord = try await admin.command(IntakeMessage.log, LogIntakeRequest(volume: 101), user: "ana")
        let _: IntakeRecord = try await ana.command(IntakeMessage.log, LogIntakeRequest(volume: 102))
        let _: IntakeRecord = try await bob.command(IntakeMessage.log, LogIntakeRequest(volume: 201))

        #expect(await eventually(timeout: .seconds(10)) {
            adminFull.domainEvents.count >= 3 && anaStream.domainEvents.count >= 2 && !bobStream.domainEvents.isEmpty
        })
        try await Task.sleep(for: .milliseconds(500))
        #expect(adminFull.domainEvents.count == 3)
        #expect(anaStream.domainEvents.map(\.envelope.user) == ["ana", "ana"])
        #expect(anaStream.domainEvents.allSatisfy { $0.topic == "ana/intake.logged" })
        #expect(bobStream.domainEvents.map(\.envelope.user) == ["bob"], "\(bobStream.domainEvents.map(\.topic))")
        #expect(bobFull.events.isEmpty, "a user key must not be admitted on the full event stream")
    }
}
