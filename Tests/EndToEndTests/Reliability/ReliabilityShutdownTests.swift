import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport
import ChildProcess

/// Scenario 7: SIGTERM under load finishes what is in flight and exits 0 within a bound.
///
/// A request the service committed must get its reply, however loaded the machine is. So the
/// client never gives up on its own (``patience`` is far past the service's exit); once the
/// service has exited and the replies it sent have stopped arriving (``quiet``), the calls still
/// waiting are cancelled: those are requests the service took no reply for, and none of them
/// may have been stored. A stored intake nobody was answered for is then the service's fault,
/// never a client that timed out on a saturated machine.
@Suite("Reliability: graceful shutdown", .serialized)
struct ReliabilityShutdownTests {
    static let bound = 10.0
    /// How long a call waits for its reply: longer than the signal, the exit and the settling
    /// together (the service is stopped with a 30 s timeout), so no call gives up first.
    static let patience = Duration.seconds(120)
    /// After the exit, how long no reply may arrive before the calls still waiting are
    /// cancelled (replies the service sent are by then in this process's socket buffers).
    static let quiet = Duration.seconds(3)

    @Test("SIGTERM during load: exit 0 within 10 s, every acknowledged request stored, nothing stored unacknowledged", .timeLimit(.minutes(5)))
    func sigtermUnderLoad() async throws {
        let seed = ReliabilitySettings.seed()
        var random = SplitMix64(seed: seed)
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("reliability-sigterm"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: Self.patience, attempts: 1, timeZone: "UTC", user: "ana"))
        let count = max(1000, ReliabilitySettings.requests / 2)
        let acknowledged = AcknowledgedIDs()
        let next = Counter()
        let signalAfter = Int.random(in: (count / 4)...(count / 2), using: &random)
        let sentAt = SignalTime()
        let callers = Task {
            await withTaskGroup(of: Void.self) { group in
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
                            } catch is CancellationError {
                                acknowledged.unanswered()
                            } catch {
                                acknowledged.fail(error)
                            }
                        }
                    }
                }
            }
        }
        while acknowledged.count < signalAfter && acknowledged.answered < count {
            try await Task.sleep(for: .milliseconds(1))
        }
        let status = try await offThePool { () -> ChildTermination? in
            sentAt.mark()
            let result = service.stop(signal: SIGTERM, timeout: 30)
            sentAt.markExit()
            return result
        }
        // The service is gone: replies it sent are still arriving; when none has for `quiet`,
        // the calls left waiting will never be answered.
        var answered = acknowledged.answered
        while true {
            try await Task.sleep(for: Self.quiet)
            let now = acknowledged.answered
            if now == answered { break }
            answered = now
        }
        callers.cancel()
        await callers.value
        let exitSeconds = sentAt.seconds
        await client.close()
        let path = service.databasePath
        let stored = Set(try SQLiteFiles.strings(path, "SELECT id FROM intake"))
        let ids = acknowledged.ids
        let lost = ids.filter { !stored.contains($0) }.count
        let unacknowledged = stored.subtracting(ids).count
        #expect(status == .exited(0), "exit: \(String(describing: status))")
        #expect(exitSeconds <= Self.bound, "took \(exitSeconds) s to exit")
        #expect(lost == 0)
        #expect(unacknowledged == 0, """
            \(unacknowledged) stored but never answered: the service committed them and exited without \
            their replies (\(acknowledged.unansweredCount) calls got no reply though the client waited until \
            \(Self.quiet) after the exit; errors: \(acknowledged.errors))
            """)
        #expect(try SQLiteFiles.integrityCheck(path) == "ok")
        ReliabilityReport.line("graceful-shutdown", [
            "seed": seed, "sent before the signal": ids.count + acknowledged.failures + acknowledged.unansweredCount,
            "acknowledged": ids.count, "refused": acknowledged.failures, "unanswered": acknowledged.unansweredCount,
            "exit status": status.map { "\($0)" } ?? "none", "seconds to exit": String(format: "%.2f", exitSeconds),
            "lost": lost, "stored unacknowledged": unacknowledged,
        ])
    }
}

/// What the callers' requests came to: acknowledged intake ids, error replies (the first few
/// kept, for the report) and calls cancelled without a reply.
final class AcknowledgedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    private var failed = 0
    private var firstErrors: [String] = []
    private var cancelled = 0

    func add(_ id: String) { lock.withLock { stored.append(id) } }
    func fail(_ error: any Error) {
        lock.withLock {
            failed += 1
            if firstErrors.count < 3 { firstErrors.append("\(error)") }
        }
    }
    func unanswered() { lock.withLock { cancelled += 1 } }
    var count: Int { lock.withLock { stored.count } }
    var ids: [String] { lock.withLock { stored } }
    var failures: Int { lock.withLock { failed } }
    var errors: [String] { lock.withLock { firstErrors } }
    var unansweredCount: Int { lock.withLock { cancelled } }
    /// Calls that came back, with a record or an error.
    var answered: Int { lock.withLock { stored.count + failed } }
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

