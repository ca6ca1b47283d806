import Foundation
import QuenchProtocol
import QuenchStrings
import QuenchTestSupport
import Testing
import WebDashboard

/// A refused form post (issue #39 items 11, 12): the page shows the form again as it was sent,
/// the refused field marked, and says why in the user's words and units; the service's text
/// is only the detail. Error pages in the page's language, inside the navigation when signed in.
@Suite("Dashboard: a refused form keeps what was typed and says why in the user's words")
struct FormRefusalTests {
    static func context(_ refusal: FormRefusal?, language: Language = .en, units: DisplayUnits = DisplayUnits()) -> PageContext {
        var context = PageContext(user: "ana", csrf: (name: "csrf", value: "t"), units: units, language: language)
        context.refusal = refusal
        return context
    }

    @Test("a refused drink: the other-drink form holds the fluid, amount and unit sent, the amount marked and focused")
    func logFormKeepsItsValues() throws {
        let refusal = FormRefusal(
            action: TodayPage.logPath, values: ["fluid": "tea", "volume": "7000", "unit": "floz", "lang": "en"], field: "volume",
            message: "Amount: too much.", detail: "volume: must be at most 6000 mL per entry, got 7000.0 floz")
        let html = try ParsedSVG(Fixtures.today().render(Self.context(refusal)))
        let volume = try #require(html.byID("log-volume"))
        #expect(volume.attributes["value"] == "7000" && volume.attributes["aria-invalid"] == "true")
        #expect(volume.attributes["aria-describedby"] == FormRefusal.inlineID && volume.attributes["autofocus"] != nil)
        // The reason beside the field too (on a phone the focused field is far from the top).
        #expect(html.byID(FormRefusal.inlineID)?.text == "Amount: too much.")
        let selected = { (id: String) in
            html.elements.drop { $0.attributes["id"] != id }.dropFirst().prefix { $0.name == "option" }.first { $0.attributes["selected"] != nil }?
                .attributes["value"]
        }
        #expect(selected("log-fluid") == "tea" && selected("log-unit") == "floz")
        let notice = try #require(html.byID(FormRefusal.noticeID))
        #expect(notice.attributes["role"] == "alert" && notice.text.contains("Amount: too much."))
        #expect(html.withClass("detail").first?.text == "Details: volume: must be at most 6000 mL per entry, got 7000.0 floz")
        // The edit forms are as they were: closed, the drinks' own values.
        #expect(html.named("details").allSatisfy { $0.attributes["open"] == nil })
        #expect(html.byID("edit-volume-i1")?.attributes["value"] == "500" && html.byID("edit-volume-i1")?.attributes["aria-invalid"] == nil)
    }

    @Test("a refused edit opens that drink's form again with what was sent, its time marked")
    func editFormKeepsItsValues() throws {
        let refusal = FormRefusal(
            action: TodayPage.editPath("i2"), values: ["fluid": "water", "volume": "0,4", "unit": "l", "time": "23:50", "lang": "de"], field: "at",
            message: "Uhrzeit: zu spät.")
        let html = try ParsedSVG(Fixtures.today().render(Self.context(refusal, language: .de)))
        let open = html.named("details").filter { $0.attributes["open"] == "open" }
        #expect(open.count == 1)
        #expect(html.byID("edit-volume-i2")?.attributes["value"] == "0,4" && html.byID("edit-time-i2")?.attributes["value"] == "23:50")
        #expect(html.byID("edit-time-i2")?.attributes["aria-invalid"] == "true" && html.byID("edit-volume-i2")?.attributes["aria-invalid"] == nil)
        #expect(html.byID("edit-volume-i1")?.attributes["value"] == "500")
        // The other-drink form is empty: the refusal was not its.
        #expect(html.byID("log-volume")?.attributes["value"] == nil)
    }

    @Test("a refused goal keeps the goal typed")
    func goalFormKeepsItsValue() throws {
        let (goal, history) = Fixtures.goal()
        let refusal = FormRefusal(action: GoalPage.setPath, values: ["volume": "100", "unit": "ml"], field: "volume", message: "Amount: too little.")
        let html = try ParsedSVG(GoalPage(goal: goal, history: history).render(Self.context(refusal)))
        #expect(html.byID("goal-volume")?.attributes["value"] == "100" && html.byID("goal-volume")?.attributes["aria-invalid"] == "true")
    }

