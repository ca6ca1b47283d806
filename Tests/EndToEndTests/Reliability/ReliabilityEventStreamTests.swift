import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport

/// Scenarios 3 and 4: a publisher that restarts under its subscribers, and a subscriber that
/// misses live messages (a tiny live buffer with a slow applier, a late connect).
@Suite("Reliability: event stream", .serialized)
struct ReliabilityEventStreamTests {
    @Test("publisher restarted (SIGTERM and SIGKILL) while a subscriber runs: seqs continue, no gap, no duplicate", .timeLimit(.minutes(10)))
    func publisherRestart() async throws {
        let count = ReliabilitySettings.events
        let seed = ReliabilitySettings.seed()
        var random = SplitMix64(seed: seed)
        let folder = temporaryDirectory("reliability-publisher")
        let service = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let ledger = try ReliabilityLedger(path: folder.appendingPathComponent("ledger.sqlite").path)
        let subscription = ledger.subscribe(to: service)
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .milliseconds(800), attempts: 3, timeZone: "UTC", user: "ana"))
        let load = IntakeLoad(client: client, keyPrefix: "restart")
        let deadline = ContinuousClock.now + .seconds(max(120, count / 10))
        let loading = Task { try await load.run(0..<count, concurrency: 4, deadline: deadline) }
        let restarts: [(signal: Int32, at: Int)] = [
            (SIGTERM, Int.random(in: (count / 5)...(count * 2 / 5), using: &random)),
            (SIGKILL, Int.random(in: (count / 2)...(count * 4 / 5), using: &random)),
        ]
        for restart in restarts {
            while load.acknowledgedCount < restart.at && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            try await offThePool {
                service.stop(signal: restart.signal)
                try service.start()
            }
        }
        try await loading.value
        let expected = (1...UInt64(count)).map { $0 }
        let caughtUp = try await eventually(timeout: .seconds(30)) { try ledger.appliedSeqs().count >= count }
        #expect(caughtUp, "ledger has \((try? ledger.appliedSeqs().count) ?? -1) of \(count)")
        let applied = try ledger.appliedSeqs()
        let anomalies = try ledger.anomalies()
        let health = subscription.subscriber.health()
        await subscription.stop()
        await client.close()
        service.stop()
        let outbox = try SQLiteFiles.outboxShape(service.databasePath)
        #expect(applied == expected)
        #expect(anomalies.duplicates == 0 && anomalies.outOfOrder == 0)
        #expect(health.skipped == 0)
        #expect(outbox.count == count && outbox.max == count, "outbox: \(outbox)")
        #expect(try SQLiteFiles.integrityCheck(service.databasePath) == "ok")
        #expect(try SQLiteFiles.integrityCheck(ledger.database.path) == "ok")
        let missing = Set(expected).subtracting(applied).count
        ReliabilityReport.line("publisher-restart", [
            "seed": seed, "events": count, "restarts": restarts.count, "applied": applied.count, "outbox": outbox.count,
            "gaps": missing, "lost": missing, "duplicates": anomalies.duplicates, "out of order": anomalies.outOfOrder,
        ])
    }

    @Test("a slow subscriber with a tiny live buffer, connecting late, detects the gaps and catches up", .timeLimit(.minutes(10)))
    func slowJoiner() async throws {
        let before = max(10, ReliabilitySettings.events / 3)
        let burst = ReliabilitySettings.events
        let folder = temporaryDirectory("reliability-slow")
        let service = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(2), attempts: 3, timeZone: "UTC", user: "ana"))
        let load = IntakeLoad(client: client, keyPrefix: "slow")
        let deadline = ContinuousClock.now + .seconds(120)
        // Late connect: these happened before the subscriber existed.
        try await load.run(0..<before, concurrency: 8, deadline: deadline)
        let ledger = try ReliabilityLedger(path: folder.appendingPathComponent("ledger.sqlite").path)
        let subscription = ledger.subscribe(to: service, liveBufferLimit: 4, applyDelay: .milliseconds(2))
        // A burst far faster than the applier: the live buffer overflows.
        try await load.run(before..<(before + burst), concurrency: 16, deadline: deadline)
        let total = before + burst
        let caughtUp = try await eventually(timeout: .seconds(60)) { try ledger.appliedSeqs().count >= total }
        #expect(caughtUp, "ledger has \((try? ledger.appliedSeqs().count) ?? -1) of \(total)")
        let applied = try ledger.appliedSeqs()
        let anomalies = try ledger.anomalies()
        let dropped = subscription.subscriber.droppedLiveMessages
        let health = subscription.subscriber.health()
        await subscription.stop()
        await client.close()
        service.stop()
        #expect(applied == (1...UInt64(total)).map { $0 })
        #expect(anomalies.duplicates == 0 && anomalies.outOfOrder == 0)
        #expect(dropped > 0, "the live buffer never overflowed, so the test proved nothing")
        #expect(health.skipped == 0)
        ReliabilityReport.line("slow-joiner", [
            "events": total, "before connect": before, "live buffer": 4, "live dropped": dropped, "applied": applied.count,
            "lost": Set(1...UInt64(total)).subtracting(applied).count, "duplicates": anomalies.duplicates, "out of order": anomalies.outOfOrder,
        ])
    }
}
