import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchProtocol
import QuenchTestSupport
import QuenchTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The dashboard's routes against a real `quench-web` in front of real services: the
/// sign-in redirect, pages, form posts through the CSRF protection, a refused post, another
/// user's intake, and the live-update stream (only the user's own events reach it).
@Suite(.serialized) struct DashboardRoutesTests {
    struct Browser {
        var cookie: String
        var csrf: String
    }

    static func signIn(_ deployment: WebDeployment, _ user: String) async throws -> Browser {
        let token = try await deployment.token(for: user)
        let response = try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(token)"}"#)
        #expect(response.head.status == .ok, "\(response.text)")
        struct SignedIn: Decodable { var csrfToken: String }
        let cookie = try #require(response.head.headerFields[.setCookie]?.split(separator: ";").first.map(String.init))
        return Browser(cookie: cookie, csrf: try response.json(SignedIn.self).csrfToken)
    }

    static func form(_ deployment: WebDeployment, _ path: String, _ browser: Browser, _ fields: String, csrf: Bool = true) async throws -> HummingbirdResponse {
        try await deployment.request(
            .post, path, headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
            body: (csrf ? "csrf=\(browser.csrf)&" : "") + fields)
    }

    static func ringTotal(_ page: HummingbirdResponse) throws -> Double {
        let html = try ParsedSVG(page.text)
        return try #require(html.elements.first { $0.attributes["id"] == "ring" }?.attributes["data-total-ml"].flatMap(Double.init))
    }

    @Test func pagesNeedASessionAndShowTheUsersData() async throws {
        try await WebDeployment.with(label: "web-dash-pages") { deployment in
            let anonymous = try await deployment.request(.get, "/goal")
            #expect(anonymous.head.status == .seeOther && anonymous.head.headerFields[.location] == "/sign-in?next=/goal")
            let signInPage = try await deployment.request(.get, "/sign-in?next=/goal")
            #expect(signInPage.head.status == .ok && signInPage.text.contains(#"action="/sign-in?next=/goal""#))
            let browser = try await Self.signIn(deployment, "ana")
            for page in ["/today", "/goal", "/history", "/steps", "/strength", "/challenges", "/consents", "/steps?month=2026-01"] {
                let response = try await deployment.request(.get, page, headers: [.cookie: browser.cookie])
                #expect(response.head.status == .ok, "\(page): \(response.text.prefix(300))")
                #expect(response.head.headerFields[.contentType] == "text/html; charset=utf-8")
                _ = try ParsedSVG(response.text)
                #expect(response.text.contains(#"name="csrf" value="\#(browser.csrf)""#), "\(page) forms carry the session's CSRF token")
            }
            let badMonth = try await deployment.request(.get, "/steps?month=%3Cb%3E", headers: [.cookie: browser.cookie])
            #expect(badMonth.head.status == .badRequest && !badMonth.text.contains("<b>"))
            let css = try await deployment.request(.get, "/assets/dashboard.css")
            #expect(css.head.status == .ok && css.head.headerFields[.contentType] == "text/css; charset=utf-8")
        }
    }

