import Foundation
import GRDB
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue 25 item 7, the last two lists: `goal.history` / `goal.export` page their goal
/// periods by cursor (they used to return the newest 3660 and drop the rest silently), and
/// `health.export` pages the import jobs it used to repeat in full on every page. Old clients
/// (no cursor) get the first page; `quench goal history` and `quench export` follow every page.
@Suite("CLI: paged goal history and import jobs", .serialized)
struct CLIGoalImportPagingTests {
    /// More than the 3660 periods the old reply held.
    static let periods = 3_700
    static let goalPage = 500

    /// Writes `count` goal periods for `user` into the goals service's file, one a day from
    /// 2016-01-01, the last one current: what ten years of daily goal changes leave.
    static func fillGoals(_ path: String, user: String, count: Int) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let first = try #require(LocalDay("2016-01-01"))
            for index in 0..<count {
                let end: String? = index == count - 1 ? nil : first.adding(days: index).description
                try db.execute(
                    sql: """
                        INSERT INTO goal_period (user, startDay, endDay, goalMl, source, weightKg, adjusted, createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, 'manual', NULL, NULL, 0, 0)
                        """,
                    arguments: [user, first.adding(days: index).description, end, Double(1000 + index % 3000)])
            }
        }
    }

    @Test("goal.history and goal.export page under the bound; the CLI gets every period once, newest first")
    func goalPages() async throws {
        let folder = temporaryDirectory("cli-goal-paging")
        let goals = try ServiceProcess(
            "goals", dataDirectory: folder.appendingPathComponent("goals"), arguments: ["--limits-page-items", "\(Self.goalPage)"])
        defer { goals.stop() }
        try Self.fillGoals(goals.databasePath, user: "ana", count: Self.periods)
        let client = try RPCClient(
            endpoint: goals.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .seconds(30), attempts: 1, timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }

        // An old client: no cursor → the newest page and a cursor, the reply bounded.
        let first = try await client.send(Envelope(
            type: MessageDescriptor.goalHistory.name, user: "ana", timeZone: "UTC", body: try MessagePackRaw(encoding: [String: String]())))
        #expect(first.error == nil, "\(String(describing: first.error))")
        let firstPage = try first.decodeBody(GoalHistoryReply.self)
        #expect(firstPage.goals.count == Self.goalPage)
        #expect(firstPage.goals.first?.endDay == nil)
        #expect(firstPage.nextCursor != nil)
        let bytes = try first.encoded().count
        #expect(bytes <= Self.goalPage * 160, "a page of \(Self.goalPage) took \(bytes) bytes")

        // Walking by hand: every period once, newest first; a larger limit is cut to the page.
        var cursor: String?
        var days: [String] = []
        repeat {
            let page: GoalHistoryReply = try await client.call(MessageDescriptor.goalHistory.name, GoalHistoryRequest(cursor: cursor, limit: 100_000))
            #expect(page.goals.count <= Self.goalPage)
            days += page.goals.map(\.startDay.description)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(days.count == Self.periods)
        #expect(Set(days).count == Self.periods)
        #expect(days == days.sorted(by: >))
        #expect(days.last == "2016-01-01")

        // The export pages the same way and repeats the settings on every page.
        var exported: [String] = []
        var exportPages = 0
        cursor = nil
        repeat {
            let page: GoalExport = try await client.call(MessageDescriptor.goalExport.name, GoalExportRequest(cursor: cursor))
            #expect(page.goals.count <= Self.goalPage)
            #expect(page.user == "ana")
            exported += page.goals.map(\.startDay.description)
            cursor = page.nextCursor
            exportPages += 1
        } while cursor != nil
        #expect(exported == days)
        #expect(exportPages == (Self.periods + Self.goalPage - 1) / Self.goalPage)

        await expectRejected(.invalidArgument, field: "cursor", "a made-up cursor") {
            try await client.call(MessageDescriptor.goalHistory.name, GoalHistoryRequest(cursor: "1.2025-02-30"), as: GoalHistoryReply.self)
        }
        await expectRejected(.invalidArgument, field: "limit", "limit 0") {
            try await client.call(MessageDescriptor.goalExport.name, GoalExportRequest(limit: 0), as: GoalExport.self)
        }

        // The CLI follows every page.
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([goals], to: folder), timeZone: "UTC")
        let history = try cli.run(["goal", "history", "--json", "--timeout", "60"])
        #expect(history.status == 0, "\(history.stderr)")
        let rows = try #require(try history.json()["goals"] as? [[String: Any]])
        #expect(rows.compactMap { $0["startDay"] as? String } == days)
        #expect(try history.json()["nextCursor"] == nil)
    }

    @Test("health.export pages the import jobs; quench export joins every page of goals and jobs")
    func importJobPages() async throws {
        let folder = temporaryDirectory("cli-import-paging")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess(
            "goals", dataDirectory: folder.appendingPathComponent("goals"), arguments: ["--limits-page-items", "4"])
        let health = try ServiceProcess(
            "health-ingest", dataDirectory: folder.appendingPathComponent("health"), arguments: ["--limits-page-items", "5"])
        defer { for service in [intake, goals, health] { service.stop() } }
        try Self.fillGoals(goals.databasePath, user: "ana", count: 11)
        let client = try RPCClient(endpoint: health.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        var begun: [String] = []
        for index in 0..<12 {
            let job: ImportJob = try await client.call(
                MessageDescriptor.importBegin.name, ImportBeginRequest(kind: "apple-health", fileName: "export-\(index).zip"),
                idempotencyKey: "begin-\(index)")
            begun.append(job.jobId)
        }

        // An old client: the first page carries 5 jobs and a cursor to the rest.
        let firstPage: HealthExport = try await client.call(MessageDescriptor.healthExport.name, HealthExportRequest())
        #expect(firstPage.imports.count == 5)
        #expect(firstPage.importsNextCursor != nil)
        #expect(firstPage.more == false)

        // Walking the jobs by hand: every job once, in the order they began.
        var cursor: String? = nil
        var jobs: [String] = []
        repeat {
            let page: HealthExport = try await client.call(
                MessageDescriptor.healthExport.name, HealthExportRequest(after: firstPage.anchor, importsCursor: cursor))
            #expect(page.imports.count <= 5)
            jobs += page.imports.map(\.jobId)
            cursor = page.importsNextCursor
        } while cursor != nil
        #expect(jobs == begun)

        await expectRejected(.invalidArgument, field: "importsCursor", "a made-up cursor") {
            try await client.call(MessageDescriptor.healthExport.name, HealthExportRequest(importsCursor: "1.x.y"), as: HealthExport.self)
        }

        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals, health], to: folder), timeZone: "UTC")
        let exported = try cli.run(["export", "--json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let document = try exported.json()
        let healthPart = try #require(document["health"] as? [String: Any])
        let imports = try #require(healthPart["imports"] as? [[String: Any]])
        #expect(imports.compactMap { $0["jobId"] as? String } == begun)
        #expect(healthPart["importsNextCursor"] == nil)
        let goalsPart = try #require(document["goals"] as? [String: Any])
        let periods = try #require(goalsPart["goals"] as? [[String: Any]])
        #expect(periods.count == 11)
        #expect(Set(periods.compactMap { $0["startDay"] as? String }).count == 11)
        #expect(goalsPart["nextCursor"] == nil)
        #expect(goalsPart["user"] as? String == "ana")
    }
}
