import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import QuenchProtocol
import QuenchStrings
import Testing
@testable import WebService

/// Service errors on dashboard pages in the user's language (issue #39 item 11, the web's
/// half: they showed in English inside German and French pages): the code's meaning and the
/// field in the page's words, the service's text only as the detail. In process, with no
/// service behind the web, so every page meets a refusal (`internal`: no endpoint).
@Suite struct DashboardErrorWordsTests {
    @Test func aServiceRefusalIsSaidInThePagesLanguage() async throws {
        let (app, database) = try TokenScopeTests.app("web-error-words")
        let token = try await TokenScopeTests.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            let browser = try await DashboardErrorPagesTests.signIn(client, token)
            let expected: [(Language, String, String)] = [
                (.de, "Interner Fehler im Dienst.", "Einzelheiten: the web edge has no endpoint for"),
                (.fr, "Erreur interne du service.", "Détails : the web edge has no endpoint for"),
                (.en, "Internal error in the service.", "Details: the web edge has no endpoint for"),
            ]
            for (language, words, detail) in expected {
                let page = try await client.execute(uri: "/today?lang=\(language.rawValue)", method: .get, headers: [.cookie: browser.cookie])
                let text = String(buffer: page.body)
                #expect(page.status.code >= 500, "\(language): \(page.status)")
                #expect(text.contains(#"<html lang="\#(language.rawValue)">"#) && text.contains(words) && text.contains(detail), "\(text.prefix(1200))")
                #expect(text.contains("<nav"), "inside the navigation")
            }
            // A bad month on a German page: the field by the page's word, the service's words after.
            let month = try await client.execute(uri: "/steps?month=2026-13&lang=de", method: .get, headers: [.cookie: browser.cookie])
            let monthText = String(buffer: month.body)
            #expect(month.status == .badRequest && monthText.contains("Ungültiger Wert für Monat.") && monthText.contains("Einzelheiten: month:"))
            // The erase form without its checkbox, in French: the field by its word.
            let erase = try await client.execute(
                uri: "/erase?lang=fr", method: .post, headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "csrf=\(browser.csrf)"))
            #expect(!String(buffer: erase.body).contains("confirm:"))
            // The pseudo-locale: none of the page's own words is plain English (the detail is the service's).
            let pseudo = try await client.execute(uri: "/today?lang=pseudo", method: .get, headers: [.cookie: browser.cookie])
            let pseudoText = String(buffer: pseudo.body)
            #expect(!pseudoText.contains("Internal error") && !pseudoText.contains("Something went wrong") && pseudoText.contains("lang=\"en-XA\""))
        }
    }
}
