import Hummingbird
import QuenchProtocol

/// `GET /api/v1/me`: who the request acts for, how it signed in, and (for a browser
/// session) the CSRF token its scripts send as `X-CSRF-Token`.
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
    }
}
