import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue 25, items 2, 3 and 8 against a real intake process: an operator's key is kept per
/// acting user and bound to its request (insecure and CURVE alike), and a request of 16
/// frames or more is answered.
@Suite("Idempotency scope and frames, end to end", .serialized)
struct IdempotencyScopeEndToEndTests {
    /// Logs 250 mL for carol and 100 mL for dave under one key, then a 999 mL coffee for carol
    /// under it again; returns what each list shows.
    static func scenario(_ client: TestClient) async throws {
        let carol = try await client.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "water", volume: 250), as: IntakeRecord.self, user: "carol", idempotencyKey: "K")
        let dave = try await client.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "water", volume: 100), as: IntakeRecord.self, user: "dave", idempotencyKey: "K")
        #expect(carol.user == "carol" && carol.volumeMl == 250)
        #expect(dave.user == "dave" && dave.volumeMl == 100, "dave got \(dave)")
        let conflict = await expectRefusal(.conflict) {
            _ = try await client.call(
                MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "coffee", volume: 999), as: IntakeRecord.self, user: "carol", idempotencyKey: "K")
        }
        #expect(conflict?.field == "idempotencyKey" && conflict?.message.contains("'K'") == true, "\(String(describing: conflict))")
        // The retry of dave's own request still answers his record.
        let retry = try await client.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "water", volume: 100), as: IntakeRecord.self, user: "dave", idempotencyKey: "K")
        #expect(retry.id == dave.id)
        let day = carol.day
        let carolList = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(day)!), as: ListIntakesReply.self, user: "carol")
        let daveList = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(day)!), as: ListIntakesReply.self, user: "dave")
        #expect(carolList.intakes.map(\.volumeMl) == [250])
        #expect(daveList.intakes.map(\.volumeMl) == [100])
        // An id the key rule refuses, before anything is stored.
        let evil = await expectRefusal(.invalidArgument) {
            _ = try await client.call(
                MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 100), as: IntakeRecord.self, user: "bob/evil", idempotencyKey: "E")
        }
        #expect(evil?.field == "user")
    }

    @Test("insecure: one key for two users runs both; another body under it is a conflict", arguments: TestMode.selected)
    func insecure(mode: TestMode) async throws {
        // The scope is the dispatcher's: in process by default (live too with QUENCH_TEST_LIVE=1).
        let system = try await TestSystem(mode, [ServiceName.intake], label: "idem-insecure")
        try await Self.scenario(system.client(ServiceName.intake, timeZone: "UTC"))
        await system.close()
    }

    @Test("CURVE, operator key: the same")
    func curve() async throws {
        let intake = try SecureIntake("idem-curve")
        let admin = try intake.client("admin")
        try await Self.scenario(TestClient(admin, service: ServiceName.intake))
        await intake.close()
    }

    @Test("a request of 16 or more frames gets a malformed reply, and the service keeps serving", arguments: [15, 16, 40])
    func manyFrames(count: Int) async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("frames"))
        defer { service.stop() }
        let raw = try RawDealer(endpoint: service.rpcEndpoint)
        defer { raw.close() }
        let ping = try Envelope(type: MessageDescriptor.systemPing.name).encoded()
        let frames = [[], ping] + Array(repeating: [UInt8](repeating: 0x61, count: 3), count: count - 2)
        let reply = try raw.request(frames)
        #expect(reply.count == 2 && reply.first == [])
        let error = try Envelope.decode(reply.last ?? []).error
        #expect(error?.code == "malformed", "\(String(describing: error))")
        let pong = try raw.request([[], ping])
        #expect(try Envelope.decode(pong.last ?? []).error == nil)
    }
}
