import Foundation
public import GRDB
public import Logging
import ServiceLifecycle
import UnixSignals

/// What a service executable provides: its handlers and subscriptions, built once the
/// database and outbox exist.
public struct ServiceDefinition: Sendable {
    public var name: String
    public var defaultRPCPort: Int
    public var defaultPubPort: Int
    public var migrator: DatabaseMigrator
    /// Builds the handlers and subscribers from the opened storage.
    public var build: @Sendable (ServiceEnvironment) throws -> (HandlerRegistry, [CatchUpSubscriber])

    public init(
        name: String, defaultRPCPort: Int, defaultPubPort: Int, migrator: DatabaseMigrator,
        build: @escaping @Sendable (ServiceEnvironment) throws -> (HandlerRegistry, [CatchUpSubscriber])
    ) {
        self.name = name
        self.defaultRPCPort = defaultRPCPort
        self.defaultPubPort = defaultPubPort
        self.migrator = migrator
        self.build = build
    }
}

/// What a service gets to build its handlers with.
public struct ServiceEnvironment: Sendable {
    public let config: ServiceConfig
    public let database: ServiceDatabase
    public let outbox: Outbox
    public let logger: Logger

    public init(config: ServiceConfig, database: ServiceDatabase, outbox: Outbox, logger: Logger) {
        self.config = config
        self.database = database
        self.outbox = outbox
        self.logger = logger
    }
}

/// The `main` of every service executable: configuration, logging, storage (migrations
/// run before the socket opens), then a `ServiceGroup` that stops gracefully on SIGTERM
/// and SIGINT. Exits non-zero with one clear line when it cannot start.
public enum ServiceMain {
    public static func run(_ definition: ServiceDefinition) async {
        MemoryTuning.apply()
        let config: ServiceConfig
        do {
            config = try await ServiceConfig.load(
                service: definition.name, defaultRPCPort: definition.defaultRPCPort, defaultPubPort: definition.defaultPubPort)
            try ServiceHost.checkInsecureEndpoints(config)
        } catch {
            FileHandle.standardError.write(Data("quench-\(definition.name): \(error)\n".utf8))
            exit(2)
        }
        LoggingSetup.bootstrap(level: config.logLevel)
        var logger = Logger(label: "quench.\(definition.name)")
        logger.logLevel = config.logLevel
        let files = OpenFileLimit.raise(to: config.transportLimits.maxOpenFiles)
        logger.log(level: files.after < config.transportLimits.maxOpenFiles ? .warning : .info, "open files limit (RLIMIT_NOFILE)", metadata: [
            "limit": "\(files.after)", "before": "\(files.before)", "hard": "\(files.hard)",
            "wanted": "\(config.transportLimits.maxOpenFiles)"])
        do {
            let database = try ServiceDatabase(path: config.databasePath, migrator: definition.migrator)
            let outbox = try Outbox(publisher: definition.name, database: database)
            let environment = ServiceEnvironment(config: config, database: database, outbox: outbox, logger: logger)
            let (handlers, subscribers) = try definition.build(environment)
            if !config.security.insecure, let missing = subscribers.first(where: { $0.publisher.curve == nil }) {
                throw ConfigError(
                    key: "upstream.\(missing.publisher.name).public.key",
                    message: "is required with CURVE: the public key of \(missing.publisher.name), which this service subscribes to")
            }
            let host = ServiceHost(
                config: config, database: database, outbox: outbox, handlers: handlers,
                subscribers: subscribers, logger: logger)
            let group = ServiceGroup(
                services: [host] + subscribers.map { $0 as any Service },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)
            try await group.run()
        } catch {
            logger.critical("could not run", metadata: ["error": "\(error)"])
            FileHandle.standardError.write(Data("quench-\(definition.name): \(error)\n".utf8))
            exit(1)
        }
    }
}
