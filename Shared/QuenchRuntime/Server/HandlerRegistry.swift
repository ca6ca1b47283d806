import GRDB
import MessagePack
public import QuenchProtocol

/// The request types a service serves and how each runs:
/// - `inline`: on the socket thread itself; for tiny, non-blocking answers (`system.ping`).
/// - `query`: an async function off the socket thread; reads only.
/// - `command`: runs inside one write transaction together with the idempotency record
///   and any outbox events; a retry with the same key returns the stored reply.
public struct HandlerRegistry: Sendable {
    enum Kind: Sendable {
        case inline(@Sendable (Envelope, RequestContext) throws -> MessagePackRaw)
        case query(@Sendable (Envelope, RequestContext) async throws -> MessagePackRaw)
        /// Decodes the body (outside the transaction) and returns the transactional part.
        case command(@Sendable (Envelope) throws -> @Sendable (WriteContext) throws -> MessagePackRaw)
    }

    private(set) var handlers: [String: Kind] = [:]

    public init() {}

    /// The registered type names, sorted.
    public var types: [String] {
        handlers.keys.sorted()
    }

    /// Serves `message` on the socket thread itself (tiny, non-blocking answers only).
    public mutating func inline<Request, Reply>(
        _ message: Query<Request, Reply>,
        _ handler: @escaping @Sendable (Request, RequestContext) throws -> Reply
    ) {
        handlers[message.name] = .inline { envelope, context in
            let request = try envelope.decodeRequestBody(Request.self)
            return try MessagePackRaw(encoding: try handler(request, context))
        }
    }

    /// Serves the read `message` off the socket thread.
    public mutating func query<Request, Reply>(
        _ message: Query<Request, Reply>,
        _ handler: @escaping @Sendable (Request, RequestContext) async throws -> Reply
    ) {
        query(message) { request, context in try Encoded(try await handler(request, context)) }
    }

    /// Serves the read `message` with a reply the handler encoded itself.
    public mutating func query<Request, Reply>(
        _ message: Query<Request, Reply>,
        _ handler: @escaping @Sendable (Request, RequestContext) async throws -> Encoded<Reply>
    ) {
        handlers[message.name] = .query { envelope, context in
            let request = try envelope.decodeRequestBody(Request.self)
            return try await handler(request, context).raw
        }
    }

    /// Serves the command `message` inside a write transaction (see `Kind.command`).
    public mutating func command<Request, Reply>(
        _ message: Command<Request, Reply>,
        _ handler: @escaping @Sendable (Request, WriteContext) throws -> Reply
    ) {
        command(message) { request, write in try Encoded(try handler(request, write)) }
    }

    /// Serves the command `message` with a reply the handler encoded itself (once for the
    /// reply and an event, say).
    public mutating func command<Request, Reply>(
        _ message: Command<Request, Reply>,
        _ handler: @escaping @Sendable (Request, WriteContext) throws -> Encoded<Reply>
    ) {
        command(message, decodedAs: PlainRequest<Request>.self) { request, write in try handler(request, write) }
    }

    /// Serves the command `message`, its body read through `Decoded` (a faster reader of the
    /// same bytes, e.g. health-ingest's `import.batch`).
    public mutating func command<Request, Reply, Decoded: DecodedRequest>(
        _ message: Command<Request, Reply>,
        decodedAs _: Decoded.Type,
        _ handler: @escaping @Sendable (Request, WriteContext) throws -> Reply
    ) where Decoded.Request == Request {
        command(message, decodedAs: Decoded.self) { request, write in try Encoded(try handler(request, write)) }
    }

    private mutating func command<Request, Reply, Decoded: DecodedRequest>(
        _ message: Command<Request, Reply>,
        decodedAs _: Decoded.Type,
        _ handler: @escaping @Sendable (Request, WriteContext) throws -> Encoded<Reply>
    ) where Decoded.Request == Request {
        handlers[message.name] = .command { envelope in
            let request = try envelope.decodeRequestBody(Decoded.self).request
            return { write in try handler(request, write).raw }
        }
    }

    func handler(for type: String) -> Kind? {
        handlers[type]
    }
}

/// A request body read another way than `Request`'s own `Decodable` (the same bytes, the
/// same errors, only faster): `HandlerRegistry.command(_:decodedAs:_:)`.
public protocol DecodedRequest: Decodable, Sendable {
    associatedtype Request: Codable & Sendable
    var request: Request { get }
}

/// `Request` as a `DecodedRequest` of itself.
struct PlainRequest<Request: Codable & Sendable>: DecodedRequest {
    let request: Request

    init(from decoder: any Decoder) throws {
        request = try Request(from: decoder)
    }
}

extension Envelope {
    /// `decodeBody`, with a body of the wrong type as a whole (not a map) named `body` rather
    /// than nothing.
    func decodeRequestBody<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try decodeBody(T.self)
        } catch let error as MessagePackError where error.codingPath.isEmpty {
            guard case .typeMismatch = error.kind else { throw error }
            throw MessagePackError(error.kind, offset: error.offset, codingPath: "body")
        }
    }
}
