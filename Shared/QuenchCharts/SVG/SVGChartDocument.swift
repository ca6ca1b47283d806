/// A `MonthChart` as a whole SVG document: a title, a line of summary, the chart.
public enum SVGChartDocument {
    public static func render(
        _ chart: MonthChart, kind: SVGChart.Kind = .line, title: String, summary: String, todayLabel: String = "today",
        axisLabel: (Double) -> String = AxisFormat.compact, theme: SVGTheme = .light, width: Double = 800, height: Double = 450
    ) -> String {
        var svg = SVGWriter()
        svg.startDocument(width: width, height: height, attributes: [("font-family", theme.fontFamily)])
        svg.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%"), ("fill", theme.background)])
        let margin = 24.0
        svg.element("text", [
            ("class", "title"), ("x", SVGNumber.format(margin)), ("y", "42"), ("font-size", "24"), ("font-weight", "bold"), ("fill", theme.text),
        ], text: TextMeasure.fit(title, maxWidth: width - 2 * margin, fontSize: 24, bold: true))
        svg.element("text", [("class", "summary"), ("x", SVGNumber.format(margin)), ("y", "70"), ("font-size", "16"), ("fill", theme.muted)],
            text: TextMeasure.fit(summary, maxWidth: width - 2 * margin, fontSize: 16))
        SVGChart.draw(
            chart, kind: kind, in: SVGRect(x: margin / 2, y: 86, width: width - margin, height: height - 86 - margin / 2), theme: theme,
            axisLabel: axisLabel, todayLabel: todayLabel, into: &svg)
        return svg.finished()
    }
}
