import GRDB
import MessagePack
import QuenchProtocol

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

    public mutating func inline<Request: Decodable & SendableMetatype, Reply: Encodable & SendableMetatype>(
        _ type: String,
        _ handler: @escaping @Sendable (Request, RequestContext) throws -> Reply
    ) {
        handlers[type] = .inline { envelope, context in
            let request = try envelope.decodeRequestBody(Request.self)
            return try MessagePackRaw(encoding: try handler(request, context))
        }
    }

    public mutating func query<Request: Decodable & SendableMetatype, Reply: Encodable & SendableMetatype>(
        _ type: String,
        _ handler: @escaping @Sendable (Request, RequestContext) async throws -> Reply
    ) {
        handlers[type] = .query { envelope, context in
            let request = try envelope.decodeRequestBody(Request.self)
            return try MessagePackRaw(encoding: try await handler(request, context))
        }
    }

    public mutating func command<Request: Decodable & Sendable, Reply: Encodable & SendableMetatype>(
        _ type: String,
        _ handler: @escaping @Sendable (Request, WriteContext) throws -> Reply
    ) {
        handlers[type] = .command { envelope in
            let request = try envelope.decodeRequestBody(Request.self)
            return { write in
                let reply = try handler(request, write)
                if let raw = reply as? MessagePackRaw { return raw }
                return try MessagePackRaw(encoding: reply)
            }
        }
    }

    func handler(for type: String) -> Kind? {
        handlers[type]
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
