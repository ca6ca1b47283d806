/// Draws a `MonthChart` into SVG: a line through each day's value (or bars), horizontal grid
/// lines at the scale's ticks labelled from 0, the days of the month below, and today
/// marked by a dashed line and a label. The same drawing serves `quench steps --svg` and the
/// share card.
///
/// Element classes (stable, for tests and style sheets): `chart`, `grid`, `y-label`,
/// `x-axis`, `x-label`, `area`, `line`, `point` (one per day with a value, with `data-day`
/// and `data-value`), `bar`, `today`, `today-label`.
public enum SVGChart {
    public enum Kind: Sendable {
        case line
        case bars
    }

    /// Sizes of type and marks, in user units.
    public struct Metrics: Sendable {
        public var fontSize: Double
        public var lineWidth: Double
        public var pointRadius: Double

        public init(fontSize: Double = 14, lineWidth: Double = 2.5, pointRadius: Double = 3) {
            self.fontSize = fontSize
            self.lineWidth = lineWidth
            self.pointRadius = pointRadius
        }
    }

    /// Appends the chart, fitted into `frame` (labels included), to `svg`.
    public static func draw(
        _ chart: MonthChart, kind: Kind = .line, in frame: SVGRect, theme: SVGTheme, metrics: Metrics = Metrics(),
        axisLabel: (Double) -> String = AxisFormat.compact, todayLabel: String = "today", into svg: inout SVGWriter
    ) {
        let font = metrics.fontSize
        let axis = SVGValueAxis(scale: chart.scale, frame: frame, fontSize: font, axisLabel: axisLabel)
        let plot = axis.plot
        func px(_ day: Int) -> Double {
            kind == .bars
                ? plot.x + (Double(day) - 0.5) / Double(chart.dayCount) * plot.width
                : plot.x + chart.x(day: day) * plot.width
        }
        func py(_ value: Double) -> Double { axis.y(value) }

        svg.start("g", [("class", "chart"), ("font-family", theme.fontFamily), ("font-size", SVGNumber.format(font))])
        axis.draw(theme: theme, into: &svg)
        let xLabelWidth = font * 2.6
        for day in chart.dayTicks(width: plot.width, labelWidth: xLabelWidth) {
            svg.element("text", [
                ("class", "x-label"), ("x", SVGNumber.format(px(day))), ("y", SVGNumber.format(plot.maxY + font * 1.4)),
                ("text-anchor", "middle"), ("fill", day == chart.today ? theme.today : theme.muted),
            ], text: String(day))
        }
        if let today = chart.today {
            let x = px(today)
            svg.element("line", [
                ("class", "today"), ("x1", SVGNumber.format(x)), ("x2", SVGNumber.format(x)), ("y1", SVGNumber.format(plot.y - font * 0.2)),
                ("y2", SVGNumber.format(plot.maxY)), ("stroke", theme.today), ("stroke-width", "1.5"), ("stroke-dasharray", "4 4"),
            ])
            let anchor = x > plot.maxX - font * 3 ? "end" : (x < plot.x + font * 3 ? "start" : "middle")
            svg.element("text", [
                ("class", "today-label"), ("x", SVGNumber.format(x)), ("y", SVGNumber.format(plot.y - font * 0.5)), ("text-anchor", anchor),
                ("fill", theme.today), ("font-weight", "bold"),
            ], text: todayLabel)
        }
        switch kind {
        case .line: drawLine(chart, px: px, py: py, baseline: plot.maxY, theme: theme, metrics: metrics, into: &svg)
        case .bars: drawBars(chart, px: px, py: py, barWidth: plot.width / Double(chart.dayCount) * 0.7, theme: theme, into: &svg)
        }
        svg.end()
    }

    private static func drawLine(
        _ chart: MonthChart, px: (Int) -> Double, py: (Double) -> Double, baseline: Double, theme: SVGTheme, metrics: Metrics,
        into svg: inout SVGWriter
    ) {
        drawArea(chart.points.map { (px($0.day), py($0.value)) }, baseline: baseline, theme: theme, metrics: metrics, into: &svg)
        for point in chart.points {
            let isToday = point.day == chart.today
            svg.element("circle", [
                ("class", "point"), ("data-day", String(point.day)), ("data-value", SVGNumber.format(point.value)),
                ("cx", SVGNumber.format(px(point.day))), ("cy", SVGNumber.format(py(point.value))),
                ("r", SVGNumber.format(isToday ? metrics.pointRadius * 1.8 : metrics.pointRadius)),
                ("fill", isToday ? theme.today : theme.line),
            ])
        }
    }

    private static func drawBars(
        _ chart: MonthChart, px: (Int) -> Double, py: (Double) -> Double, barWidth: Double, theme: SVGTheme, into svg: inout SVGWriter
    ) {
        for point in chart.points {
            let top = py(point.value)
            svg.element("rect", [
                ("class", "bar point"), ("data-day", String(point.day)), ("data-value", SVGNumber.format(point.value)),
                ("x", SVGNumber.format(px(point.day) - barWidth / 2)), ("y", SVGNumber.format(top)), ("width", SVGNumber.format(barWidth)),
                ("height", SVGNumber.format(py(0) - top)), ("rx", SVGNumber.format(min(3, barWidth / 4))),
                ("fill", point.day == chart.today ? theme.today : theme.line),
            ])
        }
    }

    /// The shaded area under a line through `coordinates` down to `baseline`, and the line.
    static func drawArea(_ coordinates: [(Double, Double)], baseline: Double, theme: SVGTheme, metrics: Metrics, into svg: inout SVGWriter) {
        guard let first = coordinates.first, let last = coordinates.last else { return }
        let line = coordinates.map { "\(SVGNumber.format($0.0)),\(SVGNumber.format($0.1))" }
        let area = ["\(SVGNumber.format(first.0)),\(SVGNumber.format(baseline))"] + line + ["\(SVGNumber.format(last.0)),\(SVGNumber.format(baseline))"]
        svg.element("polygon", [("class", "area"), ("points", area.joined(separator: " ")), ("fill", theme.area), ("fill-opacity", "0.18")])
        svg.element("polyline", [
            ("class", "line"), ("points", line.joined(separator: " ")), ("fill", "none"), ("stroke", theme.line),
            ("stroke-width", SVGNumber.format(metrics.lineWidth)), ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
        ])
    }
}
