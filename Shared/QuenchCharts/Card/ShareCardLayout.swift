/// Lays a `ShareCard` out: fixed sizes for a 1080-unit-wide card, body text ≥ 34 units
/// (≈ 12 pt on a phone showing the card full width), headings 44, big numbers 72–96.
struct ShareCardLayout {
    let theme: SVGTheme
    private var svg = SVGWriter()

    static let margin = 40.0
    static let padding = 40.0
    static let gap = 20.0
    static let headerHeight = 180.0
    static let footerHeight = 70.0
    static let headingSize = 44.0
    static let bodySize = 36.0

    init(theme: SVGTheme) {
        self.theme = theme
    }

    private var width: Double { ShareCard.width }
    private var left: Double { Self.margin + Self.padding }
    private var right: Double { width - Self.margin - Self.padding }

    static func height(of section: ShareCard.Section) -> Double {
        switch section {
        case .ring: 360
        case .chart: 560
        case .tally(let tally): 240 + Double(max(1, min(tally.rows.count, ShareCard.maxTallyRows))) * 52
        case .list(let list): 130 + Double(max(1, min(list.rows.count, ShareCard.maxListRows))) * 60
        }
    }

    mutating func render(_ card: ShareCard) -> String {
        let content = Self.headerHeight + card.sections.map { Self.height(of: $0) + Self.gap }.reduce(0, +) + Self.footerHeight
        let height = max(content, card.minimumHeight)
        svg.startDocument(width: width, height: height, attributes: [("class", "card"), ("font-family", theme.fontFamily)])
        svg.start("defs")
        svg.start("linearGradient", [("id", "card-background"), ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "1")])
        svg.element("stop", [("offset", "0"), ("stop-color", theme.background)])
        svg.element("stop", [("offset", "1"), ("stop-color", theme.backgroundEnd)])
        svg.end()
        svg.end()
        svg.element("rect", [("class", "background"), ("width", SVGNumber.format(width)), ("height", SVGNumber.format(height)), ("fill", "url(#card-background)")])
        text(card.title, class: "title", x: Self.margin, y: 100, size: 64, bold: true, maxWidth: width - 2 * Self.margin)
        text(card.subtitle, class: "subtitle", x: Self.margin, y: 150, size: Self.bodySize, colour: theme.muted, maxWidth: width - 2 * Self.margin)
        // Spare height (the whole card on a phone screen) goes between the sections.
        let spare = (height - content) / Double(card.sections.count + 1)
        var y = Self.headerHeight + spare
        for section in card.sections {
            let sectionHeight = Self.height(of: section)
            panel(section, y: y, height: sectionHeight)
            y += sectionHeight + Self.gap + spare
        }
        text(card.footer, class: "footer", x: width / 2, y: height - 30, size: 28, colour: theme.muted, anchor: "middle", maxWidth: width - 2 * Self.margin)
        return svg.finished()
    }

    private mutating func panel(_ section: ShareCard.Section, y: Double, height: Double) {
        let name = switch section {
        case .ring: "ring"
        case .chart: "chart"
        case .tally: "tally"
        case .list: "list"
        }
        svg.start("g", [("class", "section"), ("data-section", name)])
        svg.element("rect", [
            ("x", SVGNumber.format(Self.margin)), ("y", SVGNumber.format(y)), ("width", SVGNumber.format(width - 2 * Self.margin)),
            ("height", SVGNumber.format(height)), ("rx", "32"), ("fill", "#FFFFFF"), ("fill-opacity", "0.07"),
        ])
        switch section {
        case .ring(let ring): draw(ring, y: y)
        case .chart(let chart): draw(chart, y: y)
        case .tally(let tally): draw(tally, y: y)
        case .list(let list): draw(list, y: y)
        }
        svg.end()
    }

    private mutating func heading(_ value: String, y: Double) {
        text(value, class: "heading", x: left, y: y + 72, size: Self.headingSize, bold: true, maxWidth: right - left)
    }

    private mutating func draw(_ ring: ShareCard.Ring, y: Double) {
        heading(ring.heading, y: y)
        let radius = 100.0
        let stroke = 32.0
        let cx = left + radius + stroke / 2
        let cy = y + 215
        let colour = ring.met ? theme.goalMet : theme.water
        SVGRing.draw(fraction: ring.fraction, centre: ring.centre, met: ring.met, cx: cx, cy: cy, radius: radius, stroke: stroke, theme: theme, into: &svg)
        let textX = cx + radius + stroke / 2 + 48
        for (index, line) in ring.lines.prefix(3).enumerated() {
            let first = index == 0
            text(
                line, class: "summary", x: textX, y: cy - 40 + Double(index) * 62, size: first ? 52 : Self.bodySize, bold: first,
                colour: index == 2 ? colour : (first ? theme.text : theme.muted), maxWidth: right - textX)
        }
    }

    private mutating func draw(_ chart: ShareCard.Chart, y: Double) {
        heading(chart.heading, y: y)
        // The summary and the badges share a line: each gets the room the other leaves.
        let medal = chart.badges > 0 ? 60.0 : 0
        let summaryWidth = min(TextMeasure.width(chart.summary, fontSize: 40, bold: true), (right - left) / 2)
        text(chart.summary, class: "summary", x: left, y: y + 130, size: 40, bold: true, maxWidth: (right - left) / 2)
        if chart.badges > 0 || !chart.badgeText.isEmpty {
            let room = right - left - summaryWidth - 32 - medal
            let badge = Self.fitted(chart.badgeText, maxWidth: room, size: Self.bodySize)
            let medalX = right - TextMeasure.width(badge.text, fontSize: badge.size) - 34
            svg.start("g", [("class", "badges"), ("data-count", String(chart.badges))])
            if chart.badges > 0 {
                SVGBadge.draw(cx: medalX, cy: y + 118, radius: 22, theme: theme, into: &svg)
            }
            text(chart.badgeText, class: "badge-text", x: right, y: y + 130, size: Self.bodySize, colour: theme.muted, anchor: "end", maxWidth: room)
            svg.end()
        }
        SVGChart.draw(
            chart.chart, in: SVGRect(x: left - 16, y: y + 150, width: right - left + 32, height: 390), theme: theme,
            metrics: .init(fontSize: 28, lineWidth: 5, pointRadius: 6), axisLabel: chart.axisLabel, todayLabel: chart.todayLabel, into: &svg)
    }

    private mutating func draw(_ tally: ShareCard.Tally, y: Double) {
        heading(tally.heading, y: y)
        text(tally.value, class: "value", x: left, y: y + 175, size: 88, bold: true, colour: theme.badge)
        let captionX = left + TextMeasure.width(tally.value, fontSize: 88, bold: true) + 24
        text(tally.caption, class: "caption", x: captionX, y: y + 175, size: 40, colour: theme.muted, maxWidth: right - captionX)
        rows(tally.rows.prefix(ShareCard.maxTallyRows), empty: tally.empty, top: y + 250, spacing: 52)
    }

    private mutating func draw(_ list: ShareCard.List, y: Double) {
        heading(list.heading, y: y)
        rows(list.rows.prefix(ShareCard.maxListRows), empty: list.empty, top: y + 148, spacing: 60)
    }

    private mutating func rows(_ rows: ArraySlice<ShareCard.Row>, empty: String, top: Double, spacing: Double) {
        guard !rows.isEmpty else {
            text(empty, class: "empty", x: left, y: top, size: Self.bodySize, colour: theme.muted, maxWidth: right - left)
            return
        }
        for (index, row) in rows.enumerated() {
            let baseline = top + Double(index) * spacing
            let valueWidth = TextMeasure.width(row.value, fontSize: Self.bodySize, bold: true)
            let detailWidth = row.detail.map { TextMeasure.width($0, fontSize: 30) + 28 } ?? 0
            svg.start("g", [("class", "row")])
            text(row.label, class: "row-label", x: left, y: baseline, size: Self.bodySize, maxWidth: right - left - valueWidth - detailWidth - 28)
            if let detail = row.detail {
                text(detail, class: "row-detail", x: right - valueWidth - 28, y: baseline, size: 30, colour: theme.muted, anchor: "end")
            }
            text(row.value, class: "row-value", x: right, y: baseline, size: Self.bodySize, bold: true, anchor: "end")
            svg.end()
        }
    }

    private mutating func text(
        _ value: String, class name: String, x: Double, y: Double, size: Double, bold: Bool = false, colour: String? = nil,
        anchor: String = "start", maxWidth: Double? = nil
    ) {
        let shown = maxWidth.map { Self.fitted(value, maxWidth: $0, size: size, bold: bold) } ?? (text: value, size: size)
        var attributes = [
            ("class", name), ("x", SVGNumber.format(x)), ("y", SVGNumber.format(y)), ("font-size", SVGNumber.format(shown.size)),
            ("fill", colour ?? theme.text),
        ]
        if bold { attributes.append(("font-weight", "bold")) }
        if anchor != "start" { attributes.append(("text-anchor", anchor)) }
        svg.element("text", attributes, text: shown.text)
    }

    /// Text too wide for `maxWidth` is drawn smaller first (down to `minimumScale` of its size,
    /// never below `minimumSize`), so a longer translation still shows whole; only what does
    /// not fit even then is cut with an ellipsis.
    static func fitted(_ value: String, maxWidth: Double, size: Double, bold: Bool = false) -> (text: String, size: Double) {
        let width = TextMeasure.width(value, fontSize: size, bold: bold)
        guard width > maxWidth, width > 0 else { return (value, size) }
        let smallest = max(min(size, minimumSize), size * minimumScale)
        let shrunk = max(smallest, (size * maxWidth / width * 100).rounded(.down) / 100)
        return (TextMeasure.fit(value, maxWidth: maxWidth, fontSize: shrunk, bold: bold), shrunk)
    }

    /// How far `fitted` shrinks text: to 75 % of its size, never below 28 units (≈ 10 pt).
    static let minimumScale = 0.75
    static let minimumSize = 28.0
}
