import Foundation
public import GRDB
public import QuenchClient
public import Logging
public import ServiceLifecycle
import UnixSignals

/// What a service executable provides: its catalog entry (name, default ports, the
/// publishers it subscribes to) and its handlers and subscriptions, built once the database
/// and outbox exist.
public struct ServiceDefinition: Sendable {
    /// The service in `ServiceCatalog`.
    public var entry: ServiceEntry
    public var migrator: DatabaseMigrator
    /// Builds the handlers and subscribers from the opened storage (subscribers made with
    /// `ServiceEnvironment.subscriber(to:…)`, one per upstream in `entry`).
    public var build: @Sendable (ServiceEnvironment) throws -> (HandlerRegistry, [CatchUpSubscriber])

    public init(
        _ entry: ServiceEntry, migrator: DatabaseMigrator,
        build: @escaping @Sendable (ServiceEnvironment) throws -> (HandlerRegistry, [CatchUpSubscriber])
    ) {
        self.entry = entry
        self.migrator = migrator
        self.build = build
    }

    public var name: String { entry.name }

    /// Builds the handlers and subscribers, and checks that the service subscribes to exactly
    /// the publishers its catalog entry names (the deployment files are checked against the
    /// same catalog).
    public func assemble(_ environment: ServiceEnvironment) throws -> (HandlerRegistry, [CatchUpSubscriber]) {
        let (handlers, subscribers) = try build(environment)
        let subscribed = subscribers.map(\.publisher.name)
        guard subscribed.sorted() == entry.upstreams.sorted() else {
            throw CatalogMismatch(service: name, catalog: entry.upstreams, subscribed: subscribed)
        }
        return (handlers, subscribers)
    }
}

/// A service whose subscribers differ from the upstreams its `ServiceCatalog` entry lists.
public struct CatalogMismatch: Error, CustomStringConvertible {
    public var service: String
    public var catalog: [String]
    public var subscribed: [String]

    public var description: String {
        "\(service) subscribes to [\(subscribed.joined(separator: ", "))] but ServiceCatalog lists [\(catalog.joined(separator: ", "))]"
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

    /// A catch-up subscriber to `publisher`'s events with this service's settings: the
    /// publisher's endpoints and key (`upstream.<publisher>.*`), `heartbeat.interval.ms`, the
    /// database and the logger. `outbox`: this service's, when its appliers emit events;
    /// `applies`: the events its applier declares (``AppliedEvents``).
    public func subscriber(
        to publisher: String, outbox: Outbox? = nil, applies: AppliedEvents, batch: @escaping EventBatchFactory
    ) -> CatchUpSubscriber {
        CatchUpSubscriber(
            publisher: config.upstream(publisher), database: database, heartbeatInterval: config.heartbeatInterval,
            outbox: outbox, applies: applies, logger: logger, batch: batch)
    }
}

/// The `main` of every service executable: configuration, logging, storage (migrations
/// run before the socket opens), then a `ServiceGroup` that stops gracefully on SIGTERM
/// and SIGINT. Exits non-zero with one clear line when it cannot start.
public enum ServiceMain {
    /// How long the exit waits for the closed sockets to write what they hold: the ROUTER's
    /// linger (2 s) and a little more.
    static let socketFlushBound = Duration.seconds(3)

    public static func run(_ definition: ServiceDefinition) async {
        await run(definition, alongside: nil)
    }

    /// `alongside`: more services run in the same group, built once the host exists (the web
    /// edge's HTTP server); they start after the host and stop with it.
    public static func run(
        _ definition: ServiceDefinition,
        alongside: (@Sendable (ServiceEnvironment, ServiceHost) async throws -> [any Service])?
    ) async {
        MemoryTuning.apply()
        let config: ServiceConfig
        do {
            config = try await ServiceConfig.load(
                service: definition.name, defaultRPCPort: definition.entry.rpcPort, defaultPubPort: definition.entry.pubPort)
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
            for migration in database.migrationsApplied {
                logger.info("migration applied", metadata: ["migration": "\(migration)", "database": "\(config.databasePath)"])
            }
            let outbox = try Outbox(publisher: definition.name, database: database)
            let environment = ServiceEnvironment(config: config, database: database, outbox: outbox, logger: logger)
            let (handlers, subscribers) = try definition.assemble(environment)
            if !config.security.insecure, let missing = subscribers.first(where: { $0.publisher.curve == nil }) {
                throw ConfigError(
                    key: "upstream.\(missing.publisher.name).public.key",
                    message: "is required with CURVE: the public key of \(missing.publisher.name), which this service subscribes to")
            }
            let host = ServiceHost(
                config: config, database: database, outbox: outbox, handlers: handlers,
                subscribers: subscribers, logger: logger)
            let extra = try await alongside?(environment, host) ?? []
            let group = ServiceGroup(
                services: [host] + subscribers.map { $0 as any Service } + extra,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)
            try await group.run()
            // Every service of the group has ended: leave the database whole in its one file.
            do {
                if try !database.closeForShutdown() {
                    logger.warning("the write-ahead log could not be emptied at the stop; it is kept beside the database")
                }
            } catch {
                logger.error("closing the database at the stop failed", metadata: ["error": "\(error)"])
            }
            // The sockets are closed; their last replies leave only while the context ends.
            if !SocketFlush.terminate(SharedContext.context, within: socketFlushBound) {
                logger.warning("sockets still open after the shutdown; exiting without waiting for them", metadata: [
                    "waitedSeconds": "\(socketFlushBound.components.seconds)"])
            }
        } catch {
            logger.critical("could not run", metadata: ["error": "\(error)"])
            FileHandle.standardError.write(Data("quench-\(definition.name): \(error)\n".utf8))
            exit(1)
        }
    }
}
