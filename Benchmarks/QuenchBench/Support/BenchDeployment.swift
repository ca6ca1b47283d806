import ChildProcess
import Foundation
import QuenchProtocol
import QuenchClient
import ZeroMQ
#if canImport(Glibc)
import Glibc
#endif

/// The real service executables on loopback ports of the benchmark range (7800–7899), each
/// with its own folder, SQLite file and JSON config; CURVE on (the default) unless `secure`
/// is false. Each benchmark user gets a key pair bound to `user:<name>` on the allow-list.
final class BenchDeployment: @unchecked Sendable {
    struct Node {
        var name: String
        var rpc: String
        var pub: String
        var userPub: String
        var keys: CurveKeyPair?
        var process: Child?
    }

    /// Who subscribes to whom (as `quench up` wires them).
    static let upstreams: [String: [String]] = [
        ServiceName.intake: [ServiceName.healthIngest],
        ServiceName.goals: [ServiceName.healthIngest],
        ServiceName.analytics: [ServiceName.intake, ServiceName.goals, ServiceName.healthIngest],
        ServiceName.healthIngest: [],
    ]
    static let order = [ServiceName.healthIngest, ServiceName.intake, ServiceName.goals, ServiceName.analytics]

    let root: String
    let binaries: String
    let secure: Bool
    let userKeys: [String: CurveKeyPair]
    private(set) var nodes: [String: Node] = [:]

    /// - Parameters:
    ///   - services: which services to run.
    ///   - basePort: each service takes four ports from here, in `order`.
    ///   - users: the user names that get keys.
    init(root: String, binaries: String, secure: Bool, services: [String], basePort: Int, users: [String]) throws {
        self.root = root
        self.binaries = binaries
        self.secure = secure
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/keys", withIntermediateDirectories: true)
        var userKeys: [String: CurveKeyPair] = [:]
        if secure {
            for user in users { userKeys[user] = try CurveKeyPair.generate() }
        }
        self.userKeys = userKeys
        for (index, name) in Self.order.enumerated() where services.contains(name) {
            let port = basePort + index * 4
            nodes[name] = Node(
                name: name, rpc: "tcp://127.0.0.1:\(port)", pub: "tcp://127.0.0.1:\(port + 1)",
                userPub: "tcp://127.0.0.1:\(port + 2)", keys: secure ? try CurveKeyPair.generate() : nil)
        }
        try writeFiles()
    }

    private func folder(_ service: String) -> String { "\(root)/\(service)" }
    private func readyFile(_ service: String) -> String { "\(root)/\(service)/ready.json" }
    func databasePath(_ service: String) -> String { "\(root)/\(service)/\(service).sqlite" }
    func logPath(_ service: String) -> String { "\(root)/\(service)/service.log" }

