import ChildProcess
import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport

/// Scenario 1: intake is SIGKILLed at random moments while clients log; every request is
/// stored exactly once and the file stays sound.
@Suite("Reliability: crash under load", .serialized)
struct ReliabilityCrashTests {
    @Test("intake SIGKILLed several times under load: every request stored exactly once", .timeLimit(.minutes(20)))
    func crashUnderLoad() async throws {
        let count = ReliabilitySettings.requests
        let kills = ReliabilitySettings.kills
        let seed = ReliabilitySettings.seed()
        print("RELIABILITY crash-under-load: seed=\(seed) (repeat with QUENCH_RELIABILITY_SEED=\(seed))")
        var random = SplitMix64(seed: seed)
        // Kill when this many requests are acknowledged, plus a few milliseconds more; stay down a while.
        let points = (0..<kills).map { _ in Int.random(in: (count / 10)...(count * 9 / 10), using: &random) }.sorted()
        let delays = (0..<kills).map { _ in Int.random(in: 0...200, using: &random) }
        let downtimes = (0..<kills).map { _ in Int.random(in: 50...500, using: &random) }

        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("reliability-crash"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .milliseconds(800), attempts: 3, timeZone: "UTC", user: "ana"))
        let load = IntakeLoad(client: client, keyPrefix: "crash")
        let started = ContinuousClock.now
        let deadline = started + .seconds(max(180, count / 10))
        let loading = Task { try await load.run(0..<count, concurrency: 16, deadline: deadline) }

        var killed = 0
        for (index, point) in points.enumerated() {
            while load.acknowledgedCount < point && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            try await Task.sleep(for: .milliseconds(delays[index]))
            let downtime = downtimes[index]
            try await offThePool {
                service.stop(signal: SIGKILL)
                Thread.sleep(forTimeInterval: Double(downtime) / 1000)
                try service.start()
            }
            killed += 1
        }
        try await loading.value
        let elapsed = seconds(since: started)
        #expect(load.acknowledgedCount == count)
        #expect(load.conflicts == 0)
        let reconnects = await client.reconnectCount()
        await client.close()
        let exit = service.stop()
        #expect(exit?.status == 0)

        let path = service.databasePath
        let rows = try SQLiteFiles.integer(path, "SELECT COUNT(*) FROM intake")
        let stored = Set(try SQLiteFiles.strings(path, "SELECT id FROM intake"))
        let acknowledged = load.acknowledgedIDs
        let lost = acknowledged.filter { !stored.contains($0) }.count
        let duplicates = rows - Set(acknowledged).count + (acknowledged.count - Set(acknowledged).count)
        let keys = try SQLiteFiles.integer(path, "SELECT COUNT(*) FROM runtime_idempotency WHERE key LIKE 'crash-%'")
        let outbox = try SQLiteFiles.outboxShape(path)
        let integrity = try SQLiteFiles.integrityCheck(path)
        #expect(rows == count)
        #expect(lost == 0)
        #expect(duplicates == 0)
        #expect(keys == count)
        #expect(outbox.count == count && outbox.max == count, "outbox: \(outbox)")
        #expect(integrity == "ok")
        ReliabilityReport.line("crash-under-load", [
            "seed": seed, "requests": count, "acknowledged": load.acknowledgedCount, "kills": killed,
            "client resends (reconnects)": reconnects, "retried calls": load.retries, "rows": rows, "idempotency keys": keys, "events": outbox.count,
            "lost": lost, "duplicates": duplicates, "integrity": integrity, "seconds": String(format: "%.1f", elapsed),
        ])
    }
}
