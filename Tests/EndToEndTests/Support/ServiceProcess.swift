import Foundation
import QuenchTestSupport
import Testing

/// A real service executable started for a test: its own data folder, endpoints on
/// loopback (ports from `TestPorts` unless given; the ready file confirms them), stderr
/// kept for diagnosis.
final class ServiceProcess: @unchecked Sendable {
    let name: String
    let executable: URL
    let dataDirectory: URL
    private(set) var rpcEndpoint: String
    private(set) var pubEndpoint: String
    /// The per-user event stream (XPUB), `user.pub.endpoint`.
    private(set) var userPubEndpoint: String
    /// Runs with `--insecure` (the default for tests on loopback); security tests pass false
    /// and give keys with `arguments`.
    let insecure: Bool
    private let extraArguments: [String]
    private let environment: [String: String]
    private var process: Process?
    private var logURL: URL { dataDirectory.appendingPathComponent("\(name).log") }
    private var readyURL: URL { dataDirectory.appendingPathComponent("\(name).ready.json") }

    /// Starts `quench-<service>` and waits until it serves.
    init(
        _ service: String,
        dataDirectory: URL,
        rpcEndpoint: String = "tcp://127.0.0.1:*",
        pubEndpoint: String = "tcp://127.0.0.1:*",
        userPubEndpoint: String = "tcp://127.0.0.1:*",
        arguments: [String] = [],
        environment: [String: String] = [:],
        insecure: Bool = true
    ) throws {
        name = service
        executable = try Binaries.url(of: "quench-\(service)")
        self.dataDirectory = dataDirectory
        // Ports chosen here, not by the kernel: `start()` binds the same ones again after a stop.
        func chosen(_ endpoint: String) -> String {
            endpoint == "tcp://127.0.0.1:*" ? TestPorts.endpoint() : endpoint
        }
        self.rpcEndpoint = chosen(rpcEndpoint)
        self.pubEndpoint = chosen(pubEndpoint)
        self.userPubEndpoint = chosen(userPubEndpoint)
        self.insecure = insecure
        extraArguments = arguments
        self.environment = environment
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try start()
    }

    var databasePath: String {
        dataDirectory.appendingPathComponent("\(name).sqlite").path
    }

    /// (Re)starts the process on the same endpoints it had (after the first start, concrete ports).
    func start() throws {
        try? FileManager.default.removeItem(at: readyURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--rpc-endpoint", rpcEndpoint, "--pub-endpoint", pubEndpoint, "--user-pub-endpoint", userPubEndpoint,
            "--data-dir", dataDirectory.path, "--ready-file", readyURL.path,
            "--log-level", "info",
        ] + (insecure ? ["--insecure"] : []) + extraArguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        if !extraArguments.contains("--config") {
            // Upstreams not given: point them at a port where nothing listens, never at a
            // deployment that may be running on the default ports.
            for upstream in ["INTAKE", "GOALS", "HEALTH_INGEST", "ANALYTICS"] {
                env["QUENCH_UPSTREAM_\(upstream)_RPC"] = "tcp://127.0.0.1:9"
                env["QUENCH_UPSTREAM_\(upstream)_PUB"] = "tcp://127.0.0.1:9"
            }
        }
        env.merge(environment) { $1 }
        process.environment = env
        if !FileManager.default.fileExists(atPath: logURL.path) {
            _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        }
        let log = try FileHandle(forWritingTo: logURL)
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = log
        try process.run()
        self.process = process
        try waitUntilReady()
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let data = try? Data(contentsOf: readyURL),
               let ready = try? JSONDecoder().decode(Ready.self, from: data) {
                rpcEndpoint = ready.rpc
                pubEndpoint = ready.pub
                if let userPub = ready.userPub { userPubEndpoint = userPub }
                return
            }
            if let process, !process.isRunning {
                throw TestFailure("\(name) exited with status \(process.terminationStatus) before it was ready:\n\(logTail())")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("\(name) was not ready within 30 s:\n\(logTail())")
    }

    private struct Ready: Decodable {
        var rpc: String
        var pub: String
        var userPub: String?
    }

    var pid: Int32 { process?.processIdentifier ?? 0 }
    var isRunning: Bool { process?.isRunning ?? false }

    /// Sends `signal` and waits for the exit; returns the exit status (or signal number).
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) -> (status: Int32, reason: Process.TerminationReason)? {
        guard let process, process.isRunning else { return nil }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return (process.terminationStatus, process.terminationReason)
    }

    func logTail(_ lines: Int = 40) -> String {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Where the built executables are: next to the test bundle in the build folder.
enum Binaries {
    static func url(of name: String) throws -> URL {
        var candidates: [URL] = []
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent(name))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(name))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw TestFailure("executable \(name) not found next to the tests (looked in \(candidates.map(\.path))); build it first with `swift build`")
    }

    /// The repository root (for scripts and sample data).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A fresh temporary folder for one test.
func temporaryDirectory(_ label: String) -> URL {
    TestScratch.directory(label)
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: Duration = .seconds(15), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
