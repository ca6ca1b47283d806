import Foundation
import QuenchProtocol
import QuenchTestSupport
import Testing
import WebDashboard

@Suite("Dashboard pages: well-formed, navigable, labelled, every form carries the CSRF field")
struct PageStructureTests {
    @Test("each page parses as XML, has one h1 with its title, marks itself in the navigation, and links the assets", arguments: DashboardPage.allCases)
    func shell(page: DashboardPage) throws {
        let text = try #require(Fixtures.allPages().first { $0.0 == page }?.1)
        #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        let html = try ParsedSVG(text)
        #expect(html.named("h1").map(\.text) == [page.title])
        #expect(html.named("title").first?.text == "\(page.title) · Quench")
        let current = html.named("a").filter { $0.attributes["aria-current"] == "page" }
        #expect(current.map { $0.attributes["href"] } == [page.path])
        let links = Set(html.named("a").compactMap { $0.attributes["href"] })
        #expect(DashboardPage.allCases.allSatisfy { links.contains($0.path) })
        #expect(html.named("link").compactMap { $0.attributes["href"] } == [DashboardAssets.iconPath, DashboardAssets.stylePath])
        #expect(html.named("script").first?.attributes["src"] == DashboardAssets.scriptPath)
        #expect(html.byID("main")?.name == "main")
        // No inline script or style: a strict Content-Security-Policy holds.
        #expect(html.named("script").allSatisfy { $0.text.isEmpty } && html.named("style").isEmpty)
        #expect(html.elements.allSatisfy { $0.attributes["style"] == nil && !$0.attributes.keys.contains { $0.hasPrefix("on") } })
        // The body names the live groups the page shows.
        let body = try #require(html.named("body").first)
        #expect(body.attributes["data-live"] == LiveTopics.wire(page.liveGroups))
        // Every live region has an id the script can swap by.
        #expect(html.elements.filter { $0.attributes["data-live"] != nil && $0.name != "body" }.allSatisfy { $0.attributes["id"] != nil })
    }

    @Test("every form posts with the CSRF field; every visible field has a label; ids are unique", arguments: DashboardPage.allCases)
    func forms(page: DashboardPage) throws {
        let html = try ParsedSVG(try #require(Fixtures.allPages().first { $0.0 == page }?.1))
        let forms = html.named("form")
        #expect(!forms.isEmpty)
        #expect(forms.allSatisfy { $0.attributes["method"] == "post" })
        let csrf = html.named("input").filter { $0.attributes["name"] == "_csrf" }
        #expect(csrf.count == forms.count && csrf.allSatisfy { $0.attributes["value"] == "tok\"en<1>" && $0.attributes["type"] == "hidden" })
        let labelled = Set(html.named("label").compactMap { $0.attributes["for"] })
        for field in html.elements where ["input", "select"].contains(field.name) && field.attributes["type"] != "hidden" {
            // A checkbox sits inside its label; every other field is named by a label's `for`.
            if field.attributes["type"] == "checkbox" { continue }
            let id = try #require(field.attributes["id"], "\(field.attributes)")
            #expect(labelled.contains(id), "no label for \(id)")
        }
        let ids = html.elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
    }

    @Test("the sign-in page: a labelled password field, the CSRF field, the error tied to the field")
    func signIn() throws {
        let html = try ParsedSVG(SignInPage(action: "/sign-in", csrf: (name: "_csrf", value: "x"), error: "That token is not valid.").render())
        let token = try #require(html.byID("token"))
        #expect(token.attributes["type"] == "password" && token.attributes["name"] == "token" && token.attributes["aria-invalid"] == "true")
        #expect(html.named("label").first?.attributes["for"] == "token")
        #expect(html.named("form").first?.attributes["action"] == "/sign-in")
        #expect(html.named("input").contains { $0.attributes["name"] == "_csrf" })
        #expect(html.byID("signin-error")?.text == "That token is not valid." && token.attributes["aria-describedby"] == "signin-error")
        #expect(html.named("nav").isEmpty)
        // `next` goes back only to a path of this site.
        let back = try ParsedSVG(SignInPage(next: "/steps?month=2026-10").render())
        #expect(back.named("form").first?.attributes["action"] == "/sign-in?next=/steps%3Fmonth%3D2026-10")
        for away in ["//evil.example/", "https://evil.example/", "javascript:alert(1)"] {
            #expect(try ParsedSVG(SignInPage(next: away).render()).named("form").first?.attributes["action"] == "/sign-in")
        }
    }

    @Test("a page without a CSRF token and without live updates still renders (no hidden field, no data-live)")
    func minimal() throws {
        let html = try ParsedSVG(Fixtures.today().render(PageContext(user: "ana", live: false)))
        #expect(html.named("input").allSatisfy { $0.attributes["name"] != "_csrf" })
        #expect(html.named("body").first?.attributes["data-live"] == nil && html.byID("live-status") == nil)
    }
}