    @Test("a drink over 6 L in the user's words and the unit typed, in every language; the service's text the detail")
    func drinkVolumeWords() {
        let error = QuenchError.invalidArgument("volume", "must be at most 6000 mL per entry, got 7000.0 ml")
        let values = ["volume": "7000", "unit": "ml"]
        let en = RefusalWords.message(error, form: .drink, values: values, facts: .init(), language: .en)
        #expect(en.message == "Amount: a drink is more than 0 and at most 6,000 mL; you entered 7,000 mL.")
        #expect(en.detail == "volume: must be at most 6000 mL per entry, got 7000.0 ml")
        let de = RefusalWords.message(error, form: .drink, values: ["volume": "7.000", "unit": "ml"], facts: .init(), language: .de)
        #expect(de.message == "Menge: Ein Getränk hat mehr als 0 und höchstens 6.000 ml; eingegeben: 7.000 ml.")
        let fr = RefusalWords.message(error, form: .drink, values: ["volume": "7", "unit": "l"], facts: .init(), language: .fr)
        #expect(fr.message == "Quantité : une boisson fait plus de 0 et au plus 6 l ; vous avez saisi 7 l.")
        let ounces = RefusalWords.message(error, form: .drink, values: ["volume": "250", "unit": "floz"], facts: .init(), language: .en)
        #expect(ounces.message == "Amount: a drink is more than 0 and at most 202.9 fl oz; you entered 250 fl oz.")
    }

    @Test("a goal outside 500 mL–6 L, a time in the future, an unknown fluid, a drink gone, and a code without words of its own")
    func otherWords() {
        let goal = RefusalWords.message(
            QuenchError.invalidArgument("volume", "a daily goal must be at least 500 mL and at most 6000 mL, got 100 ml"), form: .goal,
            values: ["volume": "100", "unit": "ml"], facts: .init(), language: .en)
        #expect(goal.message == "Amount: a daily goal is from 500 mL to 6,000 mL; you entered 100 mL.")
        // 07:30 Berlin time asked for at 07:20: said in the drink's zone, not in UTC.
        let now = Date(timeIntervalSince1970: 1_796_106_000)  // 2026-12-02T06:20:00Z
        let at = now.addingTimeInterval(600)
        let future = RefusalWords.message(
            QuenchError.invalidArgument("at", "is more than 5 minutes in the future (2026-12-02T06:30:00Z, now 2026-12-02T06:20:00Z)"), form: .drink,
            values: ["time": "07:30"], facts: .init(at: at, zone: "Europe/Berlin", now: now), language: .de)
        #expect(future.message == "Uhrzeit: 07:30 liegt nach jetzt (07:20); ein Getränk lässt sich nicht im Voraus eintragen.")
        #expect(future.detail.hasPrefix("at: is more than 5 minutes in the future"))
        let fluid = RefusalWords.message(
            QuenchError.notFound("fluid", "no fluid named 'kombucha'"), form: .drink, values: ["fluid": "kombucha"], facts: .init(), language: .fr)
        #expect(fluid.message == "Boisson : aucune boisson ne s’appelle « Kombucha ».")
        let gone = RefusalWords.message(QuenchError.notFound("id", "no intake 'x' for user 'ana'"), form: .drink, values: [:], facts: .init(), language: .en)
        #expect(gone.message == "This drink is not there any more (deleted on another device?).")
        let down = RefusalWords.message(QuenchError(.unavailable, "intake is not answering"), form: .other, values: [:], facts: .init(), language: .de)
        #expect(down.message == "Dienst nicht verfügbar, später erneut versuchen." && down.detail == "intake is not answering")
        let month = RefusalWords.message(
            QuenchError.invalidArgument("month", "must be a month YYYY-MM, got 'x'"), form: .other, values: [:], facts: .init(), language: .fr)
        #expect(month.message == "Valeur invalide pour Mois.")
    }

    @Test("an error page: in the page's language, inside the navigation when signed in, bare when not")
    func errorPage() throws {
        let signedIn = try ParsedSVG(ErrorPage(title: "Seite nicht gefunden", message: "Keine Seite.", language: .de, context: Self.context(nil)).render())
        #expect(signedIn.named("h1").map(\.text) == ["Seite nicht gefunden"] && signedIn.named("nav").count == 1)
        #expect(signedIn.named("a").filter { $0.attributes["aria-current"] != nil }.isEmpty)
        #expect(signedIn.named("html").first?.attributes["lang"] == "de" && signedIn.named("body").first?.attributes["data-live"] == nil)
        #expect(signedIn.named("form").contains { $0.attributes["action"] == DashboardAssets.signOutPath })
        let bare = try ParsedSVG(ErrorPage(message: "x", detail: "service words", language: .fr).render())
        #expect(bare.named("nav").isEmpty && bare.named("h1").first?.text == "Un problème est survenu")
        #expect(bare.withClass("detail").first?.text == "Détails : service words")
    }
}
