import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchTestSupport
import Testing

/// A refused form post against real services (issue #39 item 12: it emptied what was typed and
/// said "got 7000.0 ml" or "at: is more than 5 minutes in the future (…Z, now …Z)"): the page
/// again with the status of the refusal, the form holding what was sent, the reason in the
/// user's words, units and local time, the service's words only as the detail; nothing stored.
@Suite(.serialized) struct DashboardFormsTests {
    typealias Routes = DashboardRoutesTests

    /// A zone where it is now before 22:00, so 23:59 today is later than now.
    static func zoneBeforeTen() -> String {
        for zone in ["UTC", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            if calendar.component(.hour, from: Date()) < 22 { return zone }
        }
        return "UTC"
    }

    @Test func aRefusedFormKeepsItsValuesAndSpeaksTheUsersWords() async throws {
        try await WebDeployment.with(label: "web-dash-forms") { deployment in
            let browser = try await Routes.signIn(deployment, "ana")
            let zone = Self.zoneBeforeTen()
            let cookie = browser.cookie + "; tz=" + zone.replacingOccurrences(of: "/", with: "%2F")
            func post(_ path: String, _ fields: String, language: String = "en") async throws -> HummingbirdResponse {
                try await deployment.request(
                    .post, path, headers: [.cookie: cookie + "; lang=\(language)", .contentType: "application/x-www-form-urlencoded"],
                    body: "csrf=\(browser.csrf)&" + fields)
            }

            // Too much for one drink: 400, the form as sent, the rule in the unit typed.
            let tooMuch = try await post("/today/log", "lang=en&fluid=tea&volume=7%2C000&unit=ml")
            #expect(tooMuch.head.status == .badRequest)
            let page = try ParsedSVG(tooMuch.text)
            #expect(page.elements.first { $0.attributes["id"] == "log-volume" }?.attributes["value"] == "7,000")
            #expect(page.elements.first { $0.attributes["id"] == "log-volume" }?.attributes["aria-invalid"] == "true")
            #expect(tooMuch.text.contains(#"<option value="tea" selected="selected">"#))
            #expect(tooMuch.text.contains("Amount: a drink is more than 0 and at most 6,000 mL; you entered 7,000 mL."), "\(tooMuch.text.prefix(1500))")
            #expect(tooMuch.text.contains("Details: volume: must be at most 6000 mL"))
            // In German, in fl oz as typed.
            let german = try await post("/today/log", "lang=de&fluid=water&volume=250&unit=floz", language: "de")
            #expect(german.head.status == .badRequest)
            #expect(german.text.contains("Menge: Ein Getränk hat mehr als 0 und höchstens 202,9 fl oz; eingegeben: 250 fl oz."), "\(german.text.prefix(1500))")
            #expect(german.text.contains(#"lang="de""#))

            // A goal under 500 mL, in French.
            let goal = try await post("/goal", "lang=fr&volume=0%2C1&unit=l", language: "fr")
            #expect(goal.head.status == .badRequest)
            #expect(goal.text.contains("un objectif quotidien va de 0,5 l à 6 l ; vous avez saisi 0,1 l."), "\(goal.text.prefix(1500))")
            #expect(goal.text.contains(#"value="0,1""#))

            // An edit to a time later than now: the times as the page writes them, in the drink's zone.
            let logged = try await post("/today/log", "lang=en&fluid=water&volume=300&unit=ml")
            #expect(logged.head.status == .seeOther, "\(logged.text.prefix(500))")
            let today = try ParsedSVG(try await deployment.request(.get, "/today", headers: [.cookie: cookie]).text)
            let row = try #require(today.elements.first { $0.attributes["class"] == "intake" })
            let id = try #require(row.attributes["data-id"])
            let day = try #require(today.elements.first { $0.attributes["name"] == "day" }?.attributes["value"])
            let original = try #require(today.elements.first { $0.attributes["name"] == "original-time" }?.attributes["value"])
            let late = try await post("/intakes/\(id)/edit", "lang=en&day=\(day)&original-time=\(original)&fluid=water&volume=300&unit=ml&time=23%3A59")
            #expect(late.head.status == .badRequest)
            #expect(late.text.contains("Time: 23:59 is later than now ("), "\(late.text.prefix(1500))")
            #expect(late.text.contains(#"<details open="open">"#) && late.text.contains(#"value="23:59""#))
            #expect(late.text.contains("Details: at: is more than 5 minutes in the future"))
            // Nothing was stored by any of them.
            #expect(try Routes.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: cookie])) == 300)
            let goalPage = try await deployment.request(.get, "/goal", headers: [.cookie: cookie])
            #expect(!goalPage.text.contains(#"data-goal-ml="100""#))
        }
    }
}