    private func writeFiles() throws {
        var allow: [AllowList.Client] = []
        for (user, keys) in userKeys.sorted(by: { $0.key < $1.key }) {
            allow.append(AllowList.Client(publicKey: keys.publicKey, principal: "user:\(user)"))
        }
        for node in nodes.values.sorted(by: { $0.name < $1.name }) {
            if let keys = node.keys {
                allow.append(AllowList.Client(publicKey: keys.publicKey, principal: "service:\(node.name)"))
            }
        }
        let allowPath = root + "/keys/allow.json"
        if secure { try AllowList(clients: allow).write(to: allowPath) }
        for node in nodes.values {
            try FileManager.default.createDirectory(atPath: folder(node.name), withIntermediateDirectories: true)
            var upstream: [String: Any] = [:]
            for name in Self.upstreams[node.name] ?? [] {
                guard let other = nodes[name] else {
                    // Not running here: a port nobody listens on, never another engineer's default.
                    var entry: [String: Any] = ["rpc": "tcp://127.0.0.1:7898", "pub": "tcp://127.0.0.1:7899"]
                    if secure { entry["public"] = ["key": try CurveKeyPair.generate().publicKey] }
                    upstream[name] = entry
                    continue
                }
                var entry: [String: Any] = ["rpc": other.rpc, "pub": other.pub]
                if let key = other.keys?.publicKey { entry["public"] = ["key": key] }
                upstream[name] = entry
            }
            var config: [String: Any] = [
                "rpc": ["endpoint": node.rpc],
                "pub": ["endpoint": node.pub],
                "user": ["pub": ["endpoint": node.userPub]],
                "data": ["dir": folder(node.name)],
                "database": ["path": databasePath(node.name)],
                "ready": ["file": readyFile(node.name)],
                "log": ["level": "warning"],
                "upstream": upstream,
                "insecure": !secure,
            ]
            if let keys = node.keys {
                let base = "\(root)/keys/\(node.name)"
                try KeyFiles.write(keys, base: base)
                config["curve"] = ["secret": ["key": ["file": base + ".secret"]], "allow": ["list": ["file": allowPath]]]
            }
            let data = try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: folder(node.name) + "/config.json"))
        }
    }

    /// Starts the services (publishers first) and waits until each has written its ready file.
    func start() async throws {
        for name in Self.order where nodes[name] != nil {
            try await start(name)
        }
    }

    func start(_ name: String) async throws {
        guard var node = nodes[name] else { return }
        try? FileManager.default.removeItem(atPath: readyFile(name))
        let process = try ChildCommand(
            "\(binaries)/quench-\(name)", arguments: ["--config", folder(name) + "/config.json"],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") },
            standardInput: .null, standardOutput: .file(logPath(name), append: false), standardError: .sameAsStandardOutput
        ).spawn()
        try "\(process.pid)\n".write(toFile: folder(name) + "/pid", atomically: true, encoding: .utf8)
        node.process = process
        nodes[name] = node
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: readyFile(name)) {
            guard process.isRunning else {
                throw BenchError("quench-\(name) exited: \((try? String(contentsOfFile: logPath(name), encoding: .utf8)) ?? "")")
            }
            guard Date() < deadline else { throw BenchError("quench-\(name) did not become ready within 60 s") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// SIGTERM to every service this deployment started, then waits for them.
    func stop() {
        for name in Self.order.reversed() {
            guard let process = nodes[name]?.process, process.isRunning else { continue }
            process.stop(signal: SIGTERM, grace: .seconds(20))
            try? FileManager.default.removeItem(atPath: folder(name) + "/pid")
            nodes[name]?.process = nil
        }
    }

    func endpoint(_ service: String) throws -> String {
        guard let node = nodes[service] else { throw BenchError("\(service) is not part of this deployment") }
        return node.rpc
    }

    /// The services this deployment runs, in ``order``.
    var services: [String] {
        Self.order.filter { nodes[$0] != nil }
    }

    func pid(_ service: String) -> Int32? {
        nodes[service]?.process?.pid
    }

    /// CURVE credentials of `user` towards `service` (nil when insecure).
    func credentials(_ service: String, user: String) -> CurveClientCredentials? {
        guard secure, let server = nodes[service]?.keys, let keys = userKeys[user] else { return nil }
        return CurveClientCredentials(publicKey: keys.publicKey, secretKey: keys.secretKey, serverPublicKey: server.publicKey)
    }

    func client(_ service: String, user: String) throws -> RPCClient {
        try RPCClient(
            endpoint: try endpoint(service),
            options: RPCClientOptions(attemptTimeout: .seconds(30), attempts: 1, timeZone: "UTC", user: user,
                                      curve: credentials(service, user: user)))
    }

    /// A client config for the `quench` CLI acting as `user` (written once per user).
    func clientConfig(user: String) throws -> String {
        let path = "\(root)/client-\(user).json"
        if FileManager.default.fileExists(atPath: path) { return path }
        var services: [String: Any] = [:]
        for node in nodes.values {
            var entry: [String: Any] = ["rpc": node.rpc, "pub": node.pub]
            if let key = node.keys?.publicKey { entry["publicKey"] = key }
            services[node.name] = entry
        }
        var config: [String: Any] = ["services": services, "insecure": !secure, "user": user, "dataDir": root]
        if let keys = userKeys[user] {
            let secretFile = "\(root)/keys/user-\(user).secret"
            guard FileManager.default.createFile(atPath: secretFile, contents: Data((keys.secretKey + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
                throw BenchError("could not write \(secretFile)")
            }
            config["clientKey"] = ["publicKey": keys.publicKey, "secretKeyFile": secretFile]
        }
        let data = try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The service's peak resident set so far (`VmHWM`), in kB.
    func peakRSSKilobytes(_ service: String) -> Int? {
        guard let pid = pid(service),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}
