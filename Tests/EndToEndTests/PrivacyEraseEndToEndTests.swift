import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench erase --yes` leaves no byte of the user's content in any file a service keeps:
/// the four real executables (intake and goals following health-ingest, analytics following
/// all three), content written through the real CLI, and every file under the data folder
/// (SQLite files, `-wal`, `-shm`, the services' logs) scanned for unique markers — after the
/// erase, after analytics (down during the erase) catches up, and after `analytics rebuild`.
@Suite("Privacy: erase leaves no byte", .serialized)
struct PrivacyEraseEndToEndTests {
    /// Markers in every kind of content, each written once through the CLI or an import.
    static let textMarkers = [
        "zqxfluidmarker", "zqxfluidrenamed", "zqxExerciseMarker", "zqxSourceMarker", "zqxDeviceMarker",
        "zqxWorkoutActivityMarker",
    ]
    /// Unusual values, found as text or as the 8 big-endian bytes SQLite (REAL) and
    /// MessagePack (float 64) store them as.
    static let numberMarkers: [Double] = [71.123456789, 444.4321, 333.777, 61.2345, 555.1234]

    @Test("markers in fluids, intakes, imports, workouts and weights are gone from every file after erase, catch-up and rebuild")
    func eraseLeavesNoByte() async throws {
        let folder = temporaryDirectory("privacy-erase")
        let data = folder.appendingPathComponent("data")
        let input = folder.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let health = try ServiceProcess("health-ingest", dataDirectory: data.appendingPathComponent("health"))
        let followHealth = [ServiceName.healthIngest: health]
        let intake = try ServiceProcess(
            "intake", dataDirectory: data.appendingPathComponent("intake"),
            arguments: ["--config", try AnalyticsSystem.config(data, "intake", followHealth).path])
        let goals = try ServiceProcess(
            "goals", dataDirectory: data.appendingPathComponent("goals"),
            arguments: ["--config", try AnalyticsSystem.config(data, "goals", followHealth).path])
        let analytics = try ServiceProcess(
            "analytics", dataDirectory: data.appendingPathComponent("analytics"),
            arguments: ["--config", try AnalyticsSystem.config(data, "analytics", AnalyticsSystem.upstreams(intake, goals, health)).path])
        let all = [intake, goals, health, analytics]
        defer { for service in all { service.stop() } }
        let config = try CLIRunner.writeConfig(all, to: folder)
        let ana = CLIRunner(configPath: config, user: "ana")
        let bob = CLIRunner(configPath: config, user: "bob")

        // Ana's content, in every kind there is.
        let day = Self.dayText(daysAgo: 2)
        try Self.appleHealthExport(day: day).write(to: input.appendingPathComponent("export.xml"), atomically: true, encoding: .utf8)
        try "\(Self.workoutDate(daysAgo: 3)),zqxExerciseMarker Press,3,5,61.2345\n"
            .write(to: input.appendingPathComponent("workouts.csv"), atomically: true, encoding: .utf8)
        for arguments in [
            ["consent", "grant", "steps", "body-mass", "distance", "dietary-water", "workouts"],
            ["fluids", "add", "zqxfluidmarker", "--water", "91.5"],
            ["log", "333.777ml", "--fluid", "zqxfluidmarker"],
            ["fluids", "add", "zqxfluidrenamedsoon", "--water", "50"],
            ["fluids", "edit", "zqxfluidrenamedsoon", "--name", "zqxfluidrenamed"],
            ["import", "apple-health", input.appendingPathComponent("export.xml").path],
            ["import", "workouts", input.appendingPathComponent("workouts.csv").path],
            ["goal", "auto"],
        ] {
            let result = try ana.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stdout) \(result.stderr)")
        }
        // Bob's content stays.
        #expect(try bob.run(["fluids", "add", "zqxbobkeeps", "--water", "80"]).status == 0)
        #expect(try bob.run(["log", "200", "--fluid", "zqxbobkeeps"]).status == 0)

        try await Self.waitUntilApplied(all, health: health, intake: intake, goals: goals)
        let before = Self.scan(data)
        for marker in Self.textMarkers + Self.numberMarkers.map(Self.describe) + ["zqxbobkeeps"] {
            #expect(before[marker] != nil, "\(marker) was never stored: the scan could not see it go")
        }

        // Checkpointed, each file holds the content too, not only its WAL (a reader beside the
        // service, as an operator's sqlite3 would be).
        for service in all { try Self.checkpoint(service.databasePath) }
        #expect(Self.scan(data)["zqxSourceMarker"]?.contains { $0.hasSuffix(".sqlite") } == true)
        #expect(Self.scan(data)["zqxfluidmarker"]?.contains { $0.hasSuffix(".sqlite") } == true)

        // Analytics is down during the erase.
        analytics.stop()
        let erased = try ana.run(["erase", "--yes", "--json"])
        #expect(erased.status == 0, "\(erased.stdout) \(erased.stderr)")
        try await Self.waitUntilApplied([intake, goals, health], health: health, intake: intake, goals: goals)
        for service in [intake, goals, health] {
            Self.expectNoMarkers(in: service.dataDirectory, "after the erase")
        }

        // Analytics comes back and catches up.
        try analytics.start()
        try await Self.waitUntilApplied(all, health: health, intake: intake, goals: goals)
        Self.expectNoMarkers(in: data, "after analytics caught up")

        // A rebuild replays every event from the first: nothing comes back.
        let rebuilt = try ana.run(["analytics", "rebuild", "--json"])
        #expect(rebuilt.status == 0, "\(rebuilt.stdout) \(rebuilt.stderr)")
        try await Self.waitUntilApplied(all, health: health, intake: intake, goals: goals)
        Self.expectNoMarkers(in: data, "after analytics rebuild")
        let orm = try ana.run(["orm", "--json"])
        #expect(orm.status == 0 && !orm.stdout.contains("zqx"), "\(orm.stdout) \(orm.stderr)")

        // Bob's fluid is still there.
        #expect(Self.scan(data)["zqxbobkeeps"] != nil)
        #expect(try bob.run(["fluids", "list"]).stdout.contains("zqxbobkeeps"))
    }

    // MARK: Content

    static func dayText(daysAgo: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(-Double(daysAgo) * 86_400))
    }

    static func workoutDate(daysAgo: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d yyyy"
        return formatter.string(from: Date().addingTimeInterval(-Double(daysAgo) * 86_400))
    }

    /// An export with steps, a weight, distance and water from one source and device.
    static func appleHealthExport(day: String) -> String {
        let at = "\(day) 08:00:00 +0000"
        let end = "\(day) 08:10:00 +0000"
        let origin = #"sourceName="zqxSourceMarker" sourceVersion="1.0" device="&lt;&lt;HKDevice: 0x1&gt;, name:zqxDeviceMarker&gt;""#
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(end)"/>
             <Record type="HKQuantityTypeIdentifierStepCount" \(origin) unit="count" startDate="\(at)" endDate="\(end)" value="4321"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" \(origin) unit="kg" startDate="\(at)" endDate="\(at)" value="71.123456789"/>
             <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" \(origin) unit="km" startDate="\(at)" endDate="\(end)" value="3.21"/>
             <Record type="HKQuantityTypeIdentifierDietaryWater" \(origin) unit="mL" startDate="\(at)" endDate="\(at)" value="444.4321"/>
             <Workout workoutActivityType="zqxWorkoutActivityMarker" duration="10" durationUnit="min" totalEnergyBurned="555.1234" totalEnergyBurnedUnit="kcal" \(origin) startDate="\(at)" endDate="\(end)"/>
            </HealthData>

            """
    }

    // MARK: Waiting

    /// Until every running follower has applied everything its publishers have committed.
    static func waitUntilApplied(_ running: [ServiceProcess], health: ServiceProcess, intake: ServiceProcess, goals: ServiceProcess) async throws {
        let heads = [ServiceName.healthIngest: health, ServiceName.intake: intake, ServiceName.goals: goals]
        let done = try await eventually {
            for service in running {
                let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(2), attempts: 1))
                defer { Task { await client.close() } }
                let reply = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
                for subscription in reply.subscriptions {
                    guard let publisher = heads[subscription.publisher] else { continue }
                    let head = try await Self.head(publisher)
                    if subscription.appliedSeq < head { return false }
                }
            }
            return true
        }
        if !done { throw TestFailure("the followers did not catch up:\n" + running.map { $0.logTail(10) }.joined(separator: "\n")) }
    }

    static func head(_ service: ServiceProcess) async throws -> UInt64 {
        let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(2), attempts: 1))
        defer { Task { await client.close() } }
        return try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq
    }

    // MARK: Scanning

    static func checkpoint(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        try queue.close()
    }

    static func describe(_ value: Double) -> String { "\(value)" }

    /// The byte patterns of each marker: the text, and a number's big-endian float 64.
    static func patterns() -> [(name: String, bytes: [UInt8])] {
        var patterns: [(String, [UInt8])] = (textMarkers + ["zqxbobkeeps"]).map { ($0, Array($0.utf8)) }
        for value in numberMarkers {
            patterns.append((describe(value), Array(describe(value).utf8)))
            patterns.append((describe(value), withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) }))
        }
        return patterns
    }

    /// Marker → the files (relative to `root`) holding it, over every file under `root`.
    static func scan(_ root: URL) -> [String: [String]] {
        var found: [String: [String]] = [:]
        let patterns = patterns()
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in files {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  let data = try? Data(contentsOf: url) else { continue }
            for (name, pattern) in patterns where contains(data, pattern) {
                found[name, default: []].append(url.path.replacingOccurrences(of: root.path, with: ""))
            }
        }
        return found
    }

    static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        haystack.range(of: Data(needle)) != nil
    }

    static func expectNoMarkers(in root: URL, _ when: String) {
        let found = scan(root).filter { $0.key != "zqxbobkeeps" }
        #expect(found.isEmpty, "\(when): markers still in \(found)")
    }
}
