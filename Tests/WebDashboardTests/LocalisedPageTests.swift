import Foundation
import QuenchProtocol
import QuenchStrings
import QuenchTestSupport
import Testing
import WebDashboard

@Suite("Dashboard pages in German, French and the pseudo-locale (the CLI's strings catalog)")
struct LocalisedPageTests {
    static func context(_ language: Language) -> PageContext {
        PageContext(user: "ana", csrf: (name: "_csrf", value: "x"), language: language)
    }

    @Test("German: <html lang>, navigation, the ring's numbers with German digits and units, streaks with plurals")
    func german() throws {
        let text = Fixtures.today(totalMl: 1000, goalMl: 2500).render(Self.context(.de))
        #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"de\">"))
        let html = try ParsedSVG(text)
        #expect(html.named("h1").map(\.text) == ["Heute"] && html.named("title").first?.text == "Heute · Quench")
        #expect(html.named("a").map(\.text).contains("Verlauf") && html.named("a").map(\.text).contains("Einwilligungen"))
        #expect(html.byID("total")?.text == "1.000 ml")
        #expect(html.named("p").contains { $0.text == "noch 1.500 ml" })
        #expect(html.named("p").contains { $0.text == "Dienstag, 24. November 2026" })
        #expect(html.withClass("ring-value").first?.text == "40 %")
        #expect(html.named("th").map(\.text).contains("Uhrzeit") && html.named("button").map(\.text).contains("Eintragen"))
        #expect(html.named("option").map(\.text).contains("ml"))

        let history = try ParsedSVG(HistoryPage(history: Fixtures.history()).render(Self.context(.de)))
        #expect(history.byID("current-streak")?.text == "Aktuelle Serie: 1 Tag" && history.byID("longest-streak")?.text == "Längste: 4 Tage")
        #expect(history.named("caption").first?.text == "November 2026")
        #expect(history.named("th").prefix(7).map(\.text) == ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])
        #expect(history.named("span").contains { $0.attributes["title"] == "24.11.2026: 2.600 ml von 2.500 ml, Ziel erreicht" })

        let steps = try ParsedSVG(StepsPage(steps: Fixtures.steps(), today: Fixtures.day).render(Self.context(.de)))
        #expect(steps.byID("steps-total")?.text == "150.000 Schritte in diesem Monat")
        #expect(steps.withClass("badge-text").first?.text == "15 Abzeichen, nächstes bei 160.000 (noch 10.000)")
        #expect(steps.withClass("today-label").first?.text == "heute")
        #expect(steps.withClass("y-label").contains { $0.text.hasSuffix("Tsd.") })
    }

    @Test("French: the words, narrow no-break spaces in numbers, French days and plurals")
    func french() throws {
        let text = Fixtures.today(totalMl: 1000, goalMl: 2500).render(Self.context(.fr))
        #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr\">"))
        let html = try ParsedSVG(text)
        #expect(html.named("h1").map(\.text) == ["Aujourd’hui"])
        #expect(html.byID("total")?.text == "1\u{202F}000 ml")
        #expect(html.named("p").contains { $0.text == "encore 1\u{202F}500 ml" })
        #expect(html.withClass("ring-value").first?.text == "40\u{202F}%")
        #expect(html.named("p").contains { $0.text == "mardi 24 novembre 2026" })

        let strength = try ParsedSVG(StrengthPage(orm: Fixtures.orm()).render(Self.context(.fr)))
        #expect(strength.named("p").contains { $0.text == "Record : 112,5 kg le 24/11/2026" })
        #expect(strength.named("p").contains { $0.text == "2 séries de plus de 12 répétitions omises" })

        let challenges = try ParsedSVG(ChallengesPage(progress: Fixtures.challenges(), today: Fixtures.day).render(Self.context(.fr)))
        #expect(challenges.withClass("challenge-points").first?.text == "5 jours réussis · 50 points")
        #expect(challenges.named("p").contains { $0.text == "Objectif quotidien : 10\u{202F}000 pas · Or et 10 points par jour" })

        let history = try ParsedSVG(HistoryPage(history: Fixtures.history()).render(Self.context(.fr)))
        // French `one` covers 0 and 1; `other` from 2.
        #expect(history.byID("current-streak")?.text == "Série en cours : 1 jour" && history.byID("longest-streak")?.text == "La plus longue : 4 jours")

        let consents = try ParsedSVG(ConsentsPage(consents: Fixtures.consents()).render(Self.context(.fr)))
        #expect(consents.named("h2").map(\.text).contains("Masse corporelle (poids)"))
        #expect(consents.named("button").map(\.text).contains("Retirer") && consents.named("button").map(\.text).contains("Accorder"))

        let signIn = try ParsedSVG(SignInPage(error: PageContext.signInError("invalid", language: .fr), language: .fr).render())
        #expect(signIn.named("h1").first?.text == "Connexion" && signIn.byID("signin-error")?.text == "Ce jeton n’est pas valide (inconnu, révoqué ou mal saisi).")
        #expect(PageContext.notice(done: "logged", language: .fr) == .info("Boisson notée."))
    }

