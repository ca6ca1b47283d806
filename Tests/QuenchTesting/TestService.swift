public import Foundation
import AnalyticsService
import GoalsService
import GRDB
import HealthIngestService
import IntakeService
import Logging
import MessagePack
public import QuenchProtocol
public import QuenchRuntime
import QuenchTestSupport

/// One Quench service running in this process without sockets: its real `*Definition`
/// (schema, handlers, subscribers) on a temporary SQLite file, requests going through the
/// real `RequestDispatcher` (decoding, checks, idempotency, the group committer) and the
/// events it commits kept in its real outbox, read back through `events.since`. Events of
/// another service reach its subscribers' real apply transaction with ``follow(_:)``.
///
/// ```swift
/// let intake = try await TestService.intake()
/// let record = try await intake.call(.intakeLog, LogIntakeRequest(volume: 250), user: "alice")  // an IntakeRecord
/// let events = try await intake.events()
/// ```
///
/// `system.health` and `system.metrics` belong to the host that binds the sockets: use
/// ``TestSystem`` in ``TestMode/live`` for them.
public final class TestService: Sendable {
    /// The service's name (`ServiceName.intake`, …).
    public let name: String
    /// The folder holding its SQLite file.
    public let directory: URL
    public let config: ServiceConfig
    public let database: ServiceDatabase
    public let outbox: Outbox
    /// Its catch-up subscribers, one per publisher it follows (not running: ``follow(_:)``
    /// applies what they would).
    public let subscribers: [CatchUpSubscriber]
    private let dispatcher: RequestDispatcher

    /// Starts `service` on a fresh database in a temporary folder (or `directory`, which may
    /// hold the database of an earlier start). `arguments` are the executable's options
    /// (`--limits-page-items 5`); endpoints are not used.
    public init(_ service: String, directory: URL? = nil, arguments: [String] = []) async throws {
        guard let definition = Self.definitions[service] else {
            throw TestFailure("no service named \(service); known: \(Self.definitions.keys.sorted())")
        }
        let directory = directory ?? TestScratch.directory("inproc-\(service)")
        self.name = service
        self.directory = directory
        config = try await ServiceConfig.load(
            service: service, defaultRPCPort: definition.entry.rpcPort, defaultPubPort: definition.entry.pubPort,
            arguments: ["quench-\(service)", "--data-dir", directory.path, "--insecure"] + arguments,
            environment: [:])
        var logger = Logger(label: "quench.\(service)")
        logger.logLevel = .error
        database = try ServiceDatabase(path: config.databasePath, migrator: definition.migrator)
        outbox = try Outbox(publisher: service, database: database)
        let (handlers, subscribers) = try definition.assemble(
            ServiceEnvironment(config: config, database: database, outbox: outbox, logger: logger))
        self.subscribers = subscribers
        var registry = handlers
        SystemHandlers.register(in: &registry, outbox: outbox, database: database)
        dispatcher = RequestDispatcher(
            service: service, registry: registry, database: database, outbox: outbox, stats: ServerStats(),
            logger: logger, maxMessageBytes: config.maxMessageBytes, maxInFlight: config.maxInFlight)
    }

    /// The in-process intake service on a fresh database.
    public static func intake(arguments: [String] = []) async throws -> TestService {
        try await TestService(ServiceName.intake, arguments: arguments)
    }

    /// The in-process goals service on a fresh database.
    public static func goals(arguments: [String] = []) async throws -> TestService {
        try await TestService(ServiceName.goals, arguments: arguments)
    }

    /// The in-process health-ingest service on a fresh database.
    public static func healthIngest(arguments: [String] = []) async throws -> TestService {
        try await TestService(ServiceName.healthIngest, arguments: arguments)
    }

    /// The in-process analytics service on a fresh database.
    public static func analytics(arguments: [String] = []) async throws -> TestService {
        try await TestService(ServiceName.analytics, arguments: arguments)
    }

    /// Each service's definition, by name.
    static let definitions: [String: ServiceDefinition] = [
        ServiceName.intake: IntakeDefinition.definition,
        ServiceName.goals: GoalsDefinition.definition,
        ServiceName.healthIngest: HealthIngestDefinition.definition,
        ServiceName.analytics: AnalyticsDefinition.definition,
    ]

    /// Hands `request` to the dispatcher as an `--insecure` deployment's socket would (the
    /// principal trusted like an operator) and returns the reply envelope.
    public func send(_ request: Envelope, principal: Principal = .insecure) async throws -> Envelope {
        try await send(bytes: request.encoded(), principal: principal)
    }

