/// A progress ring: a full circle as the track, an arc from 12 o'clock clockwise for the
/// progress (full from 100 % on), and a centred text inside. The share card and the web
/// dashboard draw today's water with it.
///
/// Element classes (stable, for tests and style sheets): `ring-track`, `ring-progress`
/// (absent at 0 %), `ring-value`.
public enum SVGRing {
    /// Appends the ring centred on (`cx`, `cy`) to `svg`.
    /// - Parameters:
    ///   - fraction: progress, 1 for a full ring (more is drawn full; non-finite as 0).
    ///   - centre: the text inside, e.g. `68 %`; sized to fit the hole, at most `maxFontSize`.
    ///   - met: drawn in the theme's "met" colour instead of its water colour.
    public static func draw(
        fraction: Double, centre: String, met: Bool, cx: Double, cy: Double, radius: Double, stroke: Double, theme: SVGTheme,
        maxFontSize: Double = 56, into svg: inout SVGWriter
    ) {
        let circumference = 2 * Double.pi * radius
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let colour = met ? theme.goalMet : theme.water
        let circle = [("cx", SVGNumber.format(cx)), ("cy", SVGNumber.format(cy)), ("r", SVGNumber.format(radius)), ("fill", "none")]
        svg.element("circle", [("class", "ring-track")] + circle + [("stroke", theme.track), ("stroke-width", SVGNumber.format(stroke))])
        if clamped > 0 {
            svg.element("circle", [("class", "ring-progress")] + circle + [
                ("stroke", colour), ("stroke-width", SVGNumber.format(stroke)), ("stroke-linecap", clamped < 1 ? "round" : "butt"),
                ("stroke-dasharray", "\(SVGNumber.format(clamped * circumference)) \(SVGNumber.format(circumference))"),
                ("transform", "rotate(-90 \(SVGNumber.format(cx)) \(SVGNumber.format(cy)))"),
            ])
        }
        let size = centreFontSize(centre, radius: radius, stroke: stroke, maxFontSize: maxFontSize)
        svg.element("text", [
            ("class", "ring-value"), ("x", SVGNumber.format(cx)), ("y", SVGNumber.format(cy + size * 0.35)), ("font-size", SVGNumber.format(size)),
            ("fill", theme.text), ("font-weight", "bold"), ("text-anchor", "middle"),
        ], text: centre)
    }

    /// The centre text's size: as large as fits the ring's hole, at most `maxFontSize`.
    public static func centreFontSize(_ centre: String, radius: Double, stroke: Double, maxFontSize: Double = 56) -> Double {
        min(maxFontSize, (2 * radius - stroke - 16) / max(1, TextMeasure.width(centre, fontSize: 1, bold: true)))
    }
}
