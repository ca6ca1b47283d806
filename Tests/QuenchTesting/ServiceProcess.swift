public import Foundation
public import ChildProcess
import QuenchTestSupport

/// A real service executable started for a test: its own data folder, endpoints on
/// loopback (ports from `TestPorts` unless given; the ready file confirms them), stderr
/// kept for diagnosis.
public final class ServiceProcess: @unchecked Sendable {
    public let name: String
    public let executable: URL
    public let dataDirectory: URL
    public private(set) var rpcEndpoint: String
    public private(set) var pubEndpoint: String
    /// The per-user event stream (XPUB), `user.pub.endpoint`.
    public private(set) var userPubEndpoint: String
    /// Runs with `--insecure` (the default for tests on loopback); security tests pass false
    /// and give keys with `arguments`.
    public let insecure: Bool
    private let extraArguments: [String]
    private let environment: [String: String]
    private var process: Child?
    private var logURL: URL { dataDirectory.appendingPathComponent("\(name).log") }
    private var readyURL: URL { dataDirectory.appendingPathComponent("\(name).ready.json") }

    /// Starts `quench-<service>` and waits until it serves.
    public init(
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

    public var databasePath: String {
        dataDirectory.appendingPathComponent("\(name).sqlite").path
    }

    /// (Re)starts the process on the same endpoints it had (after the first start, concrete ports).
    public func start() throws {
        try? FileManager.default.removeItem(at: readyURL)
        let arguments = [
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
        // stdout and stderr appended to the log; stdin inherited, as Foundation's Process did.
        self.process = try ChildCommand(
            executable.path, arguments: arguments, environment: env,
            standardOutput: .file(logURL.path, append: true), standardError: .sameAsStandardOutput
        ).spawn()
        try waitUntilReady()
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(patientWaitSeconds)
        while Date() < deadline {
            if let data = try? Data(contentsOf: readyURL),
               let ready = try? JSONDecoder().decode(Ready.self, from: data) {
                rpcEndpoint = ready.rpc
                pubEndpoint = ready.pub
                if let userPub = ready.userPub { userPubEndpoint = userPub }
                return
            }
            if let ended = process?.termination {
                let how = if case .signalled(let signal) = ended { "was ended by signal \(signal)" } else { "exited with status \(ended.status)" }
                throw TestFailure("\(name) \(how) before it was ready:\n\(logTail())")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("\(name) was not ready within \(Int(patientWaitSeconds)) s:\n\(logTail())")
    }

    private struct Ready: Decodable {
        var rpc: String
        var pub: String
        var userPub: String?
    }

    public var pid: Int32 { process?.pid ?? 0 }
    public var isRunning: Bool { process?.isRunning ?? false }

    /// Sends `signal` and waits for the exit (SIGKILL after `timeout`); returns how it ended.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) -> ChildTermination? {
        guard let process, process.isRunning else { return nil }
        return process.stop(signal: signal, grace: .milliseconds(Int(timeout * 1000)))
    }

    public func logTail(_ lines: Int = 40) -> String {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    deinit {
        if let process, process.isRunning { process.stop(signal: SIGKILL) }
    }
}
