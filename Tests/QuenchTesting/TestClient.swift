import Foundation
import MessagePack
public import QuenchProtocol
public import QuenchRuntime

/// A client of one service under test, acting for a user in a time zone: in process it
/// hands the request's bytes to the service's dispatcher, live it is an `RPCClient` on the
/// service's socket. Calls look like `RPCClient`'s, so a test reads the same either way.
public struct TestClient: Sendable {
    /// The service this client calls.
    public let service: String
    /// The envelope's `user` unless a call names another.
    public let user: String?
    /// The envelope's `tz`.
    public let timeZone: String?
    let transport: Transport

    /// A live client on `client`'s socket (one a test made itself, with CURVE keys say),
    /// acting for its options' user in their zone.
    public init(_ client: RPCClient, service: String) {
        self.init(service: service, user: client.options.user, timeZone: client.options.timeZone, transport: .live(client))
    }

    init(service: String, user: String?, timeZone: String?, transport: Transport) {
        self.service = service
        self.user = user
        self.timeZone = timeZone
        self.transport = transport
    }

    enum Transport: Sendable {
        case inProcess(TestService)
        case live(RPCClient)
    }

    /// Sends a request and decodes the reply body as `Reply`; an error reply is thrown as
    /// `QuenchError`, as `RPCClient.call` does.
    public func call<Request: Encodable, Reply: Decodable>(
        _ type: String, _ body: Request, as replyType: Reply.Type = Reply.self,
        user: String? = nil, idempotencyKey: String? = nil
    ) async throws -> Reply {
        switch transport {
        case .live(let client):
            return try await client.call(type, body, as: Reply.self, user: user, idempotencyKey: idempotencyKey)
        case .inProcess(let service):
            let request = Envelope(
                type: type, user: user ?? self.user, timeZone: timeZone, idempotencyKey: idempotencyKey,
                body: try MessagePackRaw(encoding: body))
            let reply = try await service.send(request)
            if let error = reply.error { throw QuenchError(wire: error) }
            do {
                return try reply.decodeBody(Reply.self)
            } catch {
                throw QuenchError(.malformed, "reply to \(type) could not be read: \(error)")
            }
        }
    }

    /// Calls a catalogued message: the descriptor gives the body and reply types, and a command
    /// gets a fresh idempotency key unless one is given (a query sends none).
    public func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request,
        user: String? = nil, idempotencyKey: String? = nil
    ) async throws -> Reply {
        let key = message.kind == .command ? (idempotencyKey ?? UUID().uuidString) : idempotencyKey
        return try await call(message.name, body, as: Reply.self, user: user, idempotencyKey: key)
    }

    /// Sends an envelope as it is and returns the reply envelope (error replies included).
    public func send(_ request: Envelope) async throws -> Envelope {
        switch transport {
        case .live(let client): try await client.send(request)
        case .inProcess(let service): try await service.send(request)
        }
    }

    /// Closes the socket of a live client (nothing to close in process).
    public func close() async {
        if case .live(let client) = transport { await client.close() }
    }
}
