import Configuration
import Foundation
public import Logging
import MessagePack
import QuenchProtocol
public import ServiceLifecycle
import Synchronization
import UnixSignals
public import ZeroMQ

/// A Quench service as a swift-service-lifecycle `Service`: it binds the ROUTER and PUB
/// sockets, serves the registered handlers plus `system.ping`, `system.health` and
/// `events.since`, publishes committed outbox events and a heartbeat, forgets stored
/// replies past `idempotency.retention.hours` (`IdempotencyPruner`), and on graceful
/// shutdown stops taking requests, lets the in-flight ones finish, then closes.
public final class ServiceHost: Service, @unchecked Sendable {
    public let config: ServiceConfig
    public let version: String
    public let database: ServiceDatabase
    public let outbox: Outbox
    private let registry: HandlerRegistry
    private let subscribers: [CatchUpSubscriber]
    private let logger: Logger
    private let context: Context
    private let stats = ServerStats()
    private let startedAt = ContinuousClock.now
    private let stopping = Atomic<Bool>(false)
    private let bound = Mutex<(rpc: String, pub: String)?>(nil)
    private let readiness = Mutex<[CheckedContinuation<(rpc: String, pub: String), Never>]>([])
    /// `quick_check` for `system.health`, run at most once per ``databaseCheckInterval``.
    private let databaseCheck: DatabaseCheckCache
    public static let databaseCheckInterval: Double = 60

    public init(
        config: ServiceConfig,
        version: String = QuenchVersion.current,
        database: ServiceDatabase,
        outbox: Outbox,
        handlers: HandlerRegistry,
        subscribers: [CatchUpSubscriber] = [],
        logger: Logger,
        context: Context = SharedContext.context
    ) {
        self.config = config
        self.version = version
        self.database = database
        databaseCheck = DatabaseCheckCache(interval: Self.databaseCheckInterval) { database.check() }
        self.outbox = outbox
        self.subscribers = subscribers
        for subscriber in subscribers { subscriber.recordMetrics(service: config.service) }
        self.logger = logger
        self.context = context
        var registry = handlers
        SystemHandlers.register(in: &registry, outbox: outbox, database: database)
        self.registry = registry
    }

