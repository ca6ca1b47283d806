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
    private let logger: Logger
    private let clients = Mutex<[String: RPCClient]>([:])

    public init(services: [String: PublisherEndpoints], timeout: Duration, logger: Logger) {
        self.services = services
        self.timeout = timeout
        self.logger = logger
    }

    /// The services' endpoints from `upstream.<name>.rpc` / `.public.key` (the same keys a
    /// subscriber reads), for every service but the web itself.
    public convenience init(config: ServiceConfig, web: WebConfig, logger: Logger) {
        var services: [String: PublisherEndpoints] = [:]
        for name in ServiceName.domain { services[name] = config.upstream(name) }
        self.init(services: services, timeout: web.serviceTimeout, logger: logger)
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

    func client(_ service: String) throws -> RPCClient {
        guard let endpoints = services[service] else {
            throw QuenchError.internal("the web edge has no endpoint for \(service)")
        }
        return try clients.withLock { clients in
            if let existing = clients[service] { return existing }
            let client = try RPCClient(
                endpoint: endpoints.rpcEndpoint,
                options: RPCClientOptions(
                    attemptTimeout: timeout, attempts: 2, curve: endpoints.curve, connectTimeout: min(.milliseconds(800), timeout)),
                logger: logger)
            clients[service] = client
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
