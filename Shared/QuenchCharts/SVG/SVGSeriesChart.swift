/// Draws a `SeriesChart` into SVG with `SVGChart`'s look: grid lines at the scale's ticks
/// labelled from 0, the line with its shaded area, a point per entry, some entries'
/// labels below, the highlighted entry (a record) larger and in the "today" colour.
///
/// Element classes (stable, for tests and style sheets): `chart`, `grid`, `x-axis`,
/// `y-label`, `x-label`, `area`, `line`, `point` (one per entry, with `data-label` and
/// `data-value`; the highlighted one also `record`).
public enum SVGSeriesChart {
    /// Appends the chart, fitted into `frame` (labels included), to `svg`.
    public static func draw(
        _ chart: SeriesChart, in frame: SVGRect, theme: SVGTheme, metrics: SVGChart.Metrics = .init(),
        axisLabel: (Double) -> String = AxisFormat.compact, into svg: inout SVGWriter
    ) {
        let font = metrics.fontSize
        let axis = SVGValueAxis(scale: chart.scale, frame: frame, fontSize: font, axisLabel: axisLabel)
        let plot = axis.plot
        // Half a point's room at each end, so the first and last points are not on the frame.
        let inset = min(plot.width / 4, font)
        func px(_ index: Int) -> Double { plot.x + inset + chart.x(index) * (plot.width - 2 * inset) }

        svg.start("g", [("class", "chart"), ("font-family", theme.fontFamily), ("font-size", SVGNumber.format(font))])
        axis.draw(theme: theme, into: &svg)
        // The end labels hang inwards from the plot's edges (anchored start and end), so a
        // label needs half as much room again as its own width to keep clear of them.
        let labelWidth = ((chart.points.map { TextMeasure.width($0.label, fontSize: font) }.max() ?? 0) + font) * 1.5
        for index in chart.labelled(width: plot.width, labelWidth: labelWidth) {
            let anchor = chart.points.count > 1 && index == 0 ? "start" : (chart.points.count > 1 && index == chart.points.count - 1 ? "end" : "middle")
            let x = anchor == "start" ? plot.x : (anchor == "end" ? plot.maxX : px(index))
            svg.element("text", [
                ("class", "x-label"), ("x", SVGNumber.format(x)), ("y", SVGNumber.format(plot.maxY + font * 1.4)),
                ("text-anchor", anchor), ("fill", theme.muted),
            ], text: chart.points[index].label)
        }
        SVGChart.drawArea(
            chart.points.indices.map { (px($0), axis.y(chart.points[$0].value)) }, baseline: plot.maxY, theme: theme, metrics: metrics, into: &svg)
        for (index, point) in chart.points.enumerated() {
            let marked = index == chart.highlight
            svg.element("circle", [
                ("class", marked ? "point record" : "point"), ("data-label", point.label), ("data-value", SVGNumber.format(point.value)),
                ("cx", SVGNumber.format(px(index))), ("cy", SVGNumber.format(axis.y(point.value))),
                ("r", SVGNumber.format(marked ? metrics.pointRadius * 1.8 : metrics.pointRadius)), ("fill", marked ? theme.today : theme.line),
            ])
        }
        svg.end()
    }
}
