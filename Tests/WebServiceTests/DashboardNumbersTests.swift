import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchTestSupport
import Testing

/// The dashboard's number fields read by the page's language (issue #39 item 8: `volume=1,000`
/// from the English form logged 1 mL), against real services: what is logged is what was
/// meant, and what is not one whole number is refused naming the field, storing nothing.
@Suite(.serialized) struct DashboardNumbersTests {
    typealias Routes = DashboardRoutesTests

    static func today(_ deployment: WebDeployment, _ browser: Routes.Browser) async throws -> Double {
        try Routes.ringTotal(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]))
    }

    @Test func numbersAreReadInThePagesLanguageAndWhole() async throws {
        try await WebDeployment.with(label: "web-dash-numbers") { deployment in
            let browser = try await Routes.signIn(deployment, "ana")
            // English: a comma groups thousands.
            let english = try await Routes.form(deployment, "/today/log", browser, "lang=en&fluid=water&volume=1%2C000&unit=ml")
            #expect(english.head.status == .seeOther, "\(english.text.prefix(300))")
            #expect(try await Self.today(deployment, browser) == 1000)
            // German: a dot groups thousands; French: a comma marks decimals.
            _ = try await Routes.form(deployment, "/today/log", browser, "lang=de&fluid=water&volume=1.000&unit=ml")
            #expect(try await Self.today(deployment, browser) == 2000)
            _ = try await Routes.form(deployment, "/today/log", browser, "lang=fr&fluid=water&volume=0%2C5&unit=l")
            #expect(try await Self.today(deployment, browser) == 2500)
            // Without the form's own field, the page's language (here its cookie) decides.
            let cookie = try await deployment.request(
                .post, "/today/log", headers: [.cookie: browser.cookie + "; lang=de", .contentType: "application/x-www-form-urlencoded"],
                body: "csrf=\(browser.csrf)&fluid=water&volume=0%2C25&unit=l")
            #expect(cookie.head.status == .seeOther, "\(cookie.text.prefix(300))")
            #expect(try await Self.today(deployment, browser) == 2750)

            // Not one whole number: refused naming the field, in the page's words, nothing stored.
            for (language, text, field) in [("en", "1%2C0%2C0", "Amount"), ("en", "12abc", "Amount"), ("en", "1%2C5", "Amount"),
                                            ("de", "0.5", "Menge"), ("fr", "1.000", "Quantité")] {
                let refused = try await Routes.form(deployment, "/today/log", browser, "lang=\(language)&fluid=water&volume=\(text)&unit=ml")
                #expect(refused.head.status == .badRequest, "\(language) \(text)")
                #expect(refused.text.contains(field) && refused.text.contains(#"role="alert""#), "\(language) \(text): \(refused.text.prefix(200))")
            }
            #expect(try await Self.today(deployment, browser) == 2750)

            // The goal's field too: `2.500` on a German page is 2,500 mL; `2,500.5.` is refused.
            let goal = try await Routes.form(deployment, "/goal", browser, "lang=de&volume=2.500&unit=ml")
            #expect(goal.head.status == .seeOther, "\(goal.text.prefix(300))")
            let goalPage = try await deployment.request(.get, "/goal", headers: [.cookie: browser.cookie])
            #expect(goalPage.text.contains(#"data-goal-ml="2500""#))
            let badGoal = try await Routes.form(deployment, "/goal", browser, "lang=en&volume=2%2C500.5.&unit=ml")
            #expect(badGoal.head.status == .badRequest && badGoal.text.contains("Amount"))

            // An edit's volume: `1,5` on an English page is refused, `1,5` with unit l on a French one is 1.5 L.
            let page = try ParsedSVG(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]).text)
            let id = try #require(page.elements.first { $0.attributes["class"] == "intake" }?.attributes["data-id"])
            let badEdit = try await Routes.form(deployment, "/intakes/\(id)/edit", browser, "lang=en&fluid=water&volume=1%2C5&unit=l")
            #expect(badEdit.head.status == .badRequest)
            let before = try await Self.today(deployment, browser)
            let edit = try await Routes.form(deployment, "/intakes/\(id)/edit", browser, "lang=fr&fluid=water&volume=1%2C5&unit=l")
            #expect(edit.head.status == .seeOther, "\(edit.text.prefix(300))")
            #expect(try await Self.today(deployment, browser) > before)

            // The page writes its fields' numbers the way it reads them: a German page's edit
            // field holds `1500` (no group mark), read back as 1500.
            let german = try await deployment.request(.get, "/today?lang=de", headers: [.cookie: browser.cookie])
            #expect(german.text.contains(#"name="lang" value="de""#) && german.text.contains(#"inputmode="decimal""#))
            #expect(!german.text.contains(#"type="number""#))
        }
    }
}