    /// Hands raw request bytes to the dispatcher and returns the reply envelope.
    public func send(bytes: [UInt8], principal: Principal = .insecure) async throws -> Envelope {
        let reply: [UInt8]
        switch dispatcher.dispatch(bytes, principal: principal) {
        case .immediate(let bytes): reply = bytes
        case .deferred(let run): reply = await run()
        case .queued(let submit):
            reply = await withCheckedContinuation { continuation in
                submit { continuation.resume(returning: $0) }
            }
        }
        return try Envelope.decode(reply)
    }

    /// A client acting for `user` in `timeZone`.
    public func client(user: String? = nil, timeZone: String? = TimeZone.current.identifier) -> TestClient {
        TestClient(service: name, user: user, timeZone: timeZone, transport: .inProcess(self))
    }

    /// One call as `user` (see ``TestClient/call(_:_:as:user:idempotencyKey:)``) with a fresh
    /// idempotency key unless one is given (a command needs one; a query ignores it).
    public func call<Request: Encodable, Reply: Decodable>(
        _ type: String, _ body: Request, as replyType: Reply.Type = Reply.self,
        user: String, timeZone: String? = TimeZone.current.identifier, idempotencyKey: String? = UUID().uuidString
    ) async throws -> Reply {
        try await client(user: user, timeZone: timeZone).call(type, body, as: Reply.self, idempotencyKey: idempotencyKey)
    }

    /// One call of a catalogued message as `user` (see ``TestClient/call(_:_:user:idempotencyKey:)``).
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request,
        user: String, timeZone: String? = TimeZone.current.identifier, idempotencyKey: String? = nil
    ) async throws -> Reply {
        try await client(user: user, timeZone: timeZone).call(message, body, idempotencyKey: idempotencyKey)
    }

    /// The events this service committed after `after`, through `events.since` (every page).
    public func events(after: UInt64 = 0) async throws -> [Envelope] {
        try await Self.events(of: client(), after: after)
    }

    /// Every event after `after` that `client`'s service serves through `events.since`.
    static func events(of client: TestClient, after: UInt64) async throws -> [Envelope] {
        var all: [Envelope] = []
        var after = after
        while true {
            let page: EventsSinceReply = try await client.call(
                MessageDescriptor.eventsSince.name, EventsSinceRequest(after: after, limit: EventsSinceRequest.maxLimit))
            let envelopes = try page.events.map { try Envelope.decode($0.bytes) }
            all += envelopes
            guard let last = envelopes.last?.seq, last < page.headSeq else { return all }
            after = last
        }
    }

    /// The subscriber that follows `publisher`, if this service follows it.
    public func subscriber(following publisher: String) -> CatchUpSubscriber? {
        subscribers.first { $0.publisher.name == publisher }
    }

    /// What this service's subscriber of `publisher` has applied (its stored cursor).
    public func appliedSeq(from publisher: String) async throws -> UInt64 {
        try await database.pool.read { db in try SubscriptionCursor.load(db, publisher: publisher).seq }
    }

    /// Catches this service's subscriber of `publisher` up, as its catch-up does: the events
    /// after its stored cursor, fetched with `events.since`, applied in its real transaction
    /// a page at a time. Returns how many events it moved past (0 when it does not follow
    /// `publisher` or is up to date).
    @discardableResult
    public func follow(_ publisher: TestService) async throws -> UInt64 {
        guard let subscriber = subscriber(following: publisher.name) else { return 0 }
        let start = try await appliedSeq(from: publisher.name)
        var cursor = start
        while true {
            let page: EventsSinceReply = try await publisher.client().call(
                MessageDescriptor.eventsSince.name, EventsSinceRequest(after: cursor, limit: EventsSinceRequest.defaultLimit))
            let events = try page.events.map { try Envelope.decode($0.bytes) }
            guard !events.isEmpty else { return cursor - start }
            let next = try subscriber.applyInProcess(events)
            guard next > cursor else {
                throw TestFailure("\(name) did not move past seq \(cursor) of \(publisher.name)")
            }
            cursor = next
        }
    }

    /// Applies `events` (as `publisher` published them: consecutive seqs after the cursor)
    /// in the real transaction of the subscriber that follows `publisher`.
    public func deliver(_ events: [Envelope], from publisher: String) throws {
        guard let subscriber = subscriber(following: publisher) else {
            throw TestFailure("\(name) does not follow \(publisher)")
        }
        try subscriber.applyInProcess(events)
    }

    /// Stops the group committer's writer.
    public func close() {
        dispatcher.close()
    }

    deinit {
        dispatcher.close()
    }
}
