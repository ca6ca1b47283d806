import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// A user reaches only its own data: not another user's intakes (read, edit, delete), nor
/// their export or erasure, nor the operations reserved to services and operators.
@Suite("Security: isolation between users", .serialized)
struct SecurityIsolationEndToEndTests {
    @Test("ana cannot read, edit, delete, export or erase bob's data")
    func dataIsolation() async throws {
        let system = try SecureIntake("sec-isolation")
        defer { Task { await system.close() } }
        let ana = try system.client("ana")
        let bob = try system.client("bob")
        let admin = try system.client("admin")
        let bobs: IntakeRecord = try await bob.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 400))
        #expect(bobs.user == "bob")

        await expectRefusal(.permissionDenied) {
            let _: ListIntakesReply = try await ana.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "bob")
        }
        await expectRefusal(.permissionDenied) {
            let _: DayTotal = try await ana.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), user: "bob")
        }
        // Acting for herself, ana does not find bob's intake: ids do not cross users.
        await expectRefusal(.notFound) {
            let _: IntakeRecord = try await ana.command(MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: bobs.id, volume: 1))
        }
        await expectRefusal(.notFound) {
            let _: DeleteIntakeReply = try await ana.command(MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: bobs.id))
        }
        await expectRefusal(.permissionDenied) {
            let _: IntakeRecord = try await ana.command(MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: bobs.id, volume: 1), user: "bob")
        }
        await expectRefusal(.permissionDenied) {
            let _: DeleteIntakeReply = try await ana.command(MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: bobs.id), user: "bob")
        }
        await expectRefusal(.permissionDenied) {
            let _: IntakeExport = try await ana.call(MessageDescriptor.intakeExport.name, UserDataRequest(), user: "bob")
        }
        await expectRefusal(.permissionDenied) {
            let _: EraseReply = try await ana.command(MessageDescriptor.intakeErase.name, UserDataRequest(), user: "bob")
        }
        // Her own export holds none of bob's data.
        let own: IntakeExport = try await ana.call(MessageDescriptor.intakeExport.name, UserDataRequest())
        #expect(own.intakes.isEmpty)

        let after: ListIntakesReply = try await admin.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "bob")
        #expect(after.intakes.count == 1 && after.intakes.first?.volumeMl == 400)
    }

    @Test("operations for services and operators are refused to users and allowed to admin")
    func privilegedOperations() async throws {
        let system = try SecureIntake("sec-privileged")
        defer { Task { await system.close() } }
        let ana = try system.client("ana")
        let admin = try system.client("admin")
        await expectRefusal(.permissionDenied) {
            let _: EventsSinceReply = try await ana.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0, limit: 10))
        }
        await expectRefusal(.permissionDenied) {
            let _: Fluid = try await ana.command(MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "coffee", waterPercent: 50, catalog: true))
        }
        let events: EventsSinceReply = try await admin.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0, limit: 10))
        #expect(events.headSeq == 0)
        let edited: Fluid = try await admin.command(MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "coffee", waterPercent: 98, catalog: true))
        #expect(edited.waterPercent == 98)
    }

    @Test("challenges.load, .replace and .checked are refused to a user key on the goals service")
    func challengesLoad() async throws {
        let folder = temporaryDirectory("sec-goals")
        let keys = try SecurityKeys(folder.appendingPathComponent("keys"))
        try keys.writeAllowList(["ana": "user:ana", "admin": "admin"])
        let upstream = try CurveKeyPairFixture.publicKey()
        let goals = try ServiceProcess(
            "goals", dataDirectory: folder.appendingPathComponent("goals"),
            arguments: keys.serviceArguments + ["--upstream-health-ingest-public-key=\(upstream)"], insecure: false)
        defer { goals.stop() }
        let ana = try RPCClient(endpoint: goals.rpcEndpoint, options: try keys.options("ana"))
        let admin = try RPCClient(endpoint: goals.rpcEndpoint, options: try keys.options("admin"))
        defer { Task { await ana.close(); await admin.close() } }
        let catalog = LoadChallengesRequest(items: [Challenge(
            id: "steps-5k", title: "Easy walk", description: "Walk 5,000 steps in a day.", type: "step", goal: 5000,
            reward: Challenge.Reward(trophy: "bronze", points: 5))])
        await expectRefusal(.permissionDenied) {
            let _: LoadChallengesReply = try await ana.command(MessageDescriptor.challengesLoad.name, catalog)
        }
        let loaded: LoadChallengesReply = try await admin.command(MessageDescriptor.challengesLoad.name, catalog)
        #expect(loaded.received == 1 && loaded.created == 1)
        // A feed's catalog and its checks are the operator's too (`quench challenges sync`).
        let replace = ReplaceChallengesRequest(items: catalog.items, url: "https://example.org/feed", etag: nil, lastModified: nil, skipped: 0)
        await expectRefusal(.permissionDenied) {
            let _: ReplaceChallengesReply = try await ana.command(MessageDescriptor.challengesReplace.name, replace)
        }
        await expectRefusal(.permissionDenied) {
            let _: ChallengesCheckedReply = try await ana.command(
                MessageDescriptor.challengesChecked.name, ChallengesCheckedRequest(url: "https://example.org/feed", outcome: "failed", detail: nil))
        }
        let replaced: ReplaceChallengesReply = try await admin.command(MessageDescriptor.challengesReplace.name, replace)
        #expect(replaced.unchanged == 1 && replaced.source.url == "https://example.org/feed")
    }
}
