import Foundation
import HTTPTypes
import Hummingbird
import QuenchProtocol
import QuenchStrings
import WebDashboard

/// Browser sign-in and sign-out. `POST /sign-in` takes an API token (JSON `{"token": …}` or
/// a form field `token`) and answers with the session cookie (a full-scope token only: a
/// narrower one is 403); `GET /sign-in/link?code=ql_…`
/// redeems a one-time link (`quench tokens link USER`; `&next=/path` or the sign-in page's
/// kept `?next=` says where it goes); `POST /sign-out` ends the session.
/// Both sign-in routes count against the per-address rate limit (429 with `Retry-After`).
///
/// The cookie: `quench_session=qs_…; Path=/; HttpOnly; SameSite=Lax; Max-Age=…` and `Secure`
/// with `http.cookie.secure` (behind TLS). Lax, not Strict, so that the redirect after a link
/// opened from another site arrives signed in; the CSRF token guards every unsafe request.
struct SignInRoutes {
    let app: WebApp

    struct SignInBody: Decodable {
        var token: String
    }

    struct SignedIn: Encodable {
        var user: String
        var csrfToken: String
        var expiresAt: Date
    }

    func register(on router: Router<WebRequestContext>) {
        router.post("sign-in") { request, context in
            var request = request
            let isForm = request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            do {
                try limit(request, context)
            } catch let error as APIError where isForm {
                // A browser gets the sign-in page again, with a fixed message, not the JSON.
                var response = Self.backToSignIn(error: "limited", next: request.query("next"))
                response.headers[.retryAfter] = error.headers[.retryAfter]
                return response
            }
            let token: String
            var zone: ZoneID?
            if isForm {
                let body = try await request.collectBody(upTo: context.maxUploadSize)
                token = (CSRFMiddleware.formField("token", in: String(buffer: body)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                zone = CSRFMiddleware.formField(SignInPage.zoneField, in: String(buffer: body)).flatMap { ZoneID(String($0.prefix(64))) }
                // An empty field: the sign-in page again (400) saying what to do, not the API's JSON.
                guard !token.isEmpty else { return Self.signInPage(request, error: DashboardFormText.signInEmpty, status: .badRequest) }
            } else {
                token = try await request.json(SignInBody.self, context: context).token.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let presented = try await app.tokens.token(presenting: token) else {
                if isForm { return Self.backToSignIn(error: "invalid", next: request.query("next")) }
                throw APIError(QuenchError(.unauthenticated, "the token is not valid (unknown, revoked or mistyped)"))
            }
            // A session may do everything: only a full-scope token makes one (a narrow token,
            // say Health Auto Export's, never widens itself by signing a browser in).
            guard presented.scopes.covers(.account) else {
                if isForm { return Self.narrowTokenPage(request) }
                throw WebRequestContext.insufficientScope(.account, has: presented.scopes, for: "signing a browser in")
            }
            let user = presented.user
            // Checked again where the session is made: a token revoked or erased in between makes none.
            guard let created = try await app.sessions.create(.token(id: presented.id, user: user)) else {
                if isForm { return Self.backToSignIn(error: "invalid", next: request.query("next")) }
                throw APIError(QuenchError(.unauthenticated, "the token is not valid (unknown, revoked or mistyped)"))
            }
            var response: Response
            if isForm {
                response = Response(status: .seeOther, headers: [.location: Self.safeNext(request.query("next"))])
                if request.cookies[Self.nextCookie] != nil { response.setCookie(Self.nextCookie(nil, secure: app.config.secureCookies)) }
                // The browser's zone from the form (its script filled it): the first page is the user's day.
                if let zone { response.setCookie(Self.zoneCookie(zone, secure: app.config.secureCookies)) }
            } else {
                response = try JSONResponse.make(SignedIn(user: user, csrfToken: created.session.csrf, expiresAt: created.session.expiresAt))
            }
            response.setCookie(sessionCookie(created.cookie))
            return response
        }
        router.get("sign-in/link") { request, context in
            do {
                try limit(request, context)
            } catch is APIError {
                return Self.backToSignIn(error: "limited", next: Self.linkNext(request))
            }
            guard let code = request.query("code"), let created = try await app.sessions.create(.link(code)) else {
                return Self.backToSignIn(error: "expired", next: Self.linkNext(request))
            }
            // Where the browser was going: the link's `next`, else the page the sign-in page was shown for.
            var response = Response(status: .seeOther, headers: [.location: Self.linkNext(request)])
            response.setCookie(sessionCookie(created.cookie))
            if request.cookies[Self.nextCookie] != nil { response.setCookie(Self.nextCookie(nil, secure: app.config.secureCookies)) }
            return response
        }
        router.post("sign-out") { request, context in
            guard case .session(let id, _) = context.identity?.method else {
                throw APIError(QuenchError(.unauthenticated, "not signed in with a browser session"))
            }
            try await app.sessions.delete(id: id)
            let isForm = request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            var response = isForm ? Response(status: .seeOther, headers: [.location: "/sign-in"]) : try JSONResponse.make(["signedOut": true])
            response.setCookie(Cookie(name: SessionStore.cookieName, value: "", maxAge: 0, path: "/", secure: app.config.secureCookies, httpOnly: true, sameSite: .lax))
            return response
        }
        app.routes.record(method: "post", path: "/sign-in")
        app.routes.record(method: "get", path: "/sign-in/link")
        app.routes.record(method: "post", path: "/sign-out")
    }

    private func limit(_ request: Request, _ context: WebRequestContext) throws {
        var client = context.peerAddress ?? "unknown"
        if app.config.trustForwardedFor, let forwarded = request.headers[.xForwardedFor],
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            client = last
        }
        if let wait = app.signInLimiter.take(client) {
            throw APIError(
                QuenchError(.resourceExhausted, "too many sign-in attempts from this address; try again in \(wait) s (limits.sign.in.per.minute)"),
                headers: [.retryAfter: "\(wait)"])
        }
    }

    private func sessionCookie(_ value: String) -> Cookie {
        Cookie(
            name: SessionStore.cookieName, value: value, maxAge: Int(app.config.sessionLifetime), path: "/",
            secure: app.config.secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// `303` to the sign-in page with `error` (`invalid`, `limited`, `expired`: the page shows a
    /// fixed text for each) and `next` kept.
    static func backToSignIn(error: String, next: String?) -> Response {
        var location = "/sign-in?error=\(error)"
        let safe = safeNext(next)
        if safe != "/", let encoded = safe.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/-_.~"))) {
            location += "&next=\(encoded)"
        }
        return Response(status: .seeOther, headers: [.location: location])
    }

    /// The sign-in page again (403) saying that this token cannot sign a browser in.
    static func narrowTokenPage(_ request: Request) -> Response {
        signInPage(request, error: TokensText.signInNeedsFullScope, status: .forbidden)
    }

    /// The sign-in page again with `error`, in the page's language, `next` kept.
    static func signInPage(_ request: Request, error: some LocalizedMessage, status: HTTPResponse.Status) -> Response {
        let language = PageLanguage.of(request).language
        let page = SignInPage(error: Localizer(language)(error), next: request.query("next"), language: language)
        var response = DashboardRoutes.html(page.render(), status: status)
        response.headers[.contentLanguage] = language.rawValue
        return response
    }

    /// Where a sign-in goes next: a path on this site only (``SafeNext``), else `/`.
    static func safeNext(_ next: String?) -> String {
        SafeNext.path(next) ?? "/"
    }

    /// The cookie that keeps the sign-in page's `?next=` for a one-time link opened later in the
    /// same browser (the link itself carries none): a path of this site, 15 minutes, sent to
    /// `/sign-in…` only.
    static let nextCookie = "quench_next"
    static let nextCookieMaxAge = 900

    static func nextCookie(_ next: String?, secure: Bool) -> Cookie {
        let value = next.map { SignInPage.encodeQuery($0) } ?? ""
        return Cookie(name: nextCookie, value: value, maxAge: next == nil ? 0 : nextCookieMaxAge, path: "/sign-in", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The `tz` cookie the dashboard reads its days in, as the page's script writes it (readable
    /// by the script, which keeps it current; a year).
    static func zoneCookie(_ zone: ZoneID, secure: Bool) -> Cookie {
        Cookie(
            name: "tz", value: SignInPage.encodeQuery(zone.identifier).replacingOccurrences(of: "/", with: "%2F"), maxAge: 365 * 24 * 3600, path: "/",
            secure: secure, httpOnly: false, sameSite: .lax)
    }

    /// The next path a one-time link goes to: its own `next`, else the one the sign-in page kept.
    static func linkNext(_ request: Request) -> String {
        SafeNext.path(request.query("next")) ?? SafeNext.path(request.cookies[nextCookie]?.value.removingPercentEncoding) ?? "/"
    }
}
