import QuenchStrings
import Foundation
public import QuenchProtocol
import QuenchCharts

/// The today page: the ring of the day's water against the day's goal, one-tap buttons for
/// the usual drinks, a form for another drink, and the day's intakes with edit and delete.
public struct TodayPage: Sendable {
    public var day: LocalDay
    /// `intake.day-total`: intake's own sum, current the moment a drink is logged.
    public var total: DayTotal
    /// `goal.at` for the day.
    public var goal: GoalOnDay
    /// `intake.list` for the day (its first page).
    public var intakes: ListIntakesReply
    /// `fluids.list`: the catalog and the user's own fluids.
    public var fluids: [Fluid]
    public var usual: [UsualDrink]

    public init(day: LocalDay, total: DayTotal, goal: GoalOnDay, intakes: ListIntakesReply, fluids: [Fluid], usual: [UsualDrink]) {
        self.day = day
        self.total = total
        self.goal = goal
        self.intakes = intakes
        self.fluids = fluids
        self.usual = usual
    }

    /// Paths the page's forms post to.
    public static let logPath = "/today/log"
    public static func editPath(_ id: String) -> String { "/intakes/\(id)/edit" }
    public static func deletePath(_ id: String) -> String { "/intakes/\(id)/delete" }
    /// Brings a deleted drink back (``UndoWindow``).
    public static func undoPath(_ id: String) -> String { "/intakes/\(id)/undo" }

    /// Progress, 1 at the goal (may exceed 1).
    public var fraction: Double { goal.goalMl > 0 ? total.totalWaterMl / goal.goalMl : 0 }
    /// total / goal × 100, one decimal (as `analytics.today` gives it).
    public var percent: Double { (fraction * 1000).rounded() / 10 }

    public func render(_ context: PageContext) -> String {
        PageShell.render(.today, context: context) { html in
            ring(context, into: &html)
            html.start("div", [("class", "columns")])
            quickLog(context, into: &html)
            otherDrink(context, into: &html)
            html.end()
            list(context, into: &html)
        }
    }