    /// The endpoints actually bound (a `*` port resolved), once the service is serving.
    public func boundEndpoints() async -> (rpc: String, pub: String) {
        if let bound = bound.withLock({ $0 }) { return bound }
        return await withCheckedContinuation { continuation in
            let ready: (rpc: String, pub: String)? = bound.withLock { value in
                if value == nil { readiness.withLock { $0.append(continuation) } }
                return value
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Every request type this host serves: its service's, and the ones every service serves.
    public var servedTypes: [String] {
        served().types
    }

    /// The service's handlers with the system ones, `system.health` and `system.metrics`
    /// (which report this host's state) included.
    private func served() -> HandlerRegistry {
        var registry = self.registry
        registry.query(.systemHealth) { [self] (_: HealthRequest, context) in
            context.isUserPrincipal ? health().withheldCounters : health()
        }
        registry.query(.systemMetrics) { [self] (_: MetricsRequest, context) in
            try context.requirePrivileged()
            HostGauges(service: config.service).update(
                uptimeSeconds: uptime, inFlight: stats.inFlight.load(ordering: .relaxed), headSeq: outbox.headSeq,
                subscriptions: subscribers.map { $0.health() })
            return MetricsReply(service: config.service, text: ServiceMetrics.text())
        }
        return registry
    }

    public func run() async throws {
        let dispatcher = RequestDispatcher(
            service: config.service, registry: served(), database: database, outbox: outbox, stats: stats,
            logger: logger, maxMessageBytes: config.maxMessageBytes, maxInFlight: config.maxInFlight)
        try Self.checkInsecureEndpoints(config)
        let guardian = try await TransportSecurity.start(config: config, context: context, logger: logger)
        let server = try RPCServer(
            context: context, dispatcher: dispatcher, logger: logger, maxMessageBytes: config.maxMessageBytes,
            security: config.security,
            principalOfKey: { [guardian] key in guardian?.authenticator.principal(ofKey: key) },
            limits: config.transportLimits, refusals: guardian?.authenticator.refusals,
            refuseOnUserStream: { [guardian] key, duration in guardian?.authenticator.refuseOnUserStream(key: key, for: duration) })
        let served = try await server.start(
            rpcEndpoint: config.rpcEndpoint, pubEndpoint: config.pubEndpoint, userPubEndpoint: config.userPubEndpoint,
            heartbeat: config.heartbeatInterval,
            heartbeatBody: { [outbox, config] in Self.heartbeat(service: config.service, head: outbox.headSeq) })
        guardian?.authenticator.onKeyRemoved { server.reopenEventStreams() }
        let endpoints = (rpc: served.rpc, pub: served.pub)
        outbox.setSink { topic, user, envelope in server.publish(topic: topic, user: user, envelope: envelope) }
        try writeReadyFile(served)
        let waiting = bound.withLock { value in
            value = endpoints
            return readiness.withLock { list in
                defer { list.removeAll() }
                return list
            }
        }
        for continuation in waiting { continuation.resume(returning: endpoints) }
        logger.info("serving", metadata: [
            "rpc": "\(endpoints.rpc)", "pub": "\(endpoints.pub)", "userPub": "\(served.userPub)",
            "database": "\(database.path)", "version": "\(version)",
            "security": "\(config.security.insecure ? "insecure" : "curve")",
        ])

        let pruner = Task { [dispatcher, config, logger] in
            await IdempotencyPruner(committer: dispatcher.committer, retentionHours: config.idempotencyRetentionHours, logger: logger).run()
        }

        try? await gracefulShutdown()

        stopping.store(true, ordering: .releasing)
        logger.info("shutting down: no new requests; finishing those in flight", metadata: ["inFlight": "\(stats.inFlight.load(ordering: .relaxed))"])
        await server.stopAccepting()
        let deadline = ContinuousClock.now + config.shutdownGrace
        while (stats.inFlight.load(ordering: .acquiring) > 0 || server.repliesOwed > 0) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let abandoned = stats.inFlight.load(ordering: .acquiring)
        if abandoned > 0 {
            logger.warning("shutdown grace elapsed with requests still in flight", metadata: ["inFlight": "\(abandoned)"])
        }
        pruner.cancel()
        await pruner.value
        dispatcher.close()
        outbox.setSink(nil)
        await server.close()
        await guardian?.close()
        logger.info("stopped")
    }

    /// `insecure` is for loopback development only: refused when any bound endpoint is
    /// reachable from another machine, and announced loudly at every start.
    static func checkInsecureEndpoints(_ config: ServiceConfig) throws {
        guard config.security.insecure else { return }
        for (key, endpoint) in [("rpc.endpoint", config.rpcEndpoint), ("pub.endpoint", config.pubEndpoint), ("user.pub.endpoint", config.userPubEndpoint)]
        where !LoopbackEndpoint.isLoopback(endpoint) {
            throw ConfigError(key: "insecure", message: "is only allowed when every endpoint is loopback (127.0.0.0/8, ::1, localhost, ipc://, inproc://), but \(key) is \(endpoint); run with CURVE keys (`quench keys init`)")
        }
    }

    private func writeReadyFile(_ endpoints: RPCServer.Endpoints) throws {
        guard let path = config.reader.string(forKey: "ready.file") else { return }
        let content = "{\"rpc\":\"\(endpoints.rpc)\",\"pub\":\"\(endpoints.pub)\",\"userPub\":\"\(endpoints.userPub)\",\"pid\":\(getpid())}\n"
        try content.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func heartbeat(service: String, head: UInt64) -> [UInt8]? {
        let envelope = Envelope(
            type: EventDescriptor.heartbeat.name,
            body: try? MessagePackRaw(encoding: HeartbeatBody(headSeq: head)),
            publisher: service)
        return try? envelope.encoded()
    }

    private func health() -> HealthReply {
        let check = databaseCheck.current()
        let subscriptions = subscribers.map { $0.health() }
        let isStopping = stopping.load(ordering: .relaxed)
        let status = isStopping ? "stopping" : (check.ok && subscriptions.allSatisfy(\.connected) ? "ok" : "degraded")
        return HealthReply(
            status: status, service: config.service, version: version,
            uptimeSeconds: uptime, headSeq: outbox.headSeq,
            inFlight: stats.inFlight.load(ordering: .relaxed), requestsServed: stats.served.load(ordering: .relaxed),
            errorsByCode: stats.errorsByCode,
            database: DatabaseHealth(path: database.path, ok: check.ok, message: check.message, checkedAt: check.checkedAt),
            subscriptions: subscriptions)
    }

    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
