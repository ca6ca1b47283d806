/// A medal: a filled disc with a five-pointed star cut out in the background colour. The
/// share card's steps badge and the web dashboard's badges.
public enum SVGBadge {
    /// Appends a medal of `radius` centred on (`cx`, `cy`) to `svg`; `earned: false` draws it
    /// in the track colour (a badge still to earn).
    public static func draw(cx: Double, cy: Double, radius: Double, theme: SVGTheme, earned: Bool = true, into svg: inout SVGWriter) {
        svg.element("circle", [
            ("cx", SVGNumber.format(cx)), ("cy", SVGNumber.format(cy)), ("r", SVGNumber.format(radius)), ("fill", earned ? theme.badge : theme.track),
        ])
        svg.element("path", [("d", star(cx: cx, cy: cy, radius: radius * 13 / 22)), ("fill", theme.background)])
    }

    /// A five-pointed star's path.
    public static func star(cx: Double, cy: Double, radius: Double) -> String {
        let points = unitStar.map { "\(SVGNumber.format(cx + radius * $0.0)),\(SVGNumber.format(cy + radius * $0.1))" }
        return "M" + points.joined(separator: " L") + " Z"
    }

    /// A star's corners on the unit circle (outer) and at 0.45 (inner), from the top, clockwise.
    private static let unitStar: [(Double, Double)] = [
        (0.0000, -1.0000), (0.2645, -0.3641), (0.9511, -0.3090), (0.4280, 0.1391), (0.5878, 0.8090),
        (0.0000, 0.4500), (-0.5878, 0.8090), (-0.4280, 0.1391), (-0.9511, -0.3090), (-0.2645, -0.3641),
    ]
}
