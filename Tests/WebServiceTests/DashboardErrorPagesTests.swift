import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import QuenchProtocol
import Testing
@testable import WebService

/// The dashboard's errors as pages, in process (the real router on a temporary `web.sqlite`, no
/// service behind it; issue #39 item 12: these showed the API's JSON in the browser): a form
/// without its session's token is a 403 page, an unknown address a 404 page, an empty sign-in
/// a 400 sign-in page, each in the page's language and, signed in, inside the navigation;
/// the JSON API keeps its JSON.
@Suite struct DashboardErrorPagesTests {
    struct SignedIn: Decodable { var csrfToken: String }
    /// Chromium's `Accept` for a navigation.
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    static func signIn(_ client: some TestClientProtocol, _ token: String) async throws -> (cookie: String, csrf: String) {
        let response = try await client.execute(
            uri: "/sign-in", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"token":"\#(token)"}"#))
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let cookie = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        return (cookie, try JSONDecoder().decode(SignedIn.self, from: Data(String(buffer: response.body).utf8)).csrfToken)
    }

    @Test func browsersGetPagesAndTheAPIKeepsItsJSON() async throws {
        let (app, database) = try TokenScopeTests.app("web-error-pages")
        let token = try await TokenScopeTests.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            let browser = try await Self.signIn(client, token)
            // What a browser sends with a form post or a navigation: it accepts HTML.
            let form: HTTPFields = [.cookie: browser.cookie + "; lang=de", .contentType: "application/x-www-form-urlencoded", .accept: Self.browserAccept]

            // A form post without the session's token: a page, 403, in German, with the navigation.
            let forged = try await client.execute(uri: "/today/log", method: .post, headers: form, body: ByteBuffer(string: "fluid=water&volume=250"))
            let forgedText = String(buffer: forged.body)
            #expect(forged.status == .forbidden)
            #expect(forged.headers[.contentType] == "text/html; charset=utf-8" && forged.headers[.contentLanguage] == "de")
            #expect(forgedText.contains("Formular nicht angenommen") && forgedText.contains("Nichts wurde geändert"), "\(forgedText.prefix(400))")
            #expect(forgedText.contains("<nav") && forgedText.contains("Angemeldet als ana"))
            // From another site (its Origin): the same page.
            var foreign = form
            foreign[.origin] = "https://evil.example"
            let crossSite = try await client.execute(
                uri: "/goal", method: .post, headers: foreign, body: ByteBuffer(string: "csrf=\(browser.csrf)&volume=2000"))
            #expect(crossSite.status == .forbidden && String(buffer: crossSite.body).contains("Formular nicht angenommen"))

            // An unknown address: a page, 404, in the page's language, signed in or not.
            let unknown = try await client.execute(uri: "/nowhere", method: .get, headers: [.cookie: browser.cookie, .acceptLanguage: "fr", .accept: Self.browserAccept])
            let unknownText = String(buffer: unknown.body)
            #expect(unknown.status == .notFound && unknown.headers[.contentType] == "text/html; charset=utf-8")
            #expect(unknownText.contains("Page introuvable") && unknownText.contains("<nav"), "\(unknownText.prefix(300))")
            let anonymous = try await client.execute(uri: "/today/nowhere", method: .get, headers: [.accept: Self.browserAccept])
            #expect(anonymous.status == .notFound && String(buffer: anonymous.body).contains("Page not found"))
            #expect(!String(buffer: anonymous.body).contains("<nav"))

            // The JSON API and scripts keep JSON.
            let api = try await client.execute(uri: "/api/v1/nowhere", method: .get, headers: [.cookie: browser.cookie])
            #expect(api.status == .notFound && api.headers[.contentType] == "application/json; charset=utf-8")
            let script = try await client.execute(
                uri: "/today/log", method: .post, headers: [.cookie: browser.cookie, .contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(script.status == .forbidden && script.headers[.contentType] == "application/json; charset=utf-8")
            let accepts = try await client.execute(uri: "/nowhere", method: .get, headers: [.accept: "application/json"])
            #expect(accepts.status == .notFound && accepts.headers[.contentType] == "application/json; charset=utf-8")
            // curl's */*, or no Accept at all (an OpenAPI client such as schemathesis): JSON.
            for accept in ["*/*", nil] {
                let plain = try await client.execute(
                    uri: "/sign-out", method: .post, headers: accept.map { [.accept: $0, .cookie: browser.cookie] } ?? [.cookie: browser.cookie])
                #expect(plain.status == .forbidden && plain.headers[.contentType] == "application/json; charset=utf-8", "\(accept ?? "none")")
            }

            // An empty token on the sign-in form: the sign-in page again, 400, saying what to do.
            for body in ["token=", "token=%20%20", ""] {
                let empty = try await client.execute(
                    uri: "/sign-in?next=/goal&lang=de", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: body))
                let text = String(buffer: empty.body)
                #expect(empty.status == .badRequest && empty.headers[.contentType] == "text/html; charset=utf-8", "\(body)")
                #expect(text.contains("Füge dein Token in das Feld ein") && text.contains(#"action="/sign-in?next=/goal""#), "\(text.prefix(400))")
            }
            let emptyJSON = try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"token":""}"#))
            #expect(emptyJSON.headers[.contentType] == "application/json; charset=utf-8" && emptyJSON.status.code >= 400)
        }
    }
}
