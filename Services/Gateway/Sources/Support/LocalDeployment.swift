import ChildProcess
import Foundation
import QuenchProtocol
import QuenchClient
import QuenchStrings

/// The four services as separate background processes on loopback (`deploy/local`):
/// data, logs, pid and ready files under one folder, one JSON config per service.
///
/// ```
/// DIR/client.json            endpoints (and keys) for the CLI
/// DIR/keys/…                 CURVE keys and allow-lists (see `KeyStore`)
/// DIR/config/<service>.json  the service's configuration
/// DIR/config/ports.json      the port base (`quench up --port-base`, see `LocalPorts`)
/// DIR/data/<service>.sqlite  its database
/// DIR/logs/<service>.log     its log
/// DIR/run/<service>.ready    written by the service when it serves: {rpc, pub, pid}
/// DIR/run/<service>.pid      the same pid, plain, for operators' tools (`kill -TERM $(cat …)`)
/// ```
struct LocalDeployment {
    /// Start order: publishers before their subscribers (subscribers catch up anyway).
    static let services = ServiceCatalog.all.map(\.name)

    let root: URL
    let binaries: URL
    /// Its loopback ports: `portBase` when given, else the base stored by an earlier
    /// `quench up` in this folder, else the catalog's own.
    let ports: LocalPorts

    init(dataDir: String, portBase: Int? = nil) {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        root = URL(fileURLWithPath: dataDir, relativeTo: cwd).standardizedFileURL
        binaries = LocalDeployment.binaryFolder()
        ports = portBase.map { LocalPorts(base: $0) }
            ?? LocalPorts.stored(in: root.appendingPathComponent("config/ports.json")) ?? LocalPorts()
    }

