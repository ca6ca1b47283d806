import Hummingbird
import QuenchProtocol

/// Sets `context.identity` from `Authorization: Bearer qt_…` (an API token) or the session
/// cookie (a signed-in browser). A request presenting a bearer token that is not live is
/// refused at once (401), so a revoked token never falls back to anonymous; routes that need
/// a user call `context.requireUser()`; what a token may do is checked per route
/// (``WebRequestContext/requireUser(scope:for:)``).
struct AuthMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let tokens: TokenStore
    let sessions: SessionStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let authorization = request.headers[.authorization] {
            guard let text = Self.bearer(authorization), let token = try await tokens.token(presenting: text) else {
                throw APIError(QuenchError(.unauthenticated, "the bearer token is not valid (unknown, revoked or mistyped)"))
            }
            context.identity = Identity(user: token.user, method: .token(id: token.id, scopes: token.scopes))
        } else if let cookie = request.cookies[SessionStore.cookieName]?.value, let session = try await sessions.session(presenting: cookie) {
            context.identity = Identity(user: session.user, method: .session(id: session.id, csrf: session.csrf))
        }
        return try await next(request, context)
    }

    /// The credentials of an `Authorization: Bearer …` header: the scheme in any case
    /// (`bearer`, `BEARER`; RFC 9110 §11.1), one or more spaces, then the token; nil for
    /// another scheme.
    static func bearer(_ authorization: String) -> String? {
        guard let space = authorization.firstIndex(of: " "), authorization[..<space].lowercased() == "bearer" else { return nil }
        let credentials = authorization[space...].drop { $0 == " " }
        return credentials.isEmpty ? nil : String(credentials)
    }
}
