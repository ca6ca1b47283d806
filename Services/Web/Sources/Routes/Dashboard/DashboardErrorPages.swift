import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import QuenchProtocol
import QuenchStrings
import WebDashboard

/// A browser's error on the dashboard's addresses as a page, not the API's JSON (issue #39
/// item 12: a refused form token, an unknown address and other refusals showed raw JSON): in
/// the page's language, inside the navigation for a signed-in browser, with the status the
/// JSON would have had (403 for a form without its session's token, 404 for an unknown
/// address, …) and its headers (`Retry-After`, `Allow`). The JSON API and what scripts read
/// keep the JSON: `/api/…`, `/openapi.json`, `/health`, `/metrics`, `/events`, the assets, a
/// request with an `Authorization` header or a JSON body, and one whose `Accept` does not name
/// `text/html` (every browser's navigation and form post does).
///
/// Added after authentication (to know who is signed in) and before the CSRF check (whose
/// refusal it turns into a page); `ErrorMiddleware` still answers everything else.
struct DashboardErrorPages: RouterMiddleware {
    typealias Context = WebRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard Self.wantsPage(request) else { throw error }
            return Self.page(for: error, request: request, context: context)
        }
    }

    /// Whether `request` is a browser's, on an address of the dashboard (see the type).
    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        let machine = ["/api", "/openapi.json", "/health", "/metrics", "/events", "/assets"]
        if machine.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return false }
        if request.headers[.authorization] != nil { return false }
        if request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true { return false }
        // A browser's navigations and form posts accept HTML; a script (curl's */*, an API
        // client) that does not ask for it gets the JSON the OpenAPI document describes.
        guard let accept = request.headers[.accept]?.lowercased() else { return false }
        return accept.contains("text/html")
    }

    static func page(for error: any Error, request: Request, context: Context) -> Response {
        let language = PageLanguage.of(request)
        let l = Localizer(language.language)
        var signedIn: PageContext?
        if let identity = context.identity, case .session(_, let csrf) = identity.method {
            signedIn = PageContext(user: identity.user, csrf: (name: "csrf", value: csrf), live: false, language: language.language)
        }
        let refusal: QuenchError
        var headers: HTTPFields = [:]
        var page: ErrorPage
        switch error {
        case let error as APIError:
            refusal = error.error
            headers = error.headers
        case let error as QuenchError:
            refusal = error
        case let error as HTTPError:
            refusal = ErrorMiddleware<Context>.translate(error)
            headers = error.headers
        case is NIOTooManyBytesError:
            refusal = ErrorMiddleware<Context>.translate(HTTPError(.contentTooLarge))
        case let error as DecodingError:
            refusal = ErrorMiddleware<Context>.translate(error)
        default:
            context.logger.error("page failed", metadata: ["path": "\(context.endpointPath ?? "?")", "error": "\(type(of: error))"])
            refusal = .internal("the request failed; see the web service's log")
        }
        var status = APIError.status(of: refusal.code)
        if let error = error as? HTTPError, error.status == .notFound {
            page = ErrorPage(title: l(DashboardFormText.notFoundTitle), message: l(DashboardFormText.notFoundText), language: language.language, context: signedIn)
            status = .notFound
        } else if CSRFMiddleware.isRefusal(refusal) {
            page = ErrorPage(
                title: l(DashboardFormText.formRefusedTitle), message: l(DashboardFormText.formRefusedText), language: language.language, context: signedIn)
        } else {
            let words = RefusalWords.message(refusal, form: .other, values: [:], facts: .init(), language: language.language)
            page = ErrorPage(message: words.message, detail: words.detail, language: language.language, context: signedIn)
        }
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentLanguage] = language.language.rawValue
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page.render())))
    }
}
