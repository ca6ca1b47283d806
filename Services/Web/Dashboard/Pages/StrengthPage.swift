import QuenchStrings
public import QuenchProtocol
public import QuenchCharts

/// The strength page: per exercise, its record and a chart of its one-rep-max estimates,
/// one point per training day (oldest first, y from 0; `QuenchCharts.SVGSeriesChart`), the
/// record marked.
public struct StrengthPage: Sendable {
    /// `analytics.orm`.
    public var orm: OneRepMaxReply

    public init(orm: OneRepMaxReply) {
        self.orm = orm
    }

    /// The chart of one exercise: its series oldest first, in the user's weight unit, the
    /// record's day marked.
    public static func chart(_ exercise: ExerciseOneRepMax, units: DisplayUnits) -> SeriesChart {
        let factor = units.weight == "lb" ? 1 / ValueRules.kilogramsPerPound : 1
        let oldestFirst = Array(exercise.series.reversed())
        let record = exercise.personalRecord.flatMap { record in oldestFirst.lastIndex { $0.day == record.day } }
        return SeriesChart(
            points: oldestFirst.map { SeriesChart.Point(label: $0.day.description, value: $0.oneRepMax * factor) }, highlight: record)
    }

    public func render(_ context: PageContext) -> String {
        let l = context.localizer
        return PageShell.render(.strength, context: context) { html in
            html.start("div", [("id", "strength"), ("data-live", "strength")])
            html.element("p", [("class", "muted")], text: l(DashboardText.strengthIntro))
            RevokedNote.write(orm.revoked, l, into: &html)
            if orm.exercises.isEmpty && orm.revoked == nil {
                html.element("p", [("class", "card muted empty")], text: l(DashboardText.noStrength))
            }
            html.start("div", [("class", "columns")])
            for (index, exercise) in orm.exercises.enumerated() {
                section(exercise, index: index, context: context, into: &html)
            }
            html.end()
            html.end()
        }
    }

    private func section(_ exercise: ExerciseOneRepMax, index: Int, context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        let headingID = "exercise-\(index)"
        html.start("section", [("class", "card chart exercise"), ("aria-labelledby", headingID), ("data-exercise", exercise.name)])
        html.element("h2", [("id", headingID)], text: exercise.name)
        if let record = exercise.personalRecord {
            html.element("p", [("class", "personal-record")], text: l(DashboardText.record(
                weight: WebFormat.weight(record.oneRepMax, units: context.units, l), day: WebFormat.day(record.day, l))))
        }
        if !exercise.series.isEmpty {
            var svg = SVGWriter()
            svg.start("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 400 240"), ("role", "img"), ("aria-labelledby", "\(headingID)-chart")])
            svg.element("title", [("id", "\(headingID)-chart")], text: l(DashboardText.strengthChartTitle(exercise.name)))
            SVGSeriesChart.draw(
                Self.chart(exercise, units: context.units), in: SVGRect(x: 0, y: 0, width: 400, height: 240), theme: .light,
                metrics: .init(fontSize: 15, lineWidth: 3, pointRadius: 4), axisLabel: { WebFormat.axis($0, l) }, into: &svg)
            html.svg(svg)
        }
        if exercise.excludedSets > 0 {
            html.element("p", [("class", "muted")], text: l(DashboardText.excluded(sets: exercise.excludedSets, reps: 12)))
        }
        html.end()
    }
}
