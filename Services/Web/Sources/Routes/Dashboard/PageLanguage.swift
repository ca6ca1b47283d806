import Hummingbird
import QuenchStrings

/// The language of a dashboard page (issue #31: the dashboard speaks the CLI's catalog):
/// `?lang=de` when it names one the catalog has (then remembered in the `lang` cookie),
/// else the `lang` cookie, else the best of `Accept-Language` (`Language.negotiate`), else
/// English. `en`, `de`, `fr` and the pseudo-locale (`pseudo`, `en-XA`) are known.
enum PageLanguage {
    static let cookieName = "lang"
    /// How long the `lang` cookie keeps a choice: a year.
    static let cookieMaxAge = 365 * 24 * 3600

    /// The request's language and whether `?lang=` chose it (then the response sets the cookie).
    static func of(_ request: Request) -> (language: Language, chosen: Bool) {
        if let tag = request.query("lang"), let language = Language(tag: String(tag.prefix(16))) {
            return (language, true)
        }
        if let cookie = request.cookies[cookieName], let language = Language(tag: String(cookie.value.prefix(16))) {
            return (language, false)
        }
        return (Language.negotiate(acceptLanguage: request.headers[.acceptLanguage].map { String($0.prefix(1024)) }), false)
    }

    /// Marks `response` with its language (`Content-Language`) and, when `?lang=` chose it,
    /// remembers the choice in the `lang` cookie.
    static func apply(_ choice: (language: Language, chosen: Bool), to response: inout Response, secure: Bool) {
        response.headers[.contentLanguage] = choice.language.rawValue
        if choice.chosen {
            response.setCookie(Cookie(
                name: cookieName, value: choice.language.rawValue, maxAge: cookieMaxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax))
        }
    }
}
