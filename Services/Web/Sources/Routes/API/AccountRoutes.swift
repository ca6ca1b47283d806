import Hummingbird
import QuenchProtocol

/// `GET /api/v1/me`: who the request acts for, how it signed in, and (for a browser
/// session) the CSRF token its scripts send as `X-CSRF-Token`; `DELETE /api/v1/me`: erase
/// everything about that user in every service and on the web (``AccountErase``): 200 with
/// the report when all erased (the token or session is refused from then on), 503 with it
/// when a service did not (run it again).
struct AccountRoutes {
    let app: WebApp

    struct Me: Encodable {
        var user: String
        /// `token` or `session`.
        var via: String
        var csrfToken: String?
    }

    func register(on api: APIRoutes) {
        api.add(.get, "me") { _, context in
            let user = try context.requireUser()
            switch context.identity?.method {
            case .session(_, let csrf): return try JSONResponse.make(Me(user: user, via: "session", csrfToken: csrf))
            default: return try JSONResponse.make(Me(user: user, via: "token", csrfToken: nil))
            }
        }
        api.add(.delete, "me") { _, context in
            let user = try context.requireUser()
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
}
