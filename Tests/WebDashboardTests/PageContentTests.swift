import Foundation
import QuenchCharts
import QuenchProtocol
import QuenchStrings
import QuenchTestSupport
import Testing
import WebDashboard

@Suite("Dashboard pages show the replies' values")
struct PageContentTests {
    @Test("today: the ring's arc is total / goal of the circle, the numbers beside it, a row per intake with edit and delete")
    func today() throws {
        let page = Fixtures.today(totalMl: 1000, goalMl: 2500)
        let html = try ParsedSVG(page.render(Fixtures.context))
        #expect(html.withClass("ring-value").first?.text == "40 %")
        let progress = try #require(html.withClass("ring-progress").first)
        let dash = try #require(progress.attributes["stroke-dasharray"]?.split(separator: " ").compactMap { Double($0) })
        #expect(abs(dash[0] / dash[1] - 0.4) < 0.001)
        #expect(html.byID("total")?.text == "1,000 mL")
        #expect(html.named("p").contains { $0.text == "1,500 mL to go" })
        let rows = html.withClass("intake")
        #expect(rows.map { $0.attributes["data-id"] } == ["i1", "i2"])
        // Times in the intake's own zone (the fixture logs at 08:00 and 10:00 Berlin time).
        #expect(html.named("td").map(\.text).prefix(5).first == "08:00")
        let actions = html.named("form").compactMap { $0.attributes["action"] }
        #expect(actions.contains("/intakes/i1/edit") && actions.contains("/intakes/i1/delete") && actions.contains(TodayPage.logPath))
        // The usual drinks: two drinks logged once each are not usual yet; the defaults of the
        // catalog's fluids, six at most.
        let quick = html.withClass("quick-log").map { "\($0.attributes["data-fluid"]!) \($0.attributes["data-volume-ml"]!)" }
        #expect(quick == ["water 250", "water 500", "coffee 200", "tea 250", "water 750"])
        // The edit form starts with the intake's values.
        #expect(html.byID("edit-volume-i1")?.attributes["value"] == "500" && html.byID("edit-time-i1")?.attributes["value"] != nil)
    }

    @Test("today: past the goal the ring is full and says so; no intakes says so")
    func todayMet() throws {
        let html = try ParsedSVG(Fixtures.today(totalMl: 3000, goalMl: 2500, intakes: []).render(Fixtures.context))
        let dash = try #require(html.withClass("ring-progress").first?.attributes["stroke-dasharray"]?.split(separator: " ").compactMap { Double($0) })
        #expect(dash[0] == dash[1] && html.withClass("ring-value").first?.text == "120 %")
        #expect(html.withClass("met").first?.text == "Goal reached" && html.withClass("empty").first?.text == "Nothing logged yet today.")
    }

    @Test("volumes in the user's unit: litres and fl oz")
    func units() throws {
        let litres = try ParsedSVG(Fixtures.today().render(PageContext(user: "ana", units: DisplayUnits(volume: "L"))))
        #expect(litres.byID("total")?.text == "1 L")
        let unitOptions = litres.elements.drop { $0.attributes["id"] != "log-unit" }.dropFirst().prefix { $0.name == "option" }
        #expect(unitOptions.first { $0.attributes["selected"] != nil }?.attributes["value"] == "l")
        let ounces = try ParsedSVG(Fixtures.today().render(PageContext(user: "ana", units: DisplayUnits(volume: "fl-oz"))))
        #expect(ounces.byID("total")?.text == "33.8 fl oz")
    }

    @Test("goal: value, source, the weight it came from, the history rows, the follow-weight form only when it applies")
    func goal() throws {
        let (goal, history) = Fixtures.goal()
        let html = try ParsedSVG(GoalPage(goal: goal, history: history).render(Fixtures.context))
        #expect(html.byID("goal-value")?.text == "2,450 mL" && html.byID("goal-source")?.attributes["data-source"] == "auto")
        #expect(html.named("p").contains { $0.text == "Derived from your weight of 70 kg" })
        #expect(html.withClass("period").count == 2)
        #expect(!html.named("form").contains { $0.attributes["action"] == GoalPage.autoPath })
        var manual = goal
        manual.source = "manual"
        manual.pinned = true
        let pinned = try ParsedSVG(GoalPage(goal: manual, history: history).render(Fixtures.context))
        #expect(pinned.named("form").contains { $0.attributes["action"] == GoalPage.autoPath })
    }

    @Test("history: a calendar per month, newest first; each day coloured by met / partial / none; the streaks")
    func history() throws {
        let reply = Fixtures.history()
        let html = try ParsedSVG(HistoryPage(history: reply).render(Fixtures.context))
        #expect(html.withClass("calendar").map { $0.attributes["data-month"] } == ["2026-11", "2026-10", "2026-09"])
        let cells = html.named("td").filter { $0.attributes["data-day"] != nil }
        #expect(cells.count == reply.days.count)
        for (cell, day) in zip(cells.sorted { $0.attributes["data-day"]! < $1.attributes["data-day"]! }, reply.days) {
            let expected = day.met ? "met" : (day.totalWaterMl > 0 ? "partial" : "none")
            #expect(cell.attributes["class"] == expected && cell.attributes["data-day"] == day.day.description)
        }
        // 2026-11-01 is a Sunday: six blanks before it in a Monday-first week.
        let november = html.elements.drop { $0.attributes["data-month"] != "2026-11" }
        #expect(november.prefix { $0.attributes["data-day"] == nil }.filter { $0.attributes["class"] == "blank" }.count == 6)
        #expect(html.byID("current-streak")?.text == "Current streak: 1 day" && html.byID("longest-streak")?.attributes["data-days"] == "4")
        #expect(HistoryPage.daysToShow(today: Fixtures.day) == 85)
        #expect(HistoryPage.daysToShow(today: LocalDay("2026-02-10")!, months: 3) == 72)
    }