    /// The folder of the running `quench` (the service executables are built next to it).
    static func binaryFolder() -> URL {
        let executable = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        if executable.path.contains("/") && FileManager.default.fileExists(atPath: executable.path) {
            return executable.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    var clientConfigPath: String { root.appendingPathComponent("client.json").path }
    func configPath(_ service: String) -> URL { root.appendingPathComponent("config/\(service).json") }
    func readyPath(_ service: String) -> URL { root.appendingPathComponent("run/\(service).ready") }
    func pidPath(_ service: String) -> URL { root.appendingPathComponent("run/\(service).pid") }
    func logPath(_ service: String) -> URL { root.appendingPathComponent("logs/\(service).log") }
    func executable(_ service: String) -> URL { binaries.appendingPathComponent("quench-\(service)") }
    var portsPath: URL { root.appendingPathComponent("config/ports.json") }

    func endpoints(_ service: String) -> (rpc: String, pub: String, userPub: String) {
        ports.endpoints(service)
    }

    /// Where the service's HTTP listener binds (the web edge's; nil for the others): the
    /// deployment's port on loopback unless `QUENCH_WEB_HTTP_HOST` / `QUENCH_WEB_HTTP_PORT`
    /// say otherwise (they reach the service too, see `serviceEnvironment`).
    func httpAddress(_ service: String, environment: [String: String]) -> (host: String, port: Int)? {
        guard let port = ports.httpPort(service) else { return nil }
        let prefix = Self.environmentPrefix(service)
        let host = environment[prefix + "HTTP_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        return (host, environment[prefix + "HTTP_PORT"].flatMap { Int($0) } ?? port)
    }

    /// The keys `quench up` sets itself in each service's config file: the service's own
    /// `QUENCH_<SERVICE>_…` variable for one of them does not reach it (it would move a socket
    /// or a file away from what the client config and the other services were told).
    static let ownedKeys = ["RPC_ENDPOINT", "PUB_ENDPOINT", "USER_PUB_ENDPOINT", "DATA_DIR", "DATABASE_PATH", "READY_FILE", "INSECURE"]
    static let ownedKeyPrefixes = ["CURVE_", "UPSTREAM_"]

    /// `QUENCH_<SERVICE>_` (`QUENCH_HEALTH_INGEST_` for health-ingest), as the services read it.
    static func environmentPrefix(_ service: String) -> String {
        "QUENCH_" + service.uppercased().replacingOccurrences(of: "-", with: "_") + "_"
    }

    /// The environment `service` starts with: this one without the global `QUENCH_…` variables
    /// (`QUENCH_CONFIG` is the CLI's client config, and a global `QUENCH_DATA_DIR`,
    /// `QUENCH_RPC_ENDPOINT`, … would give all five services one database or one port), but
    /// with the service's own `QUENCH_<SERVICE>_<KEY>` (`QUENCH_WEB_HTTP_PORT`,
    /// `QUENCH_INTAKE_LOG_LEVEL`, …) unless `quench up` owns the key (`ownedKeys`).
    static func serviceEnvironment(_ service: String, from environment: [String: String]) -> [String: String] {
        let prefix = environmentPrefix(service)
        return environment.filter { key, _ in
            guard key.hasPrefix("QUENCH_") else { return true }
            guard key.hasPrefix(prefix) else { return false }
            let rest = String(key.dropFirst(prefix.count))
            return !ownedKeys.contains(rest) && !ownedKeyPrefixes.contains { rest.hasPrefix($0) }
        }
    }

    /// Writes the service configs and the client config. Unless `insecure`, first creates
    /// whatever keys and allow-lists are missing (`KeyStore.initialize`) and configures CURVE
    /// everywhere; the client config then uses the operator's `admin` key. Without `web`
    /// (`quench up --no-web`) the client config names no web edge, unless one runs already,
    /// so commands tell a deployment without it (`quench erase`: "not deployed") from one
    /// whose web is down.
    func prepare(insecure: Bool, web: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        for folder in ["config", "data", "logs", "run"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try ports.store(in: portsPath)
        let keys = KeyStore(root: root)
        if !insecure { try keys.initialize() }
        for service in Self.services {
            let mine = endpoints(service)
            var upstream: [String: Any] = [:]
            for name in ServiceCatalog.entry(service)?.needs ?? [] {
                let other = endpoints(name)
                var entry: [String: Any] = ["rpc": other.rpc, "pub": other.pub]
                if !insecure { entry["public"] = ["key": try keys.publicKey(keys.serviceKeyBase(name))] }
                upstream[name] = entry
            }
            var config: [String: Any] = [
                "rpc": ["endpoint": mine.rpc],
                "pub": ["endpoint": mine.pub],
                "user": ["pub": ["endpoint": mine.userPub]],
                "data": ["dir": root.appendingPathComponent("data").path],
                "database": ["path": root.appendingPathComponent("data/\(service).sqlite").path],
                "ready": ["file": readyPath(service).path],
                "log": ["level": "info"],
                "upstream": upstream,
                "insecure": insecure,
            ]
            if let http = httpAddress(service, environment: environment) {
                config["http"] = ["host": http.host, "port": http.port]
            }
            if !insecure {
                let secret = keys.serviceKeyBase(service) + ".secret"
                config["curve"] = [
                    "secret": ["key": ["file": secret]],
                    "client": ["key": ["file": secret]],
                    "allow": ["list": ["file": keys.allowListPath(service)]],
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: configPath(service), options: .atomic)
        }
        var client = ClientConfig.loopbackDefaults
        for service in Self.services {
            let mine = endpoints(service)
            let http = httpAddress(service, environment: environment).map { address in
                let host = address.host == "0.0.0.0" || address.host == "::" ? "127.0.0.1" : address.host
                return "http://\(host.contains(":") ? "[\(host)]" : host):\(address.port)"
            }
            client.services[service] = ClientConfig.Endpoint(rpc: mine.rpc, pub: mine.pub, userPub: mine.userPub, http: http)
        }
        client.insecure = insecure
        client.dataDir = root.path
        let existing = FileManager.default.fileExists(atPath: clientConfigPath) ? try? ClientConfig.load(path: clientConfigPath) : nil
        client.user = existing?.user
        if !web && runningPID(ServiceName.web) == nil { client.services[ServiceName.web] = nil }
        if insecure {
            client.clientKey = existing?.clientKey
            client.principal = existing?.principal
        } else {
            for service in Self.services where client.services[service] != nil {
                client.services[service]?.publicKey = try keys.publicKey(keys.serviceKeyBase(service))
            }
            client.clientKey = ClientConfig.ClientKey(
                publicKey: try keys.publicKey(keys.adminKeyBase), secretKeyFile: keys.adminKeyBase + ".secret")
            client.principal = "admin"
        }
        try client.write(to: clientConfigPath)
    }

    /// The pid in the service's ready file, if that process is alive and is the service
    /// (after a reboot the pid may belong to something else).
    func runningPID(_ service: String) -> Int32? {
        guard let data = try? Data(contentsOf: readyPath(service)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pid = object["pid"] as? Int, pid > 0, Self.isAlive(Int32(pid)) else { return nil }
        return Self.isService(pid: Int32(pid), service) ? Int32(pid) : nil
    }

    /// Whether `pid` exists and has not exited: an exited service whose parent has not reaped
    /// it (a container's init may not) is a zombie, state `Z` in `/proc/<pid>/stat`.
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/stat")) else { return true }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// Whether `pid` runs `quench-<service>`, judged by `/proc/<pid>/cmdline` where there is one.
    static func isService(pid: Int32, _ service: String) -> Bool {
        guard let cmdline = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return true }
        let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return arguments.prefix(2).contains { URL(fileURLWithPath: $0).lastPathComponent == "quench-\(service)" }
    }

    /// Starts the service in its own session (it outlives this command), logging to its file.
    func start(_ service: String) throws {
        let binary = executable(service)
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CLIError.io(tr(SetupText.cannotFindBinary(binary.path)))
        }
        try? FileManager.default.removeItem(at: readyPath(service))
        try? FileManager.default.removeItem(at: pidPath(service))
        var command = ChildCommand(
            binary.path, arguments: ["--config", configPath(service).path],
            environment: Self.serviceEnvironment(service, from: ProcessInfo.processInfo.environment),
            standardInput: .null, standardOutput: .file(logPath(service).path, append: true), standardError: .sameAsStandardOutput)
        let setsid = "/usr/bin/setsid"
        if FileManager.default.isExecutableFile(atPath: setsid) {
            command.arguments.insert(command.executable, at: 0)
            command.executable = setsid
        }
        do {
            _ = try command.spawn()
        } catch {
            throw CLIError.io(diagnostic(error))
        }
    }

    /// The TCP addresses `service` binds (its RPC, PUB and user-stream sockets, the web's HTTP
    /// listener), as (host, port).
    func boundAddresses(_ service: String, environment: [String: String]) -> [(host: String, port: Int)] {
        let (rpc, pub, userPub) = endpoints(service)
        var addresses = [rpc, pub, userPub].compactMap { endpoint -> (host: String, port: Int)? in
            guard let colon = endpoint.lastIndex(of: ":"), let port = Int(endpoint[endpoint.index(after: colon)...]) else { return nil }
            let host = endpoint.dropFirst("tcp://".count)[..<colon]
            return (String(host), port)
        }
        if let http = httpAddress(service, environment: environment) { addresses.append(http) }
        return addresses
    }

    /// Refuses at once, before anything starts, when a port a service would bind is taken,
    /// naming the address and the way out (a service that cannot bind exits, and `up` would
    /// only say so after the ready timeout, with the others left running).
    func checkPortsFree(_ services: [String], environment: [String: String]) throws {
        for service in services {
            for address in boundAddresses(service, environment: environment) where !PortProbe.canBind(host: address.host, port: address.port) {
                let shown = address.host.contains(":") ? "[\(address.host)]:\(address.port)" : "\(address.host):\(address.port)"
                let isHTTP = httpAddress(service, environment: environment).map { $0 == address } ?? false
                let wayOut = isHTTP
                    ? tr(SetupText.portTakenWeb(variable: Self.environmentPrefix(service) + "HTTP_PORT"))
                    : tr(SetupText.portTakenBase)
                throw CLIError.io(tr(SetupText.portTaken(service: service, address: shown, wayOut: wayOut)))
            }
        }
    }

    /// Waits for the service's ready file; fails with the tail of its log.
    func waitUntilReady(_ service: String, timeout: TimeInterval = 30) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let pid = runningPID(service) {
                try "\(pid)\n".write(to: pidPath(service), atomically: true, encoding: .utf8)
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let tail = (try? String(contentsOf: logPath(service), encoding: .utf8))?
            .split(separator: "\n").suffix(5).joined(separator: "\n") ?? ""
        throw CLIError.io(tr(SetupText.didNotStart(service: service, seconds: Int(timeout), log: logPath(service).path, tail: tail)))
    }

    /// SIGTERM, then wait for the exit (SIGKILL after `timeout`). Returns whether it was running.
    func stop(_ service: String, timeout: TimeInterval = 20) async -> Bool {
        guard let pid = runningPID(service) else {
            try? FileManager.default.removeItem(at: readyPath(service))
            try? FileManager.default.removeItem(at: pidPath(service))
            return false
        }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while Self.isAlive(pid) && Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if Self.isAlive(pid) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: readyPath(service))
        try? FileManager.default.removeItem(at: pidPath(service))
        return true
    }
}
