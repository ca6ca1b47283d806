import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `service:web` (the web edge's key) against a real intake with CURVE: it acts for the users
/// it names and reads their user stream, but is refused the operator's operations and the
/// full event stream (docs/SECURITY.md §9); it may send a user's erase (`DELETE /api/v1/me`).
@Suite("Security: the web edge's principal", .serialized)
struct SecurityWebPrincipalEndToEndTests {
    @Test("service:web acts for users and reads their user stream; no events.since, no metrics, no full stream")
    func webPrincipal() async throws {
        let system = try SecureIntake(
            "sec-web", admit: ["admin": "admin", "ana": "user:ana", "web": "service:web", "analytics": "service:analytics"])
        defer { Task { await system.close() } }
        func curve(_ name: String) throws -> CurveClientCredentials? { try system.keys.options(name).curve }
        let webUser = EventCollector(endpoint: system.service.userPubEndpoint, prefixes: ["ana/"], curve: try curve("web"))
        let webFull = EventCollector(endpoint: system.service.pubEndpoint, prefixes: [""], curve: try curve("web"))
        let analyticsFull = EventCollector(endpoint: system.service.pubEndpoint, prefixes: [""], curve: try curve("analytics"))
        defer { [webUser, webFull, analyticsFull].forEach { $0.stop() } }
        #expect(await eventually { !analyticsFull.events.isEmpty })
        try await Task.sleep(for: .milliseconds(500))

        let web = try system.client("web")
        let record: IntakeRecord = try await web.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250), user: "ana")
        #expect(record.user == "ana")
        await expectRefusal(.invalidArgument) {
            let _: IntakeRecord = try await web.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250))
        }
        await expectRefusal(.permissionDenied) {
            let _: EventsSinceReply = try await web.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0), user: "ana")
        }
        await expectRefusal(.permissionDenied) {
            let _: MetricsReply = try await web.call(MessageDescriptor.systemMetrics.name, MetricsRequest())
        }
        await expectRefusal(.permissionDenied) {
            let _: Fluid = try await web.command(MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "water", waterPercent: 50, catalog: true), user: "ana")
        }
        let analytics = try system.client("analytics")
        let since: EventsSinceReply = try await analytics.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0))
        #expect(since.events.count == 1, "another service may still catch up")

        #expect(await eventually { webUser.domainEvents.count == 1 })
        #expect(webUser.domainEvents.first?.topic == "ana/intake.logged")
        try await Task.sleep(for: .milliseconds(300))
        #expect(webFull.events.isEmpty, "the web's key must not be admitted on the full event stream")

        // DELETE /api/v1/me sends the user's erase as service:web, naming the user: admitted.
        let erased: EraseReply = try await web.command(MessageDescriptor.intakeErase.name, UserDataRequest(), user: "ana")
        #expect(erased.deleted["intakes"] == 1, "\(erased)")
    }
}
