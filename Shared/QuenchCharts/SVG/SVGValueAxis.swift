/// The y axis every SVG chart shares: labels at the scale's ticks from 0, a grid line per
/// tick (the one at 0 is the x axis), and the plot area left beside the labels.
///
/// Element classes: `grid`, `x-axis`, `y-label`.
struct SVGValueAxis {
    let scale: NiceScale
    let labels: [String]
    /// Where the data goes: `frame` less the labels' room.
    let plot: SVGRect
    let fontSize: Double

    init(scale: NiceScale, frame: SVGRect, fontSize font: Double, axisLabel: (Double) -> String) {
        self.scale = scale
        fontSize = font
        labels = scale.ticks.map(axisLabel)
        let labelWidth = (labels.map { TextMeasure.width($0, fontSize: font) }.max() ?? font) + font * 0.6
        plot = SVGRect(
            x: frame.x + labelWidth, y: frame.y + font * 1.6,
            width: max(1, frame.width - labelWidth - font), height: max(1, frame.height - font * 3.4))
    }

    /// The y coordinate of `value`.
    func y(_ value: Double) -> Double {
        plot.maxY - scale.fraction(value) * plot.height
    }

    /// The grid lines and the y labels.
    func draw(theme: SVGTheme, into svg: inout SVGWriter) {
        for (tick, label) in zip(scale.ticks, labels) {
            let y = y(tick)
            svg.element("line", [
                ("class", tick == 0 ? "x-axis" : "grid"), ("x1", SVGNumber.format(plot.x)), ("x2", SVGNumber.format(plot.maxX)),
                ("y1", SVGNumber.format(y)), ("y2", SVGNumber.format(y)), ("stroke", tick == 0 ? theme.muted : theme.grid),
                ("stroke-width", tick == 0 ? "1.5" : "1"),
            ])
            svg.element("text", [
                ("class", "y-label"), ("x", SVGNumber.format(plot.x - fontSize * 0.5)), ("y", SVGNumber.format(y + fontSize * 0.35)),
                ("text-anchor", "end"), ("fill", theme.muted),
            ], text: label)
        }
    }
}