    /// Words that are data, not ours: the user, the fixtures' fluids, exercises, the
    /// challenge's title, the product's name and the command on the sign-in page (a trophy
    /// is ours: `TrophyText`).
    static let data: Set<String> = [
        "ana", "Quench", "water", "Water", "coffee", "Coffee", "tea", "Tea", "Back", "Squat", "Bench", "Press", "Ten", "thousand", "day",
        "quench", "tokens", "create",
    ]

    /// The text people read on a page: element text and the attributes read out or shown.
    static func readable(_ text: String) throws -> [String] {
        let html = try ParsedSVG(text)
        var out: [String] = []
        for element in html.elements where !["script", "style"].contains(element.name) {
            out.append(element.text)
            for name in ["title", "aria-label", "abbr", "data-connected", "data-offline", "placeholder", "alt"] {
                if let value = element.attributes[name] { out.append(value) }
            }
        }
        return out
    }

    @Test("the pseudo-locale: every page without a plain English word of ours (a plain word is a string that bypassed the catalog)")
    func pseudo() throws {
        let context = PageContext(user: "ana", csrf: (name: "_csrf", value: "x"), notice: PageContext.notice(done: "goal", language: .pseudo), language: .pseudo)
        var pages = Fixtures.allPages(context: context).map { ($0.0.rawValue, $0.1) }
        var steps = Fixtures.steps()
        steps.revoked = ["steps", "distance"]
        pages.append(("steps-revoked", StepsPage(steps: steps, today: Fixtures.day).render(context)))
        var error = context
        error.notice = .error("…")
        pages.append(("error-notice", Fixtures.today(intakes: []).render(error)))
        pages.append(("sign-in", SignInPage(error: PageContext.signInError("limited", language: .pseudo), language: .pseudo).render()))
        pages.append(("error", ErrorPage(message: "…", language: .pseudo).render()))
        for (name, text) in pages {
            #expect(text.contains("<html lang=\"en-XA\">"), "\(name)")
            let plain = try Self.readable(text).flatMap { Pseudo.plainWords(in: $0) }.filter { !Self.data.contains($0) }
            #expect(plain.isEmpty, "\(name): plain words \(Set(plain).sorted())")
        }
    }
}

@Suite("Dashboard: the seeded fluids in the page's language")
struct LocalisedFluidTests {
    @Test("German and French tables, selects and labels name coffee Kaffee and café; the form still posts coffee; one's own fluid as named")
    func fluids() throws {
        let page = Fixtures.today(intakes: [
            Fixtures.intake("i1", fluid: "coffee", ml: 500, hour: 8), Fixtures.intake("i2", fluid: "kombucha", ml: 300, hour: 9),
        ])
        for (language, coffee, tea) in [(Language.de, "Kaffee", "Tee"), (.fr, "Café", "Thé")] {
            let html = try ParsedSVG(page.render(LocalisedPageTests.context(language)))
            #expect(html.withClass("fluid").map(\.text).contains(coffee), "\(language): \(html.withClass("fluid").map(\.text))")
            #expect(html.withClass("fluid").map(\.text).contains("Kombucha"))
            let options = html.named("option").filter { $0.attributes["value"] == "coffee" }
            #expect(!options.isEmpty && options.allSatisfy { $0.text == coffee }, "\(language): \(options.map(\.text))")
            #expect(html.named("option").contains { $0.attributes["value"] == "tea" && $0.text == tea })
            #expect(!html.named("option").contains { $0.text == "Coffee" }, "\(language)")
        }
        let english = try ParsedSVG(page.render(LocalisedPageTests.context(.en)))
        #expect(english.withClass("fluid").map(\.text).contains("Coffee"))
    }
}
