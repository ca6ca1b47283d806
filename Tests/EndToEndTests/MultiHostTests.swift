import ChildProcess
import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import ZeroMQ

/// The four services and the CLI each on a "host" of its own (a network namespace with its
/// own address on a private bridge), with CURVE on: nothing may assume loopback, a shared
/// folder or a shared key file. Each service binds its host's address, reaches its upstreams
/// at theirs, keeps its data in a folder of its own; the CLI has only a client config.
@Suite("Multi-host deployment", .serialized)
struct MultiHostTests {
    static let services = ServiceCatalog.all.map(\.name)

    @Test(
        "services in separate network namespaces serve the CLI and feed each other over the bridge",
        .enabled(if: NamespaceLab.unavailableReason == nil, NamespaceLab.skipComment),
        .timeLimit(.minutes(3)))
    func servicesOnSeparateHosts() async throws {
        let lab = try NamespaceLab(hosts: Self.services + ["cli"])
        defer { lab.teardown() }
        let deployment = try MultiHostDeployment(lab: lab, services: Self.services)
        defer { deployment.stopAll() }
        try deployment.startAll()

        let status = try deployment.quench(["status", "--json"])
        #expect(status.status == 0, "status failed: \(status.stderr)")
        let states = try #require(try status.json()["services"] as? [[String: Any]])
        for service in Self.services {
            let state = states.first { $0["name"] as? String == service }
            #expect(state?["up"] as? Bool == true, "\(service): \(String(describing: state))")
            #expect(state?["endpoint"] as? String == deployment.rpcEndpoint(service))
        }
        let ping = try deployment.quench(["ping", ServiceName.analytics, "--json"])
        #expect(ping.status == 0 && (try? ping.json()["up"] as? Bool) == true, "ping: \(ping.stderr)")
        // The probe form (containers' health checks): key files only, no client config.
        let probe = try deployment.probe(ServiceName.goals, admitted: true)
        #expect(probe.status == 0, "probe with an admitted key: \(probe.stderr)")
        let stranger = try deployment.probe(ServiceName.goals, admitted: false)
        #expect(stranger.status == 69, "a key on no allow-list must not get an answer: \(stranger.status) \(stranger.stdout)")

        // Intake → analytics over analytics' subscription to intake.
        let logged = try deployment.quench(["log", "250ml", "--fluid", "water", "--json"])
        #expect(logged.status == 0, "log failed: \(logged.stderr)")
        let intakeSeen = await eventually {
            (try? deployment.quench(["today", "--json"]).json()["totalWaterMl"] as? Double) == 250
        }
        #expect(intakeSeen, "analytics never saw the intake: \(deployment.output(["today", "--json"]))\n\(deployment.logTail(ServiceName.analytics))")

        // Health-ingest → goals: a weight makes an automatic goal, a new weight changes it.
        let consent = try deployment.quench(["consent", "grant", "body-mass", "--json"])
        #expect(consent.status == 0, "consent failed: \(consent.stderr)")
        let weighed = try deployment.quench(["weight", "add", "80", "--unit", "kg", "--json"])
        #expect(weighed.status == 0, "weight failed: \(weighed.stderr)")
        let autoGoal = await eventually {
            guard (try? deployment.quench(["goal", "auto", "--json"]).status) == 0 else { return false }
            return (try? deployment.quench(["goal", "--json"]).json()["weightKg"] as? Double) == 80
        }
        #expect(autoGoal, "goals never used the weight: \(deployment.output(["goal", "--json"]))\n\(deployment.logTail(ServiceName.goals))")
        let first = try deployment.quench(["goal", "--json"]).json()
        let firstGoal = try #require(first["goalMl"] as? Double)
        #expect(first["source"] as? String == "auto")

        let heavier = try deployment.quench(["weight", "add", "90", "--unit", "kg", "--json"])
        #expect(heavier.status == 0, "weight failed: \(heavier.stderr)")
        let reacted = await eventually {
            (try? deployment.quench(["goal", "--json"]).json()["weightKg"] as? Double) == 90
        }
        #expect(reacted, "goals did not react to the new weight")
        let second = try deployment.quench(["goal", "--json"]).json()
        let secondGoal = try #require(second["goalMl"] as? Double)
        #expect(secondGoal > firstGoal, "a heavier weight should raise the goal: \(firstGoal) → \(secondGoal)")

        // Goals → analytics: today's goal is the automatic one.
        let goalSeen = await eventually {
            guard let today = try? deployment.quench(["today", "--json"]).json() else { return false }
            return today["goalMl"] as? Double == secondGoal && today["goalSource"] as? String == "auto"
        }
        #expect(goalSeen, "analytics never saw the goal: \(deployment.output(["today", "--json"]))")

        // Nothing was written outside each host's own folder, and SIGTERM stops each one cleanly.
        for service in Self.services {
            let files = try FileManager.default.contentsOfDirectory(atPath: deployment.dataDirectory(service).path)
            #expect(files.contains("\(service).sqlite"), "\(service) data: \(files)")
            let exit = deployment.stop(service)
            #expect(exit == 0, "\(service) exited with \(String(describing: exit)) on SIGTERM:\n\(deployment.logTail(service))")
        }
    }
}

