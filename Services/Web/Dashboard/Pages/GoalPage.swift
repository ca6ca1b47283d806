import QuenchStrings
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
        let l = context.localizer
        html.start("section", [("id", "goal-current"), ("class", "card"), ("data-live", "goal"), ("aria-labelledby", "goal-heading")])
        html.element("h2", [("id", "goal-heading")], text: l(DashboardText.currentGoal))
        html.element("p", [("class", "big"), ("id", "goal-value"), ("data-goal-ml", WebFormat.decimals(goal.goalMl, places: 3))],
            text: WebFormat.volume(goal.goalMl, units: context.units, l))
        html.element("p", [("id", "goal-source"), ("data-source", goal.source)], text: l(DashboardText.sourceLine(goal.source)))
        if let since = goal.since {
            html.element("p", [("class", "muted")], text: l(DashboardText.since(WebFormat.longDay(since, l))))
        }
        if goal.source == "auto", let weight = goal.weightKg {
            var line = l(DashboardText.fromWeight(WebFormat.weight(weight, units: context.units, l)))
            if let adjusted = goal.adjusted { line += ", " + l(DashboardText.adjusted(adjusted)) }
            html.element("p", text: line)
        }
        if goal.pinned {
            html.element("p", [("class", "muted")], text: l(DashboardText.pinned))
        }
        html.end()
    }

    private func forms(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card"), ("aria-labelledby", "set-heading")])
        html.element("h2", [("id", "set-heading")], text: l(DashboardText.setGoal))
        // A refused goal shows this form again as it was sent.
        let refusal = context.refusal
        let path = Self.setPath
        PageShell.form(path, context: context, into: &html) { html in
            PageShell.languageField(context, into: &html)
            PageShell.refusalHere(context, action: path, into: &html)
            html.start("div", [("class", "inline")])
            PageShell.numberField(l(DashboardText.volume), id: "goal-volume", name: "volume",
                value: refusal?.value("volume", for: path) ?? WebFormat.formVolume(goal.goalMl, units: context.units, language: context.language),
                attributes: refusal?.marks("volume", for: path) ?? [], into: &html)
            PageShell.select(l(DashboardText.unit), id: "goal-unit", name: "unit", options: PageShell.volumeUnits(l),
                selected: refusal?.value("unit", for: path) ?? context.units.volumeFormUnit, attributes: refusal?.marks("unit", for: path) ?? [],
                into: &html)
            html.end()
            html.element("button", [("type", "submit")], text: l(DashboardText.setGoalButton))
        }
        if goal.autoAvailable && goal.source != "auto" {
            PageShell.form(Self.autoPath, context: context, into: &html) { html in
                html.element("p", [("class", "muted")], text: l(DashboardText.followWeightHint))
                html.element("button", [("type", "submit"), ("class", "secondary")], text: l(DashboardText.followWeight))
            }
        }
        html.end()
    }

    private func periods(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("id", "goal-history"), ("class", "card"), ("data-live", "goal"), ("aria-labelledby", "history-heading")])
        html.element("h2", [("id", "history-heading")], text: l(DashboardText.goalHistory))
        guard !history.goals.isEmpty else {
            html.element("p", [("class", "muted empty")], text: l(DashboardText.noGoalHistory))
            html.end()
            return
        }
        // On a phone the table scrolls inside its card (four columns do not fit 360 px in French).
        html.start("div", [("class", "table-scroll")])
        html.start("table")
        html.start("thead")
        html.start("tr")
        for (heading, numeric) in [(l(DashboardText.columnFrom), false), (l(DashboardText.columnTo), false), (l(DashboardText.columnGoal), true), (l(DashboardText.columnSource), false)] {
            html.element("th", [("scope", "col"), ("class", numeric ? "num" : nil)], text: heading)
        }
        html.end()
        html.end()
        html.start("tbody")
        for period in history.goals {
            html.start("tr", [("class", "period")])
            html.element("td", text: WebFormat.day(period.startDay, l))
            html.element("td", text: period.endDay.map { WebFormat.day($0, l) } ?? l(GoalsText.now))
            html.element("td", [("class", "num")], text: WebFormat.volume(period.goalMl, units: context.units, l))
            var source = l(DashboardText.goalSource(period.source))
            if let weight = period.weightKg { source += " (" + WebFormat.weight(weight, units: context.units, l) + ")" }
            html.element("td", text: source)
            html.end()
        }
        html.end()
        html.end()
        html.end()
        html.end()
    }
}
