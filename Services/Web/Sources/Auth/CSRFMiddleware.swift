import Foundation
import Hummingbird
import QuenchProtocol

/// Cross-site request forgery protection for browser sessions. A state-changing request
/// (POST, PUT, PATCH, DELETE) authenticated by the session cookie must carry the session's
/// CSRF token, in the `X-CSRF-Token` header (scripts) or the `csrf` field of a form post
/// (pages); and any request whose `Origin` names another origin than its `Host` is refused.
/// Bearer-token requests carry no ambient credential and need neither.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isUnsafe(request.method) else { return try await next(request, context) }
        if let origin = request.headers[.origin], !Self.sameOrigin(origin, host: request.head.authority) {
            throw APIError(.permissionDenied(Self.crossOrigin + " (Origin \(origin) is not this site)"))
        }
        guard case .session(_, let expected) = context.identity?.method else { return try await next(request, context) }
        var request = request
        var presented = request.headers[.csrfToken]
        if presented == nil, request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            presented = Self.formField("csrf", in: String(buffer: body))
        }
        guard let presented, Secret.constantTimeEqual(Array(presented.utf8), Array(expected.utf8)) else {
            throw APIError(.permissionDenied(Self.missingToken))
        }
        return try await next(request, context)
    }

    /// The refusals' texts (the dashboard's error pages know a CSRF refusal by them).
    static let missingToken = "missing or wrong CSRF token: send the session's token as X-CSRF-Token or the form field csrf"
    static let crossOrigin = "cross-origin request refused"

    /// Whether `error` is this middleware's refusal.
    static func isRefusal(_ error: QuenchError) -> Bool {
        error.code == .permissionDenied && (error.message == missingToken || error.message.hasPrefix(crossOrigin + " ("))
    }

    static func isUnsafe(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    /// `Origin` (`http://host:port`) against the request's `Host` (`host:port`).
    static func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let components = URLComponents(string: origin), let originHost = components.host else { return false }
        let port = components.port.map { ":\($0)" } ?? ""
        let defaultPort = components.scheme == "https" ? ":443" : ":80"
        return "\(originHost)\(port)" == host || "\(originHost)\(port)\(defaultPort)" == host || (port == defaultPort && originHost == host)
    }

    /// One field of an `application/x-www-form-urlencoded` body.
    static func formField(_ name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == name else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