/// The files and processes of the multi-host test: per service a folder with its config,
/// key, allow-list, data and log; per client a folder with its config and key.
final class MultiHostDeployment: @unchecked Sendable {
    let lab: NamespaceLab
    let root: URL
    let services: [String]
    private var keys: [String: CurveKeyPair] = [:]
    private let userKey: CurveKeyPair
    private var processes: [String: Child] = [:]
    private let environment: [String: String]

    init(lab: NamespaceLab, services: [String]) throws {
        self.lab = lab
        self.services = services
        root = temporaryDirectory("multi-host")
        for service in services {
            keys[service] = try CurveKeyPair.generate()
        }
        userKey = try CurveKeyPair.generate()
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        environment["NO_COLOR"] = "1"
        environment["TZ"] = "UTC"
        self.environment = environment
        try writeFiles()
    }

    func folder(_ service: String) -> URL { root.appendingPathComponent(service) }
    func dataDirectory(_ service: String) -> URL { folder(service).appendingPathComponent("data") }
    func rpcEndpoint(_ service: String) -> String { endpoint(service, \.rpcPort) }

    private func endpoint(_ service: String, _ port: KeyPath<ServiceEntry, Int>) -> String {
        "tcp://\(lab.address(service)):\(ServiceCatalog.entry(service)![keyPath: port])"
    }

    private func writeFiles() throws {
        for service in services {
            let folder = folder(service)
            try FileManager.default.createDirectory(at: dataDirectory(service), withIntermediateDirectories: true)
            let secret = folder.appendingPathComponent("\(service).secret")
            try Self.writeSecret(keys[service]!.secretKey, to: secret)
            var admitted = [["publicKey": userKey.publicKey, "principal": "user:ana"]]
            for (other, key) in keys where other != service {
                admitted.append(["publicKey": key.publicKey, "principal": "service:\(other)"])
            }
            let allowList = folder.appendingPathComponent("allow-list.json")
            try Self.writeJSON(["clients": admitted], to: allowList)
            var upstream: [String: Any] = [:]
            for name in ServiceCatalog.entry(service)?.upstreams ?? [] {
                upstream[name] = ["rpc": endpoint(name, \.rpcPort), "pub": endpoint(name, \.pubPort), "public": ["key": keys[name]!.publicKey]]
            }
            let config: [String: Any] = [
                "rpc": ["endpoint": endpoint(service, \.rpcPort)],
                "pub": ["endpoint": endpoint(service, \.pubPort)],
                "user": ["pub": ["endpoint": endpoint(service, \.userPubPort)]],
                "data": ["dir": dataDirectory(service).path],
                "ready": ["file": folder.appendingPathComponent("ready.json").path],
                "log": ["level": "info"],
                "curve": ["secret": ["key": ["file": secret.path]], "allow": ["list": ["file": allowList.path]]],
                "upstream": upstream,
            ]
            try Self.writeJSON(config, to: folder.appendingPathComponent("config.json"))
        }
        let client = folder("cli")
        try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
        let secret = client.appendingPathComponent("ana.secret")
        try Self.writeSecret(userKey.secretKey, to: secret)
        var endpoints: [String: Any] = [:]
        for service in services {
            endpoints[service] = ["rpc": endpoint(service, \.rpcPort), "pub": endpoint(service, \.pubPort), "publicKey": keys[service]!.publicKey]
        }
        try Self.writeJSON([
            "services": endpoints, "insecure": false, "user": "ana",
            "clientKey": ["publicKey": userKey.publicKey, "secretKeyFile": secret.path],
        ], to: client.appendingPathComponent("client.json"))
    }

