import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport
import ChildProcess

/// Scenario 7: SIGTERM under load finishes what is in flight and exits 0 within a bound.
@Suite("Reliability: graceful shutdown", .serialized)
struct ReliabilityShutdownTests {
    static let bound = 10.0

    @Test("SIGTERM during load: exit 0 within 10 s, every acknowledged request stored, nothing stored unacknowledged", .timeLimit(.minutes(5)))
    func sigtermUnderLoad() async throws {
        let seed = ReliabilitySettings.seed()
        var random = SplitMix64(seed: seed)
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("reliability-sigterm"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(12), attempts: 1, timeZone: "UTC", user: "ana"))
        let count = max(1000, ReliabilitySettings.requests / 2)
        let acknowledged = AcknowledgedIDs()
        let next = Counter()
        let signalAfter = Int.random(in: (count / 4)...(count / 2), using: &random)
        let sentAt = SignalTime()
        let exit = ExitBox()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    // Callers stop sending once the signal is out; what they sent before is in flight.
                    while !sentAt.sent {
                        let index = next.take()
                        guard index < count else { return }
                        do {
                            let record = try await client.call(
                                MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 10), as: IntakeRecord.self, idempotencyKey: "term-\(index)")
                            acknowledged.add(record.id)
                        } catch {
                            acknowledged.fail()
                        }
                    }
                }
            }
            group.addTask {
                while acknowledged.count < signalAfter { try await Task.sleep(for: .milliseconds(1)) }
                let result = try await offThePool { () -> ChildTermination? in
                    sentAt.mark()
                    let result = service.stop(signal: SIGTERM, timeout: 30)
                    sentAt.markExit()
                    return result
                }
                exit.set(result)
            }
            try await group.waitForAll()
        }
        let exitSeconds = sentAt.seconds
        await client.close()
        let path = service.databasePath
        let stored = Set(try SQLiteFiles.strings(path, "SELECT id FROM intake"))
        let ids = acknowledged.ids
        let lost = ids.filter { !stored.contains($0) }.count
        let unacknowledged = stored.subtracting(ids).count
        let status = exit.value
        #expect(status == .exited(0), "exit: \(String(describing: status))")
        #expect(exitSeconds <= Self.bound, "took \(exitSeconds) s to exit")
        #expect(lost == 0)
        #expect(unacknowledged == 0, "\(unacknowledged) stored but never answered")
        #expect(try SQLiteFiles.integrityCheck(path) == "ok")
        ReliabilityReport.line("graceful-shutdown", [
            "seed": seed, "sent before the signal": ids.count + acknowledged.failures, "acknowledged": ids.count, "refused or unanswered": acknowledged.failures,
            "exit status": status.map { "\($0)" } ?? "none", "seconds to exit": String(format: "%.2f", exitSeconds),
            "lost": lost, "stored unacknowledged": unacknowledged,
        ])
    }
}

/// Acknowledged intake ids, shared by the callers.
final class AcknowledgedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    private var failed = 0

    func add(_ id: String) { lock.withLock { stored.append(id) } }
    func fail() { lock.withLock { failed += 1 } }
    var count: Int { lock.withLock { stored.count } }
    var ids: [String] { lock.withLock { stored } }
    var failures: Int { lock.withLock { failed } }
}

/// When the signal went out and when the process was gone.
final class SignalTime: @unchecked Sendable {
    private let lock = NSLock()
    private var sentDate: Date?
    private var exited: Date?

    func mark() { lock.withLock { sentDate = Date() } }
    var sent: Bool { lock.withLock { sentDate != nil } }
    func markExit() { lock.withLock { exited = Date() } }

    /// From the signal to the exit (infinity when it never exited).
    var seconds: Double {
        lock.withLock {
            guard let sentDate, let exited else { return .infinity }
            return exited.timeIntervalSince(sentDate)
        }
    }
}

/// The exit status and reason of the stopped service.
final class ExitBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ChildTermination?

    func set(_ value: ChildTermination?) { lock.withLock { stored = value } }
    var value: ChildTermination? { lock.withLock { stored } }
}
