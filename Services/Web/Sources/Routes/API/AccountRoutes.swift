import Hummingbird
import QuenchProtocol

/// `GET /api/v1/me`: who the request acts for, how it signed in, what it may do (a token's
/// scopes; a session's `account`) and (for a browser session) the CSRF token its scripts send
/// as `X-CSRF-Token`; `DELETE /api/v1/me?confirm=USER`: erase everything about that user in
/// every service and on the web (``AccountErase``), for a full-scope credential (`account`)
/// that names the user it erases in `confirm`: 200 with the report when all erased (the token
/// or session is refused from then on), 503 with it when a service did not (run it again).
struct AccountRoutes {
    let app: WebApp

    struct Me: Encodable {
        var user: String
        /// `token` or `session`.
        var via: String
        var scopes: [TokenScope]
        var csrfToken: String?
    }

    func register(on api: APIRoutes) {
        api.add(.get, "me", scope: nil) { _, context in
            let user = try context.requireUser()
            let scopes = context.identity?.scopes ?? []
            switch context.identity?.method {
            case .session(_, let csrf): return try JSONResponse.make(Me(user: user, via: "session", scopes: scopes, csrfToken: csrf))
            default: return try JSONResponse.make(Me(user: user, via: "token", scopes: scopes, csrfToken: nil))
            }
        }
        api.add(.delete, "me", scope: .account) { request, context in
            let user = try context.requireUser()
            try Self.confirmed(request.query("confirm"), user: user)
            let report = await AccountErase(app: app, memory: .shared).run(for: user)
            var headers: HTTPFields = [.cacheControl: "no-store"]
            if report.erased, case .session = context.identity?.method {
                headers[.setCookie] = Cookie(
                    name: SessionStore.cookieName, value: "", maxAge: 0, path: "/", secure: app.config.secureCookies, httpOnly: true, sameSite: .lax
                ).description
            }
            return try JSONResponse.make(report, status: report.erased ? .ok : .serviceUnavailable, headers: headers)
        }
    }

    /// An erase cannot be undone: the request names the user it erases (`?confirm=ana`), so a
    /// stray or forged `DELETE` erases nothing.
    static func confirmed(_ confirm: String?, user: String) throws {
        guard let confirm else {
            throw QuenchError.invalidArgument("confirm", "is required: erasing cannot be undone; send confirm=\(user), the user this erases")
        }
        guard confirm == user else {
            throw QuenchError.invalidArgument("confirm", "must be the user this erases, \(user), got '\(confirm.prefix(64))'")
        }
    }
}
