import Hummingbird
import QuenchProtocol

/// Headers every response carries: a strict Content-Security-Policy (same-origin only, no
/// framing, inline styles for the server-rendered SVG), no MIME sniffing, no referrer to other sites, and
/// `no-store` for everything that carries user data.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the
        // site's own form posts, which the CSRF check refuses (webui31's browser test found it).
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}

/// Refuses a body longer than `limits.http.body.bytes` before reading it (413, `too_large`),
/// from `Content-Length` when sent; a chunked body is cut at the limit when it is read
/// (`context.maxUploadSize`).
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(.init(.tooLarge, "the request body is \(length) bytes; the most accepted is \(limit) (limits.http.body.bytes)"))
        }
        var context = context
        context.bodyLimit = limit
        return try await next(request, context)
    }
}
