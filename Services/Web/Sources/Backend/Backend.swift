import Foundation
public import Logging
public import QuenchProtocol
public import QuenchRuntime
import Synchronization

/// The web edge's side of the ZeroMQ protocol: one `RPCClient` per service, with the web's
/// own CURVE client key (principal `service:web`). Every call names the user it is for —
/// the one the HTTP request authenticated (``WebRequestContext/requireUser()``), never one
/// taken from a body or a query.
///
/// ```swift
/// let summary = try await backend.call(.analyticsToday, DayRequest(day: nil), for: user)
/// ```
public final class Backend: Sendable {
    /// Where each service listens and the credentials to reach it.
    public let services: [String: PublisherEndpoints]
    private let timeout: Duration
    private let eraseTimeout: Duration
    private let logger: Logger
    /// By service; ``erase(_:for:)``'s own clients (one attempt of `eraseTimeout`) under
    /// `"<service> erase"`.
    private let clients = Mutex<[String: RPCClient]>([:])

    public init(services: [String: PublisherEndpoints], timeout: Duration, eraseTimeout: Duration = .seconds(120), logger: Logger) {
        self.services = services
        self.timeout = timeout
        self.eraseTimeout = eraseTimeout
        self.logger = logger
    }

    /// The services' endpoints from `upstream.<name>.rpc` / `.public.key` (the same keys a
    /// subscriber reads), for every service but the web itself.
    public convenience init(config: ServiceConfig, web: WebConfig, logger: Logger) {
        var services: [String: PublisherEndpoints] = [:]
        for name in ServiceName.domain { services[name] = config.upstream(name) }
        self.init(services: services, timeout: web.serviceTimeout, eraseTimeout: web.eraseTimeout, logger: logger)
    }

    /// Sends `message` to the service that owns it, acting for `user`, and returns the reply.
    /// A command gets `idempotencyKey` (the client's, from `Idempotency-Key`) or a fresh one;
    /// a service's error is thrown as the `QuenchError` it sent (``APIError`` maps it to HTTP).
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request, for user: String, zone: String? = nil,
        idempotencyKey: String? = nil
    ) async throws -> Reply {
        guard let service = message.service else {
            throw QuenchError.internal("\(message.name) is served by every service: the web calls it with call(_:_:service:)")
        }
        let key = message.kind == .command ? (idempotencyKey ?? UUID().uuidString.lowercased()) : nil
        return try await client(service).call(message, body, user: user, timeZone: zone, idempotencyKey: key)
    }

    /// A message every service serves (`system.health`), sent to `service`, for no user.
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request, service: String
    ) async throws -> Reply {
        try await client(service).call(message, body)
    }

    /// A service's erase (`intake.erase`, `goal.erase`, `health.erase`) for `user`, as
    /// `quench erase` sends it: one attempt that may take `http.erase.timeout.ms` (the service
    /// rebuilds its files before it answers), on clients of their own so that the general
    /// timeout stays short. Running it again is safe.
    public func erase(_ message: Command<UserDataRequest, EraseReply>, for user: String) async throws -> EraseReply {
        guard let service = message.service else { throw QuenchError.internal("\(message.name) names no service") }
        let client = try client(service, key: "\(service) erase", timeout: eraseTimeout, attempts: 1)
        return try await client.call(message, UserDataRequest(), user: user, idempotencyKey: UUID().uuidString.lowercased())
    }

    func client(_ service: String) throws -> RPCClient {
        try client(service, key: service, timeout: timeout, attempts: 2)
    }

    private func client(_ service: String, key: String, timeout: Duration, attempts: Int) throws -> RPCClient {
        guard let endpoints = services[service] else {
            throw QuenchError.internal("the web edge has no endpoint for \(service)")
        }
        return try clients.withLock { clients in
            if let existing = clients[key] { return existing }
            let client = try RPCClient(
                endpoint: endpoints.rpcEndpoint,
                options: RPCClientOptions(
                    attemptTimeout: timeout, attempts: attempts, curve: endpoints.curve, connectTimeout: min(.milliseconds(800), timeout)),
                logger: logger)
            clients[key] = client
            return client
        }
    }

    /// Closes every client (pending calls fail with `unavailable`).
    public func close() async {
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        for client in all { await client.close() }
    }
}
