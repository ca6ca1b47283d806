import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue 25 item 7: `intake.list` and `intake.export` answer a bounded page at a time with a
/// `nextCursor`, old clients (no cursor) get the first page, and the CLI follows every page.
/// The case is 60,000 intakes on one day; the default run logs 1,250 with a page of
/// 100 (`--limits-page-items`), `QUENCH_PAGING_INTAKES=60000` runs the full count.
@Suite("CLI: paged replies", .serialized)
struct CLIPagingTests {
    static let count = Int(ProcessInfo.processInfo.environment["QUENCH_PAGING_INTAKES"] ?? "") ?? 1_250
    static let pageItems = count >= 10_000 ? 1_000 : 100
    /// A past day in UTC: every intake is logged at a second of it.
    static let day = "2025-06-01"
    static let dayStart = Date(timeIntervalSince1970: 1_748_736_000)

    /// Logs `count` intakes for `user` on `day`, 200 in flight at a time.
    static func fill(_ client: RPCClient, count: Int) async throws {
        var next = 0
        while next < count {
            let chunk = next..<min(count, next + 200)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in chunk {
                    group.addTask {
                        let at = dayStart.addingTimeInterval(Double(index % 86_000) + 0.25)
                        let _: IntakeRecord = try await client.call(
                            MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "water", volume: Double(100 + index % 400), at: at),
                            idempotencyKey: "fill-\(index)")
                    }
                }
                try await group.waitForAll()
            }
            next = chunk.upperBound
        }
    }

    @Test("intake.list and intake.export page under the bound; the CLI gets every row once, in order")
    func pagedListAndExport() async throws {
        let folder = temporaryDirectory("cli-paging")
        let intake = try ServiceProcess(
            "intake", dataDirectory: folder.appendingPathComponent("intake"),
            arguments: ["--limits-page-items", "\(Self.pageItems)"])
        defer { intake.stop() }
        let client = try RPCClient(
            endpoint: intake.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .seconds(30), attempts: 1, timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        try await Self.fill(client, count: Self.count)

        // An old client: no cursor, no limit → the first page and a cursor, the reply bounded.
        let first = try await client.send(Envelope(
            type: MessageDescriptor.intakeList.name, user: "ana", timeZone: "UTC",
            body: try MessagePackRaw(encoding: ListIntakesRequest(day: LocalDay(Self.day)!))))
        #expect(first.error == nil, "\(String(describing: first.error))")
        let firstPage = try first.decodeBody(ListIntakesReply.self)
        #expect(firstPage.intakes.count == Self.pageItems)
        #expect(firstPage.nextCursor != nil)
        // An IntakeRecord is about 300 bytes: a page stays within 512 bytes an item.
        let bytes = try first.encoded().count
        #expect(bytes <= Self.pageItems * 512, "a page of \(Self.pageItems) took \(bytes) bytes")

        // Walking the pages by hand: every intake once, ordered by at then id.
        var cursor: String? = nil
        var ids: [String] = []
        var ats: [Date] = []
        var pages = 0
        repeat {
            let page: ListIntakesReply = try await client.call(
                MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(Self.day)!, cursor: cursor, limit: 10_000))
            #expect(page.intakes.count <= Self.pageItems)
            ids += page.intakes.map(\.id)
            ats += page.intakes.map(\.at)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil
        #expect(ids.count == Self.count)
        #expect(Set(ids).count == Self.count)
        #expect(ats == ats.sorted())
        #expect(pages == (Self.count + Self.pageItems - 1) / Self.pageItems)

        // Cursors and limits that break the rules name their field.
        await expectRejected(.invalidArgument, field: "cursor", "a made-up cursor") {
            try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(Self.day)!, cursor: "garbage"), as: ListIntakesReply.self)
        }
        await expectRejected(.invalidArgument, field: "cursor", "another day's cursor") {
            try await client.call(
                MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay("2025-06-02")!, cursor: firstPage.nextCursor), as: ListIntakesReply.self)
        }
        await expectRejected(.invalidArgument, field: "limit", "limit 0") {
            try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(Self.day)!, limit: 0), as: ListIntakesReply.self)
        }

        // The export pages the same way; the first page carries the fluids.
        let exportFirst: IntakeExport = try await client.call(MessageDescriptor.intakeExport.name, UserDataRequest())
        #expect(exportFirst.intakes.count == Self.pageItems)
        #expect(exportFirst.nextCursor != nil)

        // The CLI follows the pages: `quench intakes` and `quench export`.
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder), timeZone: "UTC")
        let listed = try cli.run(["intakes", "--day", Self.day, "--json", "--timeout", "60"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try #require(try listed.json()["intakes"] as? [[String: Any]])
        #expect(rows.count == Self.count)
        #expect(rows.compactMap { $0["id"] as? String } == ids)
        #expect(try listed.json()["nextCursor"] == nil)
    }

    @Test("quench export joins every page of intake.export with goals and health-ingest running")
    func exportFollowsPages() async throws {
        let folder = temporaryDirectory("cli-paging-export")
        let intake = try ServiceProcess(
            "intake", dataDirectory: folder.appendingPathComponent("intake"), arguments: ["--limits-page-items", "7"])
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        defer { for service in [intake, goals, health] { service.stop() } }
        let client = try RPCClient(endpoint: intake.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        try await Self.fill(client, count: 50)
        // The service pages: 7 intakes and a cursor on the first page.
        let firstPage: IntakeExport = try await client.call(MessageDescriptor.intakeExport.name, IntakeExportRequest())
        #expect(firstPage.intakes.count == 7 && firstPage.nextCursor != nil)
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals, health], to: folder), timeZone: "UTC")
        #expect(try cli.run(["fluids", "add", "kvass", "--water", "90"]).status == 0)

        let exported = try cli.run(["export", "--json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let document = try exported.json()
        let part = try #require(document["intake"] as? [String: Any])
        let intakes = try #require(part["intakes"] as? [[String: Any]])
        #expect(intakes.count == 50)
        #expect(Set(intakes.compactMap { $0["id"] as? String }).count == 50)
        #expect((part["fluids"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["kvass"])
        #expect(part["nextCursor"] == nil)
    }

    @Test("a user has at most 200 fluids of its own: fluids.list stays bounded, the 201st is refused")
    func fluidBound() async throws {
        let intake = try ServiceProcess("intake", dataDirectory: temporaryDirectory("fluid-bound"))
        defer { intake.stop() }
        let client = try RPCClient(endpoint: intake.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let _: Fluid = try await client.call(
                        MessageDescriptor.fluidsAdd.name, AddFluidRequest(name: "brew \(index)", waterPercent: 90), idempotencyKey: "f\(index)")
                }
            }
            try await group.waitForAll()
        }
        await expectRejected(.failedPrecondition, field: "name", "a 201st fluid") {
            try await client.call(MessageDescriptor.fluidsAdd.name, AddFluidRequest(name: "one more", waterPercent: 90), as: Fluid.self, idempotencyKey: "f-extra")
        }
        // Editing a shared fluid would copy it: refused the same way.
        await expectRejected(.failedPrecondition, field: "name", "a copy of a shared fluid") {
            try await client.call(MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "coffee", waterPercent: 95), as: Fluid.self, idempotencyKey: "f-copy")
        }
        let own = try await client.call(MessageDescriptor.fluidsList.name, ListFluidsRequest(), as: ListFluidsReply.self).fluids.filter(\.custom)
        #expect(own.count == 200)
        // A user's own fluid can still be renamed.
        let renamed: Fluid = try await client.call(
            MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "brew 0", newName: "brew zero"), idempotencyKey: "f-rename")
        #expect(renamed.name == "brew zero")
    }
}