    @Test("steps: the month's line chart from 0 with a point per day so far, today marked; badges and the next one")
    func steps() throws {
        let reply = Fixtures.steps()
        let html = try ParsedSVG(StepsPage(steps: reply, today: Fixtures.day).render(Fixtures.context))
        // Two drawings (narrow for phones, wide from 48rem), each the whole month.
        #expect(html.named("svg").filter { $0.attributes["class"] == "narrow" || $0.attributes["class"] == "wide" }.count == 2)
        #expect(html.withClass("point").count == 2 * 24 && html.withClass("today").count == 2)
        #expect(html.withClass("y-label").first?.text == "0")
        #expect(html.withClass("line").count == 2)
        #expect(html.byID("steps-total")?.attributes["data-total"] == "150000")
        #expect(html.withClass("badges").first?.attributes["data-earned"] == "15")
        #expect(html.withClass("badge-text").first?.text == "15 badges, next at 160,000 (10,000 to go)")
        // The month navigation: back always, forward not past the current month.
        #expect(html.named("a").contains { $0.attributes["href"] == "/steps?month=2026-10" })
        #expect(!html.named("a").contains { $0.attributes["href"] == "/steps?month=2026-12" })
    }

    @Test("strength: a chart per exercise with a point per day oldest first, the record marked, y from 0")
    func strength() throws {
        let html = try ParsedSVG(StrengthPage(orm: Fixtures.orm()).render(Fixtures.context))
        #expect(html.withClass("exercise").map { $0.attributes["data-exercise"] } == ["Back Squat", "Bench Press"])
        let points = html.withClass("point")
        #expect(points.count == 6)
        let squat = points.prefix(5).compactMap { $0.attributes["data-label"] }
        #expect(squat == squat.sorted() && squat.last == Fixtures.day.description)
        #expect(html.withClass("record").count == 2 && html.withClass("record").first?.attributes["data-label"] == "2026-11-24")
        #expect(html.withClass("y-label").first?.text == "0")
        #expect(html.named("p").contains { $0.text == "Record: 112.5 kg on 2026-11-24" })
        #expect(html.named("p").contains { $0.text == "2 sets of more than 12 reps left out" })
        let pounds = try ParsedSVG(StrengthPage(orm: Fixtures.orm()).render(PageContext(user: "ana", units: DisplayUnits(weight: "lb"))))
        #expect(pounds.named("p").contains { $0.text == "Record: 248.02 lb on 2026-11-24" })
    }

    @Test("challenges: total points, trophies, a square per day with the completed ones marked")
    func challenges() throws {
        let html = try ParsedSVG(ChallengesPage(progress: Fixtures.challenges(), today: Fixtures.day).render(Fixtures.context))
        #expect(html.byID("points-heading")?.attributes["data-points"] == "50")
        #expect(html.named("li").filter { $0.attributes["class"] == "done" }.count == 5)
        #expect(html.withClass("challenge-points").first?.text == "5 days completed · 50 points")
        #expect(html.withClass("trophies").isEmpty == false)
    }

    @Test("consents: each type with its state and the form that changes it; revoke offers deleting the data")
    func consents() throws {
        let html = try ParsedSVG(ConsentsPage(consents: Fixtures.consents()).render(Fixtures.context))
        let rows = html.withClass("consent")
        #expect(rows.map { $0.attributes["data-type"] } == ConsentType.allCases.map(\.rawValue))
        let actions = html.named("form").compactMap { $0.attributes["action"] }
        #expect(actions.contains("/consents/body-mass/grant") && actions.contains("/consents/steps/revoke"))
        #expect(html.named("input").filter { $0.attributes["name"] == "deleteData" }.count == 4)
    }

    @Test("consents: a type never granted says 'Not granted' in the neutral style; a revoked one says 'Revoked'")
    func consentNeverGranted() throws {
        var reply = Fixtures.consents()
        // body-mass: never granted (no `since`); steps: revoked on a day.
        reply.consents[0] = ConsentState(type: "steps", granted: false, since: Date(timeIntervalSince1970: 1_790_000_000))
        let html = try ParsedSVG(ConsentsPage(consents: reply).render(Fixtures.context))
        let state = { (type: String) in html.elements.drop { $0.attributes["data-type"] != type }.first { $0.name == "span" } }
        #expect(state("body-mass")?.text == "Not granted" && state("body-mass")?.attributes["class"] == "state-none")
        #expect(state("steps")?.text == "Revoked" && state("steps")?.attributes["class"] == "state-off")
        #expect(state("distance")?.text == "Granted" && state("distance")?.attributes["class"] == "state-on")
        let german = try ParsedSVG(ConsentsPage(consents: reply).render(PageContext(user: "ana", language: .de)))
        #expect(german.withClass("state-none").first?.text == "Nicht erteilt")
    }

    @Test("revoked consent: steps and strength say what they leave out and link to consents")
    func revoked() throws {
        var steps = Fixtures.steps()
        steps.revoked = ["steps"]
        let html = try ParsedSVG(StepsPage(steps: steps, today: Fixtures.day).render(Fixtures.context))
        #expect(html.named("p").contains { $0.attributes["role"] == "note" && $0.text.contains("Steps") })
    }
}
