public import Configuration
public import Foundation
public import Logging
import QuenchClient
import QuenchProtocol
import SystemPackage

/// Everything a Quench service reads at start, from (highest priority first) the command
/// line (`--rpc-endpoint tcp://…`), the environment (`QUENCH_INTAKE_RPC_ENDPOINT`, then
/// `QUENCH_RPC_ENDPOINT`), a JSON file (`--config FILE` or `QUENCH_CONFIG`), then defaults.
///
/// Every key is listed in `docs/OPERATIONS.md`.
public struct ServiceConfig: Sendable {
    /// The service's name (`intake`, `goals`, …).
    public var service: String
    /// ROUTER endpoint the service binds for requests (`rpc.endpoint`).
    public var rpcEndpoint: String
    /// PUB endpoint the service binds for events (`pub.endpoint`).
    public var pubEndpoint: String
    /// XPUB endpoint of the per-user event stream (`user.pub.endpoint`; default: the PUB
    /// port + 1, e.g. intake 7103), where a user principal receives only its own events.
    public var userPubEndpoint: String
    /// CURVE keys, allow-list and `insecure` (see `SecurityConfig`).
    public var security: SecurityConfig
    /// Folder for the SQLite file (`data.dir`).
    public var dataDirectory: String
    /// The SQLite file (`database.path`; default `<data.dir>/<service>.sqlite`).
    public var databasePath: String
    /// `log.level`: trace, debug, info, notice, warning, error, critical.
    public var logLevel: Logger.Level
    /// `heartbeat.interval.ms`: how often the publisher announces its head seq.
    public var heartbeatInterval: Duration
    /// `limits.max.message.bytes`: larger requests get a `too_large` error reply.
    public var maxMessageBytes: Int
    /// `limits.max.in.flight`: requests handled at once before `resource_exhausted`.
    public var maxInFlight: Int
    /// `shutdown.grace.seconds`: how long in-flight requests may take on SIGTERM.
    public var shutdownGrace: Duration
    /// `idempotency.retention.hours`: how long stored replies answer retries.
    public var idempotencyRetentionHours: Int
    /// Bounds on the sockets' peers: subscriptions, handshakes, open files, refusal logs.
    public var transportLimits: TransportLimits
    /// `limits.page.items`: the most items one page of a list or export reply holds.
    public var maxPageItems: Int
    /// The raw reader, for service-specific keys (`upstream.health-ingest.rpc`, …).
    public var reader: ConfigReader

    /// Loads the configuration of `service`.
    public static func load(
        service: String,
        defaultRPCPort: Int,
        defaultPubPort: Int,
        arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> ServiceConfig {
        let reader = try await makeReader(service: service, arguments: arguments, environment: environment)
        return try ServiceConfig(service: service, reader: reader, defaultRPCPort: defaultRPCPort, defaultPubPort: defaultPubPort)
    }

    init(service: String, reader: ConfigReader, defaultRPCPort: Int, defaultPubPort: Int) throws {
        self.service = service
        self.reader = reader
        let defaults = ServiceEntry(name: service, rpcPort: defaultRPCPort, pubPort: defaultPubPort)
        rpcEndpoint = reader.string(forKey: "rpc.endpoint", default: defaults.loopbackRPCEndpoint)
        pubEndpoint = reader.string(forKey: "pub.endpoint", default: defaults.loopbackPubEndpoint)
        userPubEndpoint = reader.string(forKey: "user.pub.endpoint", default: defaults.loopbackUserPubEndpoint)
        security = try SecurityConfig(reader: reader)
        dataDirectory = reader.string(forKey: "data.dir", default: ".quench/data")
        databasePath = reader.string(forKey: "database.path", default: "\(dataDirectory)/\(service).sqlite")
        let level = reader.string(forKey: "log.level", default: "info")
        guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
            throw ConfigError(key: "log.level", message: "must be one of trace, debug, info, notice, warning, error, critical; got '\(level)'")
        }
        logLevel = parsed
        heartbeatInterval = .milliseconds(try Self.positive(reader, "heartbeat.interval.ms", 1000))
        maxMessageBytes = try Self.positive(reader, "limits.max.message.bytes", 1 << 20)
        maxInFlight = try Self.positive(reader, "limits.max.in.flight", 4096)
        shutdownGrace = .seconds(try Self.positive(reader, "shutdown.grace.seconds", 10))
        idempotencyRetentionHours = try Self.positive(reader, "idempotency.retention.hours", 24 * 7)
        transportLimits = try TransportLimits(reader: reader)
        maxPageItems = try Self.positive(reader, "limits.page.items", Paging.defaultMaxItems)
    }

    private static func positive(_ reader: ConfigReader, _ key: ConfigKey, _ fallback: Int) throws -> Int {
        let value = reader.int(forKey: key, default: fallback)
        guard value > 0 else {
            throw ConfigError(key: key.components.joined(separator: "."), message: "must be greater than 0, got \(value)")
        }
        return value
    }

    /// The provider hierarchy: CLI, service env, global env, file.
    static func makeReader(service: String, arguments: [String], environment: [String: String]) async throws -> ConfigReader {
        let servicePrefix = "QUENCH_" + service.uppercased().replacingOccurrences(of: "-", with: "_") + "_"
        var serviceEnvironment: [String: String] = [:]
        var globalEnvironment: [String: String] = [:]
        for (key, value) in environment {
            if key.hasPrefix(servicePrefix) {
                serviceEnvironment[String(key.dropFirst(servicePrefix.count))] = value
            } else if key.hasPrefix("QUENCH_") {
                globalEnvironment[String(key.dropFirst("QUENCH_".count))] = value
            }
        }
        var providers: [any ConfigProvider] = [
            CommandLineArgumentsProvider(arguments: arguments),
            EnvironmentVariablesProvider(environmentVariables: serviceEnvironment),
            EnvironmentVariablesProvider(environmentVariables: globalEnvironment),
        ]
        if let file = configFile(arguments: arguments, environment: environment) {
            providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(file)))
        }
        return ConfigReader(providers: providers)
    }

    /// `--config FILE` / `--config=FILE`, else `QUENCH_CONFIG`.
    static func configFile(arguments: [String], environment: [String: String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--config", index + 1 < arguments.count {
                return arguments[index + 1]
            }
            if argument.hasPrefix("--config=") {
                return String(argument.dropFirst("--config=".count))
            }
        }
        return environment["QUENCH_CONFIG"]
    }
}
