import QuenchStrings
public import QuenchProtocol

/// The history page: the streaks, then a calendar per month (newest first) with each day
/// coloured by its water against that day's own goal.
public struct HistoryPage: Sendable {
    /// `analytics.history`: oldest first, ending today.
    public var history: HistoryReply

    public init(history: HistoryReply) {
        self.history = history
    }

    /// The days to ask `analytics.history` for so that the calendar shows whole months:
    /// from the first of the month `months - 1` before `today`'s.
    public static func daysToShow(today: LocalDay, months: Int = 3) -> Int {
        var year = today.year
        var month = today.month - (months - 1)
        while month < 1 {
            month += 12
            year -= 1
        }
        let first = LocalDay(year: year, month: month, day: 1) ?? today
        return min(HistoryRequest.maxDays, first.days(to: today) + 1)
    }

    public func render(_ context: PageContext) -> String {
        PageShell.render(.history, context: context) { html in
            html.start("div", [("id", "history"), ("data-live", "water")])
            streaks(context.localizer, into: &html)
            calendars(context, into: &html)
            html.end()
        }
    }

    private func streaks(_ l: Localizer, into html: inout HTMLWriter) {
        html.start("section", [("class", "card"), ("aria-labelledby", "streaks-heading")])
        html.element("h2", [("id", "streaks-heading")], text: l(DashboardText.streaks))
        html.element("p", [("class", "big"), ("id", "current-streak"), ("data-days", String(history.currentStreak))],
            text: l(DashboardText.currentStreak(l(CommonText.days(history.currentStreak)))))
        html.element("p", [("id", "longest-streak"), ("data-days", String(history.longestStreak))],
            text: l(DashboardText.longestStreak(l(CommonText.days(history.longestStreak)))))
        html.start("ul", [("class", "legend")])
        for (name, text) in [("met", l(DashboardText.legendMet)), ("partial", l(DashboardText.legendPartial)), ("none", l(DashboardText.legendNone))] {
            html.start("li")
            html.element("span", [("class", name), ("aria-hidden", "true")], text: "")
            html.text(text)
            html.end()
        }
        html.end()
        html.end()
    }

    private func calendars(_ context: PageContext, into html: inout HTMLWriter) {
        guard let first = history.days.first?.day, let last = history.days.last?.day else { return }
        var byDay: [LocalDay: HistoryDay] = [:]
        for day in history.days { byDay[day.day] = day }
        var months: [(year: Int, month: Int)] = []
        var cursor = (year: last.year, month: last.month)
        while cursor.year > first.year || (cursor.year == first.year && cursor.month >= first.month) {
            months.append(cursor)
            cursor = cursor.month == 1 ? (cursor.year - 1, 12) : (cursor.year, cursor.month - 1)
        }
        html.start("div", [("class", "months")])
        for (year, month) in months {
            monthTable(year: year, month: month, days: byDay, first: first, last: last, context: context, into: &html)
        }
        html.end()
    }

    private func monthTable(
        year: Int, month: Int, days: [LocalDay: HistoryDay], first: LocalDay, last: LocalDay, context: PageContext, into html: inout HTMLWriter
    ) {
        guard let start = LocalDay(year: year, month: month, day: 1) else { return }
        let count = LocalDay.daysIn(year: year, month: month)
        let label = "\(year)-\(month < 10 ? "0" : "")\(month)"
        let l = context.localizer
        html.start("section", [("class", "card")])
        html.start("table", [("class", "calendar"), ("data-month", label)])
        html.element("caption", text: WebFormat.month(label, l))
        html.start("thead")
        html.start("tr")
        for (short, long) in WebFormat.weekdays(l) {
            html.element("th", [("scope", "col"), ("abbr", long)], text: short)
        }
        html.end()
        html.end()
        html.start("tbody")
        let lead = WebFormat.weekday(start)
        let cells = lead + count
        for week in 0..<((cells + 6) / 7) {
            html.start("tr")
            for weekday in 0..<7 {
                let index = week * 7 + weekday - lead
                guard index >= 0 && index < count else {
                    html.element("td", [("class", "blank")], text: "")
                    continue
                }
                let day = start.adding(days: index)
                cell(day, entry: days[day], first: first, last: last, context: context, into: &html)
            }
            html.end()
        }
        html.end()
        html.end()
        html.end()
    }

    private func cell(_ day: LocalDay, entry: HistoryDay?, first: LocalDay, last: LocalDay, context: PageContext, into html: inout HTMLWriter) {
        guard let entry else {
            html.start("td", [("class", day > last ? "future" : "before")])
            html.element("span", text: String(day.day))
            html.end()
            return
        }
        let state = entry.met ? "met" : (entry.totalWaterMl > 0 ? "partial" : "none")
        html.start("td", [
            ("class", state), ("data-day", day.description), ("data-total-ml", WebFormat.decimals(entry.totalWaterMl, places: 3)),
            ("aria-current", day == last ? "date" : nil),
        ])
        let l = context.localizer
        let text = l(DashboardText.dayCell(
            day: WebFormat.day(day, l), total: WebFormat.volume(entry.totalWaterMl, units: context.units, l),
            goal: WebFormat.volume(entry.goalMl, units: context.units, l), met: entry.met))
        html.start("span", [("title", text)])
        html.text(String(day.day))
        html.element("span", [("class", "visually-hidden")], text: ": " + text)
        html.end()
        html.end()
    }
}
