import QuenchStrings
public import QuenchProtocol
public import QuenchCharts

/// The steps page: the month as a line chart (y from 0; `QuenchCharts.SVGChart`, the chart
/// `quench steps --svg` draws), the total, the badges earned and the next one, and links to
/// the months before and after.
public struct StepsPage: Sendable {
    /// `analytics.steps-month`.
    public var steps: StepsMonthReply
    /// Today in the user's zone (marked on the chart when in the month).
    public var today: LocalDay

    public init(steps: StepsMonthReply, today: LocalDay) {
        self.steps = steps
        self.today = today
    }

    /// The chart model: every day of the month on x, the days so far as points.
    public var chart: MonthChart {
        let first = LocalDay(steps.month + "-01")
        let dayCount = first.map { LocalDay.daysIn(year: $0.year, month: $0.month) } ?? steps.days.count
        let todayInMonth = first.flatMap { today.year == $0.year && today.month == $0.month ? today.day : nil }
        return MonthChart(values: steps.days.map { Double($0.steps) }, dayCount: dayCount, today: todayInMonth)
    }

    public var earned: Int { steps.achievements.filter(\.earned).count }

    public func render(_ context: PageContext) -> String {
        let l = context.localizer
        return PageShell.render(.steps, context: context) { html in
            MonthNavigation.write(month: steps.month, current: today, path: DashboardPage.steps.path, l, into: &html)
            html.start("div", [("id", "steps"), ("data-live", "steps")])
            summary(l, into: &html)
            html.start("section", [("class", "card chart"), ("aria-label", l(DashboardText.stepsChartTitle(WebFormat.month(steps.month, l))))])
            // Two drawings of the one chart: a narrow one for phones, a wide one from 48rem
            // (the style sheet shows one), so labels stay readable at either size.
            for (size, width, height, font) in [("narrow", 360.0, 260.0, 13.0), ("wide", 800.0, 360.0, 16.0)] {
                var svg = SVGWriter()
                svg.start("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("class", size), ("viewBox", "0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))"),
                    ("role", "img"), ("aria-labelledby", "steps-chart-title-\(size)")])
                svg.element("title", [("id", "steps-chart-title-\(size)")], text: l(DashboardText.stepsChartTitle(WebFormat.month(steps.month, l))) + ": "
                    + l(DashboardText.stepsTotal(WebFormat.thousands(steps.total, l))))
                SVGChart.draw(
                    chart, in: SVGRect(x: 0, y: 0, width: width, height: height), theme: .light,
                    metrics: .init(fontSize: font, lineWidth: font / 5, pointRadius: font / 4.5),
                    axisLabel: { WebFormat.axis($0, l) }, todayLabel: l(CommonText.today), into: &svg)
                html.svg(svg)
            }
            if steps.total == 0 {
                html.element("p", [("class", "muted empty")], text: l(DashboardText.noSteps))
            }
            html.end()
            RevokedNote.write(steps.revoked, l, into: &html)
            html.end()
        }
    }

    private func summary(_ l: Localizer, into html: inout HTMLWriter) {
        html.start("section", [("class", "card"), ("aria-labelledby", "steps-total")])
        html.element("h2", [("id", "steps-total"), ("data-total", String(steps.total))], text: l(DashboardText.stepsTotal(WebFormat.thousands(steps.total, l))))
        html.start("div", [("class", "badges"), ("data-earned", String(earned))])
        let shown = min(earned, 10)
        if shown > 0 {
            var svg = SVGWriter()
            let width = Double(shown) * 44 + 4
            svg.start("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(SVGNumber.format(width)) 48"), ("aria-hidden", "true"), ("focusable", "false")])
            for index in 0..<shown {
                SVGBadge.draw(cx: 24 + Double(index) * 44, cy: 24, radius: 20, theme: .light, into: &svg)
            }
            html.svg(svg)
        }
        var text = l(DashboardText.badgesEarned(earned))
        if let next = steps.achievements.first(where: { !$0.earned }) {
            text += ", " + l(DashboardText.nextBadge(
                at: WebFormat.thousands(next.threshold, l), toGo: WebFormat.thousands(max(0, next.threshold - steps.total), l)))
        }
        html.element("p", [("class", "badge-text")], text: text)
        html.end()
        html.element("p", [("class", "muted")], text: l(DashboardText.badgesHint(every: 10_000)))
        html.end()
    }
}

/// Links to the month before and after (none after the current one).
enum MonthNavigation {
    static func write(month: String, current: LocalDay, path: String, _ l: Localizer, into html: inout HTMLWriter) {
        guard let first = LocalDay(month + "-01") else { return }
        let previous = first.adding(days: -1)
        let next = first.adding(days: LocalDay.daysIn(year: first.year, month: first.month))
        html.start("nav", [("class", "month-nav"), ("aria-label", WebFormat.month(month, l))])
        html.element("a", [("href", "\(path)?month=\(label(previous))"), ("rel", "prev")], text: "← " + l(DashboardText.previousMonth))
        html.element("strong", text: WebFormat.month(month, l))
        if next <= current {
            html.element("a", [("href", "\(path)?month=\(label(next))"), ("rel", "next")], text: l(DashboardText.nextMonth) + " →")
        } else {
            html.element("span", text: "")
        }
        html.end()
    }

    /// `YYYY-MM` of `day`.
    static func label(_ day: LocalDay) -> String {
        String(day.description.prefix(7))
    }
}

/// The note a reply's `revoked` list makes: what the page leaves out while consent is revoked.
enum RevokedNote {
    static func write(_ revoked: [String]?, _ l: Localizer, into html: inout HTMLWriter) {
        guard let revoked, !revoked.isEmpty else { return }
        html.start("p", [("class", "notice"), ("role", "note")])
        html.text(l(DashboardText.revoked(revoked.map { l(DashboardText.consentName($0)) }.joined(separator: ", "))) + " ")
        html.element("a", [("href", DashboardPage.consents.path)], text: DashboardPage.consents.title(l))
        html.end()
    }
}
