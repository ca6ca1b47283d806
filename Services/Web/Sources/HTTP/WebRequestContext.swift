public import Foundation
public import Hummingbird
public import QuenchProtocol

/// The per-request context of every route: who the request authenticated as (set by
/// ``AuthMiddleware`` from a bearer token or a session cookie) and the request's time zone.
///
/// A route that acts for a user starts with `let user = try context.requireUser()`; it never
/// reads a user from a body, a path or a query.
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user, nil for an anonymous request.
    public var identity: Identity?
    /// `limits.http.body.bytes` (set by ``BodyLimitMiddleware``): what `request.decode`
    /// reads at most.
    public var bodyLimit: Int = 64 * 1024

    /// The peer's address (`1.2.3.4`; the proxy's behind a reverse proxy, unless
    /// `http.trust.forwarded.for`), for the sign-in rate limit only; never logged.
    public let peerAddress: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    public var maxUploadSize: Int { bodyLimit }

    /// JSON bodies: dates in ISO 8601 (RFC 3339), with or without fractional seconds.
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            // Strictly: Foundation's ISO 8601 parsers roll 2026-02-30 into March and T25:00
            // into the next day.
            if let date = Timestamp.instant(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "must be a real date and time in ISO 8601 (2026-11-20T08:30:00Z; month 01–12, a day the month has, hour 00–23, minute and second 00–59), got '\(text.prefix(40))'")
        }
        return decoder
    }()

    public var requestDecoder: JSONDecoder { Self.decoder }

    /// The signed-in user, or `401 unauthenticated`.
    public func requireUser() throws -> String {
        guard let identity else {
            throw APIError(QuenchError(.unauthenticated, "sign in: send `Authorization: Bearer <token>` or a session cookie"))
        }
        return identity.user
    }
}

/// Who a request authenticated as, and how.
public struct Identity: Sendable, Equatable {
    public enum Method: Sendable, Equatable {
        /// An API token (`Authorization: Bearer qt_…`); `id` is its public id, `scopes` what
        /// it may do (``TokenScope``; a session may do everything).
        case token(id: String, scopes: [TokenScope])
        /// A browser session cookie; `csrf` is the session's CSRF token.
        case session(id: String, csrf: String)
    }

    public var user: String
    public var method: Method

    public init(user: String, method: Method) {
        self.user = user
        self.method = method
    }
}