    /// Starts every service in its namespace and waits until each has written its ready file.
    func startAll() throws {
        let binaries = try services.map { try Binaries.url(of: "quench-\($0)").path }
        for (service, binary) in zip(services, binaries) {
            try? FileManager.default.removeItem(at: folder(service).appendingPathComponent("ready.json"))
            processes[service] = try lab.spawn(
                in: service, binary, ["--config", folder(service).appendingPathComponent("config.json").path],
                log: folder(service).appendingPathComponent("\(service).log"), environment: environment)
        }
        let deadline = Date().addingTimeInterval(60)
        for service in services {
            let ready = folder(service).appendingPathComponent("ready.json")
            while !FileManager.default.fileExists(atPath: ready.path) {
                if processes[service]?.isRunning != true {
                    throw TestFailure("\(service) exited before it was ready:\n\(logTail(service))")
                }
                if Date() > deadline { throw TestFailure("\(service) was not ready within 60 s:\n\(logTail(service))") }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// SIGTERM, then the exit status (nil when it had to be killed).
    func stop(_ service: String, timeout: TimeInterval = 30) -> Int32? {
        guard let process = processes[service] else { return nil }
        if let ended = process.termination { return ended.status }
        process.terminate()
        guard let ended = process.wait(timeout: .milliseconds(Int(timeout * 1000))) else {
            process.stop(signal: SIGKILL)
            return nil
        }
        if case .signalled(let signal) = ended { return -signal }
        return ended.status
    }

    func stopAll() {
        for service in services.reversed() { _ = stop(service, timeout: 10) }
    }

    /// Runs the built `quench` in the CLI's namespace with the client config.
    func quench(_ arguments: [String]) throws -> CLIRunner.Result {
        let config = folder("cli").appendingPathComponent("client.json").path
        let result = lab.run(
            in: "cli", try Binaries.url(of: "quench").path,
            arguments + ["--config", config, "--tz", "UTC", "--timeout", "3"], environment: environment)
        return CLIRunner.Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// `quench ping SERVICE --endpoint … --key-file … --server-key-file …` from the CLI's host,
    /// with the user's key, or with a fresh key that no allow-list admits.
    func probe(_ service: String, admitted: Bool) throws -> CLIRunner.Result {
        let folder = folder("cli")
        let serverKey = folder.appendingPathComponent("\(service).public")
        try Data((keys[service]!.publicKey + "\n").utf8).write(to: serverKey)
        var keyFile = folder.appendingPathComponent("ana.secret")
        if !admitted {
            keyFile = folder.appendingPathComponent("stranger.secret")
            try Self.writeSecret(try CurveKeyPair.generate().secretKey, to: keyFile)
        }
        let result = lab.run(
            in: "cli", try Binaries.url(of: "quench").path,
            ["ping", service, "--endpoint", rpcEndpoint(service), "--key-file", keyFile.path,
             "--server-key-file", serverKey.path, "--timeout", "1"],
            environment: environment)
        return CLIRunner.Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// What `quench ARGS` prints (stdout, else stderr), for failure messages.
    func output(_ arguments: [String]) -> String {
        guard let result = try? quench(arguments) else { return "(quench did not run)" }
        return result.stdout.isEmpty ? result.stderr : result.stdout
    }

    func logTail(_ service: String, lines: Int = 30) -> String {
        let text = (try? String(contentsOf: folder(service).appendingPathComponent("\(service).log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    static func writeSecret(_ key: String, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        try Data((key + "\n").utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    static func writeJSON(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }
}
