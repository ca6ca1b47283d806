import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchTestSupport
import Testing

/// A delete on the dashboard can be undone for a few seconds (issue #39 item 15): the page after
/// it offers "Undo", which logs the same drink again (its fluid, volume, instant and zone)
/// through intake, once however often it is tapped; another user's session cannot.
@Suite(.serialized) struct DashboardUndoTests {
    typealias Routes = DashboardRoutesTests

    static func rows(_ deployment: WebDeployment, _ browser: Routes.Browser) async throws -> [ParsedSVG.Element] {
        let page = try ParsedSVG(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]).text)
        return page.elements.filter { $0.attributes["class"] == "intake" }
    }

    @Test func aDeletedDrinkComesBackWithItsTimeFluidAndVolume() async throws {
        try await WebDeployment.with(label: "web-dash-undo") { deployment in
            let browser = try await Routes.signIn(deployment, "ana")
            _ = try await Routes.form(deployment, "/today/log", browser, "lang=en&fluid=coffee&volume=180&unit=ml")
            let before = try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie])
            let page = try ParsedSVG(before.text)
            let row = try #require(page.elements.first { $0.attributes["class"] == "intake" })
            let id = try #require(row.attributes["data-id"])
            let day = try #require(page.elements.first { $0.attributes["name"] == "day" }?.attributes["value"])
            let time = try #require(page.elements.first { $0.attributes["name"] == "original-time" }?.attributes["value"])

            let deleted = try await Routes.form(deployment, "/intakes/\(id)/delete", browser, "day=\(day)")
            #expect(deleted.head.status == .seeOther)
            let location = try #require(deleted.head.headerFields[.location])
            #expect(location == "/today?done=deleted&undo=\(id)")
            let offered = try await deployment.request(.get, location, headers: [.cookie: browser.cookie])
            #expect(try Routes.ringTotal(offered) == 0)
            let notice = try ParsedSVG(offered.text)
            #expect(notice.elements.first { $0.attributes["id"] == "undo" }?.attributes["data-undo-seconds"] == "20")
            #expect(offered.text.contains(#"action="/intakes/\#(id)/undo""#) && offered.text.contains("Bring back Coffee at \(time)"))

            // Ben cannot bring Ana's drink back, nor see it offered.
            let ben = try await Routes.signIn(deployment, "ben")
            let foreign = try await Routes.form(deployment, "/intakes/\(id)/undo", ben, "")
            #expect(foreign.head.status == .badRequest && foreign.text.contains("Too late to undo"))
            let bensPage = try await deployment.request(.get, location, headers: [.cookie: ben.cookie])
            #expect(!bensPage.text.contains("/undo"))

            // Undo: the same drink again; a second tap logs nothing more.
            for _ in 0..<2 {
                let undone = try await Routes.form(deployment, "/intakes/\(id)/undo", browser, "")
                #expect(undone.head.status == .seeOther && undone.head.headerFields[.location] == "/today?done=restored", "\(undone.text.prefix(400))")
            }
            let after = try await deployment.request(.get, "/today?done=restored", headers: [.cookie: browser.cookie])
            #expect(after.text.contains("Drink brought back."))
            let back = try await Self.rows(deployment, browser)
            #expect(back.count == 1)
            let again = try ParsedSVG(after.text)
            #expect(again.elements.first { $0.attributes["name"] == "original-time" }?.attributes["value"] == time)
            #expect(again.elements.first { $0.attributes["name"] == "day" }?.attributes["value"] == day)
            #expect(try Routes.ringTotal(after) == 180 * 0.99 || after.text.contains(#"<option value="coffee" selected="selected">"#))

            // An unknown or finished undo says so, in the user's words.
            let unknown = try await Routes.form(deployment, "/intakes/nope/undo", browser, "")
            #expect(unknown.head.status == .badRequest && unknown.text.contains("a deleted drink can be brought back for 60 seconds"))
        }
    }
}
