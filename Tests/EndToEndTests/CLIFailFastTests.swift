import ChildProcess
import Foundation
import QuenchTestSupport
import Testing

/// Issue 25 item 9: with a service down, a command fails fast (it took 3 attempts × the attempt
/// timeout) naming only that service; `quench subscribe` says soon that a publisher is
/// unreachable, on stderr, and keeps retrying; `--timeout`'s rule and message agree.
/// The commands run with `--timeout 20`: without the fast failure they would take at least
/// 20 s, so a generous liveness bound of 10 s tells the two apart on a loaded machine too.
@Suite("CLI: fail fast", .serialized)
struct CLIFailFastTests {
    /// Runs the real `quench`, timing the whole process.
    static func timed(_ cli: CLIRunner, _ arguments: [String]) throws -> (CLIRunner.Result, Duration) {
        let started = ContinuousClock.now
        let result = try cli.run(arguments)
        return (result, ContinuousClock.now - started)
    }

    @Test("a command whose service is down fails fast (well before its 20 s attempt timeout) naming only that service")
    func downServiceFailsFast() throws {
        let folder = temporaryDirectory("cli-fail-fast")
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        defer { goals.stop() }
        // intake, health-ingest and analytics point at a closed port.
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([goals], to: folder))

        let (log, elapsed) = try Self.timed(cli, ["log", "250", "--json", "--timeout", "20"])
        #expect(elapsed < .seconds(10), "quench log took \(elapsed) with intake down")
        #expect(log.status == 69)
        let error = try log.jsonError()
        #expect(error["code"] as? String == "unavailable")
        let message = error["message"] as? String ?? ""
        #expect(message.contains("intake") && message.contains("tcp://127.0.0.1:9"), "\(message)")
        for other in ["goals", "health-ingest", "analytics"] {
            #expect(!message.contains(other), "\(message)")
        }

        let (today, todayElapsed) = try Self.timed(cli, ["today", "--timeout", "20"])
        #expect(todayElapsed < .seconds(10), "quench today took \(todayElapsed)")
        #expect(today.stderr.contains("analytics is not answering"), "\(today.stderr)")
        #expect(!today.stderr.contains("intake"), "\(today.stderr)")

        // The service that runs still answers.
        #expect(try cli.run(["goal", "--json"]).status == 0)

        // `status` names each service that is down with its own endpoint, and not the one up.
        let (status, statusElapsed) = try Self.timed(cli, ["status", "--timeout", "20"])
        #expect(statusElapsed < .seconds(10), "quench status took \(statusElapsed)")
        #expect(status.status == 69)
        let line = status.stderr
        #expect(line.contains("intake at tcp://127.0.0.1:9") && line.contains("analytics at tcp://127.0.0.1:9"), "\(line)")
        #expect(!line.contains("goals at"), "\(line)")
    }

    @Test("--timeout: the range the message states is the range applied")
    func timeoutRule() throws {
        let folder = temporaryDirectory("cli-timeout-rule")
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([], to: folder))
        for value in ["0", "-1", "600.5", "0.05"] {
            let refused = try cli.run(["ping", "intake", "--timeout", value, "--json"])
            #expect(refused.status == 64, "--timeout \(value): \(refused.stderr)")
            let error = try refused.jsonError()
            #expect(error["field"] as? String == "--timeout")
            let message = error["message"] as? String ?? ""
            #expect(message.contains("at least 0.1 and at most 600 seconds"), "\(message)")
            #expect(message.hasSuffix("got \(value)"), "\(message)")
        }
        // Both ends are accepted (the command then fails only because nothing runs).
        for value in ["0.1", "600"] {
            let accepted = try cli.run(["log", "250", "--timeout", value, "--json"])
            #expect(accepted.status == 69, "--timeout \(value): \(accepted.stderr)")
        }
    }

    @Test("subscribe reports an unreachable publisher soon on stderr, retries, and reports it back")
    func subscribeReportsUnreachable() throws {
        let folder = temporaryDirectory("cli-subscribe-down")
        let rpc = TestPorts.endpoint()
        let pub = TestPorts.endpoint()
        let config = folder.appendingPathComponent("client.json")
        let services: [String: Any] = ["goals": ["rpc": rpc, "pub": pub]]
        try JSONSerialization.data(withJSONObject: ["services": services, "insecure": true, "user": "ana"])
            .write(to: config)

        let lines = LineCollector()
        let started = ContinuousClock.now
        let process = try ChildCommand(
            try Binaries.url(of: "quench").path, arguments: ["subscribe", "--publisher", "goals", "--json", "--config", config.path],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") },
            standardOutput: .pipe, standardError: .pipe
        ).spawn()
        defer { if process.isRunning { process.stop(signal: SIGKILL) } }
        // stderr read as it arrives, on a thread of its own; stdout collected the same way so
        // the child never blocks on a full pipe.
        let stdoutBox = LineCollector()
        let readers = [(process.standardError!, lines), (process.standardOutput!, stdoutBox)].map { pipe, collector in
            let thread = Thread {
                while true {
                    let chunk = pipe.read()
                    if chunk.isEmpty { return }
                    collector.append(Data(chunk))
                }
            }
            thread.start()
            return thread
        }

        let reported = lines.wait(for: "publisher unreachable", timeout: patientWait)
        let elapsed = ContinuousClock.now - started
        #expect(reported, "stderr: \(lines.text)")
        #expect(elapsed < .seconds(8), "the first status line took \(elapsed) (a generous liveness bound: it comes after the 0.8 s connect timeout)")
        #expect(lines.text.contains("goals") && lines.text.contains(pub), "\(lines.text)")
        #expect(process.isRunning, "subscribe gave up")

        // The publisher comes up: the status line says so and events flow.
        let goals = try ServiceProcess(
            "goals", dataDirectory: folder.appendingPathComponent("goals"), rpcEndpoint: rpc, pubEndpoint: pub)
        defer { goals.stop() }
        #expect(lines.wait(for: "goals: connected", timeout: patientWait), "stderr: \(lines.text)")
        process.terminate()
        process.wait()
        while readers.contains(where: { !$0.isFinished }) { Thread.sleep(forTimeInterval: 0.005) }
        // stdout stays clean JSON: no status text on it.
        let stdout = stdoutBox.text
        #expect(!stdout.contains("unreachable"), "\(stdout)")
    }
}

/// Collects a pipe's text as it arrives and waits for a phrase in it.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    func wait(for phrase: String, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if text.contains(phrase) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return text.contains(phrase)
    }
}