    private func ring(_ context: PageContext, into html: inout HTMLWriter) {
        let units = context.units
        let l = context.localizer
        let met = goal.goalMl > 0 && total.totalWaterMl >= goal.goalMl
        let totalText = WebFormat.volume(total.totalWaterMl, units: units, l)
        let goalText = WebFormat.volume(goal.goalMl, units: units, l)
        html.start("section", [("id", "ring"), ("class", "card ring-card"), ("data-live", "water"), ("aria-labelledby", "ring-heading"),
            ("data-total-ml", SVGNumber.format(total.totalWaterMl)), ("data-goal-ml", SVGNumber.format(goal.goalMl)), ("data-day", day.description)])
        html.element("h2", [("id", "ring-heading"), ("class", "visually-hidden")], text: l(DashboardText.waterToday))
        var svg = SVGWriter()
        svg.start("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 240 240"), ("role", "img"), ("aria-labelledby", "ring-title")])
        svg.element("title", [("id", "ring-title")], text: l(DashboardText.ringLabel(total: totalText, goal: goalText, percent: WebFormat.percent(percent, l))))
        SVGRing.draw(
            fraction: fraction, centre: WebFormat.percent(percent, l), met: met, cx: 120, cy: 120, radius: 96, stroke: 28, theme: .light,
            maxFontSize: 40, into: &svg)
        html.svg(svg)
        html.start("div", [("class", "ring-numbers")])
        html.element("p", [("class", "muted")], text: WebFormat.longDay(day, l))
        html.element("p", [("class", "big"), ("id", "total")], text: totalText)
        html.element("p", text: l(DashboardText.of(goalText)) + " · " + l(DashboardText.goalSourceNote(goal.source)))
        if met {
            html.element("p", [("class", "met")], text: l(DashboardText.goalReached))
        } else {
            html.element("p", text: l(HydrationText.toGo(WebFormat.volume(max(0, goal.goalMl - total.totalWaterMl), units: units, l))))
        }
        html.end()
        html.end()
    }

    private func quickLog(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card"), ("aria-labelledby", "quick-heading")])
        html.element("h2", [("id", "quick-heading")], text: l(DashboardText.quickLog))
        html.element("p", [("class", "muted")], text: l(DashboardText.quickLogHint))
        html.start("ul", [("class", "quick")])
        for drink in usual {
            html.start("li")
            PageShell.form(Self.logPath, context: context, into: &html) { html in
                html.void("input", [("type", "hidden"), ("name", "fluid"), ("value", drink.fluid)])
                PageShell.languageField(context, into: &html)
                html.void("input", [("type", "hidden"), ("name", "volume"), ("value", FormNumber.format(drink.volumeMl, places: 3, language: context.language))])
                html.void("input", [("type", "hidden"), ("name", "unit"), ("value", "ml")])
                let volume = WebFormat.volume(drink.volumeMl, units: context.units, l)
                html.start("button", [("type", "submit"), ("class", "quick-log"), ("data-fluid", drink.fluid), ("data-volume-ml", SVGNumber.format(drink.volumeMl))])
                html.element("span", [("class", "amount")], text: volume)
                html.element("span", text: WebFormat.capitalised(l(FluidText(name: drink.fluid))))
                html.end()
            }
            html.end()
        }
        html.end()
        html.end()
    }

    private func otherDrink(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card"), ("aria-labelledby", "other-heading")])
        html.element("h2", [("id", "other-heading")], text: l(DashboardText.otherAmount))
        // A refused post shows this form again as it was sent (a refused one-tap drink too).
        let refusal = context.refusal
        let path = Self.logPath
        PageShell.form(path, context: context, into: &html) { html in
            PageShell.languageField(context, into: &html)
            PageShell.refusalHere(context, action: path, into: &html)
            fluidSelect(id: "log-fluid", selected: refusal?.value("fluid", for: path) ?? "water", l,
                attributes: refusal?.marks("fluid", for: path) ?? [], into: &html)
            html.start("div", [("class", "inline")])
            PageShell.numberField(l(DashboardText.volume), id: "log-volume", name: "volume", value: refusal?.value("volume", for: path),
                attributes: refusal?.marks("volume", for: path) ?? [], into: &html)
            unitSelect(id: "log-unit", selected: refusal?.value("unit", for: path) ?? context.units.volumeFormUnit, l,
                attributes: refusal?.marks("unit", for: path) ?? [], into: &html)
            html.end()
            html.element("button", [("type", "submit")], text: l(DashboardText.log))
        }
        html.end()
    }

    private func list(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("id", "intakes"), ("class", "card"), ("data-live", "water"), ("aria-labelledby", "intakes-heading")])
        html.element("h2", [("id", "intakes-heading")], text: l(DashboardText.intakesHeading))
        guard !intakes.intakes.isEmpty else {
            html.element("p", [("class", "muted empty")], text: l(DashboardText.noIntakes))
            html.end()
            return
        }
        html.start("table", [("class", "intakes")])
        html.start("thead")
        html.start("tr")
        html.element("th", [("scope", "col")], text: l(DashboardText.time))
        html.element("th", [("scope", "col")], text: l(DashboardText.fluid))
        html.element("th", [("scope", "col"), ("class", "num")], text: l(DashboardText.volume))
        html.element("th", [("scope", "col"), ("class", "num water-col")], text: l(DashboardText.columnWater))
        html.element("th", [("scope", "col")], text: l(DashboardText.columnActions))
        html.end()
        html.end()
        html.start("tbody")
        for intake in intakes.intakes {
            row(intake, context: context, into: &html)
        }
        html.end()
        html.end()
        if intakes.nextCursor != nil {
            html.element("p", [("class", "muted")], text: l(DashboardText.moreIntakes(intakes.intakes.count)))
        }
        html.end()
    }

    private func row(_ intake: IntakeRecord, context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        let time = WebFormat.time(intake.at, zone: intake.timeZone)
        html.start("tr", [("class", "intake"), ("data-id", intake.id)])
        html.element("td", text: time)
        html.start("td", [("class", "fluid")])
        html.text(WebFormat.capitalised(l(FluidText(name: intake.fluid))))
        if intake.source != "manual" {
            html.element("span", [("class", "muted")], text: " · " + l(DashboardText.fromHealth))
        }
        html.end()
        html.element("td", [("class", "num")], text: WebFormat.volume(intake.volumeMl, units: context.units, l))
        html.element("td", [("class", "num water-col")], text: WebFormat.volume(intake.waterMl, units: context.units, l))
        html.start("td", [("class", "actions")])
        // A refused edit opens again with what was sent.
        let path = Self.editPath(intake.id)
        let refusal = context.refusal?.action == path ? context.refusal : nil
        html.start("details", [("open", refusal == nil ? nil : "open")])
        html.element("summary", [("aria-label", l(DashboardText.editLabel(fluid: l(FluidText(name: intake.fluid)), time: time)))], text: l(DashboardText.edit))
        PageShell.form(path, context: context, into: &html) { html in
            // The clock time is read in the intake's own day and zone; sent only when changed.
            html.void("input", [("type", "hidden"), ("name", "day"), ("value", intake.day)])
            html.void("input", [("type", "hidden"), ("name", "zone"), ("value", intake.timeZone)])
            html.void("input", [("type", "hidden"), ("name", "original-time"), ("value", time)])
            PageShell.languageField(context, into: &html)
            PageShell.refusalHere(context, action: path, into: &html)
            fluidSelect(id: "edit-fluid-\(intake.id)", selected: refusal?.values["fluid"] ?? intake.fluid, l,
                attributes: refusal?.marks("fluid", for: path) ?? [], into: &html)
            html.start("div", [("class", "inline")])
            PageShell.numberField(l(DashboardText.volume), id: "edit-volume-\(intake.id)", name: "volume",
                value: refusal?.values["volume"] ?? WebFormat.formVolume(intake.volumeMl, units: context.units, language: context.language),
                attributes: refusal?.marks("volume", for: path) ?? [], into: &html)
            unitSelect(id: "edit-unit-\(intake.id)", selected: refusal?.values["unit"] ?? context.units.volumeFormUnit, l,
                attributes: refusal?.marks("unit", for: path) ?? [], into: &html)
            PageShell.field(l(DashboardText.time), id: "edit-time-\(intake.id)", name: "time", type: "time", value: refusal?.values["time"] ?? time,
                attributes: refusal?.marks("time", for: path) ?? [], into: &html)
            html.end()
            html.element("button", [("type", "submit")], text: l(DashboardText.save))
        }
        html.end()
        PageShell.form(Self.deletePath(intake.id), context: context, into: &html) { html in
            // The drink's day finds it, so that "Undo" can log it again.
            html.void("input", [("type", "hidden"), ("name", "day"), ("value", intake.day)])
            html.element("button", [("type", "submit"), ("class", "danger"), ("aria-label", l(DashboardText.deleteLabel(fluid: l(FluidText(name: intake.fluid)), time: time)))],
                text: l(DashboardText.delete))
        }
        html.end()
        html.end()
    }

    private func fluidSelect(id: String, selected: String, _ l: Localizer, attributes: [(String, String?)] = [], into html: inout HTMLWriter) {
        var names = fluids.map(\.name)
        if !names.contains(selected) { names.insert(selected, at: 0) }
        PageShell.select(
            l(DashboardText.fluid), id: id, name: "fluid", options: names.map { ($0, WebFormat.capitalised(l(FluidText(name: $0)))) }, selected: selected,
            attributes: attributes, into: &html)
    }

    private func unitSelect(id: String, selected: String, _ l: Localizer, attributes: [(String, String?)] = [], into html: inout HTMLWriter) {
        PageShell.select(l(DashboardText.unit), id: id, name: "unit", options: PageShell.volumeUnits(l), selected: selected, attributes: attributes, into: &html)
    }
}
