import HTTPTypes
import QuenchProtocol

extension Identity {
    /// What the credential may do: a token's scopes; a browser session may do everything.
    var scopes: [TokenScope] {
        switch method {
        case .token(_, let scopes): scopes
        case .session: [.account]
        }
    }
}

extension WebRequestContext {
    /// The signed-in user when its credential covers `scope` (nil: any scope), for `what`
    /// (`GET /api/v1/today`, `the dashboard`): `401 unauthenticated` without one, `403
    /// permission_denied` naming the scope needed otherwise, with RFC 6750's
    /// `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`.
    func requireUser(scope: TokenScope?, for what: String) throws -> String {
        let user = try requireUser()
        guard let scope, let identity, !identity.scopes.covers(scope) else { return user }
        throw Self.insufficientScope(scope, has: identity.scopes, for: what)
    }

    static func insufficientScope(_ scope: TokenScope, has: [TokenScope], for what: String) -> APIError {
        let held = has.isEmpty ? "none" : has.map(\.rawValue).joined(separator: ",")
        let message = "this token may not do this: \(what) needs the scope \(scope.rawValue)"
            + (scope == .account ? " (a full-scope token)" : "")
            + "; the token has \(held) (make one with quench tokens create USER --scope \(scope.rawValue))"
        return APIError(
            QuenchError(.permissionDenied, message),
            headers: [.wwwAuthenticate: "Bearer realm=\"quench\", error=\"insufficient_scope\", scope=\"\(scope.rawValue)\""])
    }
}
