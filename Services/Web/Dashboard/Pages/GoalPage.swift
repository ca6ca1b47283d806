public import QuenchProtocol

/// The goal page: the current goal with its source (default, manual, or derived from a
/// weight — which, capped or raised, pinned), a form to set a manual goal, a button to
/// follow the weight again, and the history of goals.
public struct GoalPage: Sendable {
    /// `goal.get`.
    public var goal: GoalReply
    /// `goal.history`'s first page.
    public var history: GoalHistoryReply

    public init(goal: GoalReply, history: GoalHistoryReply) {
        self.goal = goal
        self.history = history
    }

    public static let setPath = "/goal"
    public static let autoPath = "/goal/auto"

    public func render(_ context: PageContext) -> String {
        PageShell.render(.goal, context: context) { html in
            html.start("div", [("class", "columns")])
            current(context, into: &html)
            forms(context, into: &html)
            html.end()
            periods(context, into: &html)
        }
    }

    private func current(_ context: PageContext, into html: inout HTMLWriter) {
        html.start("section", [("id", "goal-current"), ("class", "card"), ("data-live", "goal"), ("aria-labelledby", "goal-heading")])
        html.element("h2", [("id", "goal-heading")], text: DashboardText.currentGoal)
        html.element("p", [("class", "big"), ("id", "goal-value"), ("data-goal-ml", WebFormat.decimals(goal.goalMl, places: 3))],
            text: WebFormat.volume(goal.goalMl, units: context.units))
        html.element("p", [("id", "goal-source"), ("data-source", goal.source)], text: DashboardText.sourceLine(goal.source))
        if let since = goal.since {
            html.element("p", [("class", "muted")], text: DashboardText.since(WebFormat.longDay(since)))
        }
        if goal.source == "auto", let weight = goal.weightKg {
            var line = DashboardText.fromWeight(WebFormat.weight(weight, units: context.units))
            if let adjusted = goal.adjusted { line += ", " + DashboardText.adjusted(adjusted) }
            html.element("p", text: line)
        }
        if goal.pinned {
            html.element("p", [("class", "muted")], text: DashboardText.pinned)
        }
        html.end()
    }

    private func forms(_ context: PageContext, into html: inout HTMLWriter) {
        html.start("section", [("class", "card"), ("aria-labelledby", "set-heading")])
        html.element("h2", [("id", "set-heading")], text: DashboardText.setGoal)
        PageShell.form(Self.setPath, context: context, into: &html) { html in
            html.start("div", [("class", "inline")])
            PageShell.field(DashboardText.volume, id: "goal-volume", name: "volume", type: "number",
                value: WebFormat.formVolume(goal.goalMl, units: context.units),
                attributes: [("min", "0"), ("step", "any"), ("required", "required"), ("inputmode", "decimal")], into: &html)
            PageShell.select(DashboardText.unit, id: "goal-unit", name: "unit", options: [("ml", "mL"), ("l", "L"), ("floz", "fl oz")],
                selected: context.units.volumeFormUnit, into: &html)
            html.end()
            html.element("button", [("type", "submit")], text: DashboardText.setGoalButton)
        }
        if goal.autoAvailable && goal.source != "auto" {
            PageShell.form(Self.autoPath, context: context, into: &html) { html in
                html.element("p", [("class", "muted")], text: DashboardText.followWeightHint)
                html.element("button", [("type", "submit"), ("class", "secondary")], text: DashboardText.followWeight)
            }
        }
        html.end()
    }

    private func periods(_ context: PageContext, into html: inout HTMLWriter) {
        html.start("section", [("id", "goal-history"), ("class", "card"), ("data-live", "goal"), ("aria-labelledby", "history-heading")])
        html.element("h2", [("id", "history-heading")], text: DashboardText.goalHistory)
        guard !history.goals.isEmpty else {
            html.element("p", [("class", "muted empty")], text: DashboardText.noGoalHistory)
            html.end()
            return
        }
        html.start("table")
        html.start("thead")
        html.start("tr")
        for (heading, numeric) in [(DashboardText.columnFrom, false), (DashboardText.columnTo, false), (DashboardText.columnGoal, true), (DashboardText.columnSource, false)] {
            html.element("th", [("scope", "col"), ("class", numeric ? "num" : nil)], text: heading)
        }
        html.end()
        html.end()
        html.start("tbody")
        for period in history.goals {
            html.start("tr", [("class", "period")])
            html.element("td", text: period.startDay.description)
            html.element("td", text: period.endDay?.description ?? DashboardText.current)
            html.element("td", [("class", "num")], text: WebFormat.volume(period.goalMl, units: context.units))
            var source = DashboardText.goalSource(period.source)
            if let weight = period.weightKg { source += " (" + WebFormat.weight(weight, units: context.units) + ")" }
            html.element("td", text: source)
            html.end()
        }
        html.end()
        html.end()
        html.end()
    }
}