    @Test func aDrinkLoggedWithAFormShowsOnTheRingAndTheFormNeedsItsToken() async throws {
        try await WebDeployment.with(label: "web-dash-log") { deployment in
            let browser = try await Self.signIn(deployment, "ana")
            let before = try Self.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]))
            #expect(before == 0)
            let forged = try await Self.form(deployment, "/today/log", browser, "fluid=water&volume=250&unit=ml", csrf: false)
            #expect(forged.head.status == .forbidden)
            let logged = try await Self.form(deployment, "/today/log", browser, "fluid=water&volume=250&unit=ml")
            #expect(logged.head.status == .seeOther && logged.head.headerFields[.location] == "/today?done=logged")
            let after = try await deployment.request(.get, "/today?done=logged", headers: [.cookie: browser.cookie])
            #expect(try Self.ringTotal(after) == 250)
            #expect(after.text.contains("Drink logged."))

            // A refused drink shows the page again with the field named, and stores nothing.
            let refused = try await Self.form(deployment, "/today/log", browser, "fluid=water&volume=99999&unit=ml")
            #expect(refused.head.status == .badRequest)
            #expect(refused.text.contains("volume") && refused.text.contains(#"role="alert""#))
            let notANumber = try await Self.form(deployment, "/today/log", browser, "fluid=water&volume=lots")
            #expect(notANumber.head.status == .badRequest && notANumber.text.contains("Amount: “lots” is not a number."))
            #expect(try Self.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie])) == 250)

            // Edit and delete through the forms.
            let page = try ParsedSVG(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]).text)
            let id = try #require(page.elements.first { $0.attributes["class"] == "intake" }?.attributes["data-id"])
            let edited = try await Self.form(deployment, "/intakes/\(id)/edit", browser, "fluid=tea&volume=400&unit=ml")
            #expect(edited.head.status == .seeOther, "\(edited.text.prefix(300))")
            #expect(try Self.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie])) == 396)

            // Another user cannot touch it: intake answers not_found for ben's session.
            let ben = try await Self.signIn(deployment, "ben")
            let foreign = try await Self.form(deployment, "/intakes/\(id)/delete", ben, "")
            #expect(foreign.head.status == .notFound)
            let deleted = try await Self.form(deployment, "/intakes/\(id)/delete", browser, "")
            #expect(deleted.head.status == .seeOther)
            #expect(try Self.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie])) == 0)
        }
    }

    @Test func acceptLanguageChoosesThePagesLanguageAndLangOverridesIt() async throws {
        try await WebDeployment.with(label: "web-dash-lang") { deployment in
            let signInPage = try await deployment.request(.get, "/sign-in", headers: [.acceptLanguage: "fr-CA, en;q=0.5"])
            #expect(signInPage.text.contains(#"<html lang="fr">"#) && signInPage.text.contains("Connexion"))
            let browser = try await Self.signIn(deployment, "ana")
            let german = try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie, .acceptLanguage: "de-DE,de;q=0.9,en;q=0.8"])
            #expect(german.head.status == .ok && german.head.headerFields[.contentLanguage] == "de")
            let html = try ParsedSVG(german.text)
            #expect(german.text.contains(#"<html lang="de">"#) && html.elements.first { $0.name == "h1" }?.text == "Heute")
            #expect(html.elements.first { $0.attributes["id"] == "total" }?.text == "0 ml")
            #expect(german.head.headerFields[.setCookie] == nil)
            // No header: English, as before.
            let english = try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie])
            #expect(english.text.contains(#"<html lang="en">"#) && english.text.contains("Today&apos;s drinks"))
            // `?lang=fr` wins over the header and is remembered in a cookie.
            let chosen = try await deployment.request(.get, "/goal?lang=fr", headers: [.cookie: browser.cookie, .acceptLanguage: "de"])
            #expect(chosen.text.contains(#"<html lang="fr">"#) && chosen.text.contains("Votre objectif"))
            let cookie = try #require(chosen.head.headerFields[.setCookie])
            #expect(cookie.hasPrefix("lang=fr;") && cookie.contains("Path=/"))
            let remembered = try await deployment.request(.get, "/history", headers: [.cookie: browser.cookie + "; lang=fr", .acceptLanguage: "de"])
            #expect(remembered.text.contains(#"<html lang="fr">"#) && remembered.text.contains("Série en cours"))
            // A form post's notice comes back in the page's language.
            let logged = try await Self.form(deployment, "/today/log", browser, "fluid=water&volume=250&unit=ml")
            let location = try #require(logged.head.headerFields[.location])
            let after = try await deployment.request(.get, location, headers: [.cookie: browser.cookie, .acceptLanguage: "de"])
            #expect(after.text.contains("Getränk eingetragen.") && after.text.contains("250 ml"))
        }
    }

    @Test func theLiveStreamCarriesTheUsersOwnChangesOnly() async throws {
        try await WebDeployment.with(label: "web-dash-live") { deployment in
            let ana = try await Self.signIn(deployment, "ana")
            let ben = try await Self.signIn(deployment, "ben")
            let stream = try EventStreamReader(port: deployment.port, cookie: ana.cookie)
            defer { stream.close() }
            #expect(try stream.read(until: ": connected", timeout: 10))
            // Ben's drink is not Ana's business.
            _ = try await Self.form(deployment, "/today/log", ben, "fluid=water&volume=300&unit=ml")
            #expect(try !stream.read(until: "event: change", timeout: 2))
            // Ana's own, logged from elsewhere (the API with its bearer token), arrives.
            let token = try await deployment.token(for: "ana")
            let api = try await deployment.request(.post, "/api/v1/intakes", headers: [.authorization: "Bearer \(token)"], body: #"{"volume":200}"#)
            #expect(api.head.status == .created, "\(api.text)")
            #expect(try stream.read(until: "event: change\ndata: water", timeout: 10), "\(stream.received)")
        }
    }
}

/// A raw HTTP/1.1 connection reading a `text/event-stream` as it arrives.
final class EventStreamReader {
    private let socket: Int32
    private(set) var received = ""
    /// The server closed the connection.
    private(set) var closed = false

    init(port: Int, cookie: String) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("could not connect to 127.0.0.1:\(port)") }
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    /// Reads until `text` has arrived (true) or `timeout` seconds passed (false).
    func read(until text: String, timeout: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !received.contains(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, Int32(left * 1000)) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else {
                closed = true
                return false
            }
            // Chunked transfer encoding: the chunk sizes are between the lines; they never
            // contain an event line, so reading the text as it comes is enough.
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }

    /// Reads until the response ended (its last chunk, or the connection closed): true, or
    /// false when it is still open after `timeout` seconds.
    func readToEnd(timeout: Double) throws -> Bool {
        try read(until: "\r\n0\r\n\r\n", timeout: timeout) || closed
    }

    func close() {
        Glibc.close(socket)
    }
}
