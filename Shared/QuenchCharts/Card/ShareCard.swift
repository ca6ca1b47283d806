/// A progress card for sharing, sized for a phone screen: 1080 units wide, a title, then
/// sections stacked in rounded panels — a progress ring, a month chart with badges, a big
/// number with rows (points), a list of rows (records) — and a footer. Every text comes in
/// already worded and formatted (the caller owns language and number formats); the card
/// escapes it, and cuts what would not fit with an ellipsis.
///
/// Element classes (stable, for tests and style sheets): `card`, `title`, `subtitle`,
/// `section` (with `data-section`), `heading`, `ring-track`, `ring-progress`, `ring-value`,
/// `summary`, `badges`, `value`, `caption`, `row`, `row-label`, `row-value`, `row-detail`,
/// `empty`, `footer`, and the chart's (see `SVGChart`).
public struct ShareCard: Sendable {
    /// A progress ring with its numbers beside it.
    public struct Ring: Sendable {
        public var heading: String
        /// Progress, 1 for a full ring (more is drawn full).
        public var fraction: Double
        /// Inside the ring, e.g. `68 %`.
        public var centre: String
        /// Beside the ring: a big line, then smaller ones.
        public var lines: [String]
        /// Drawn in the "met" colour.
        public var met: Bool

        public init(heading: String, fraction: Double, centre: String, lines: [String], met: Bool) {
            self.heading = heading
            self.fraction = fraction
            self.centre = centre
            self.lines = lines
            self.met = met
        }
    }

    /// A month chart with a summary line and a badge count.
    public struct Chart: Sendable {
        public var heading: String
        public var summary: String
        public var chart: MonthChart
        /// How many badges to show a medal for (0 shows none).
        public var badges: Int
        public var badgeText: String
        public var todayLabel: String
        /// A y axis label for a tick value (the caller's language: `12.5k`, `12,5 Tsd.`).
        public var axisLabel: @Sendable (Double) -> String

        public init(
            heading: String, summary: String, chart: MonthChart, badges: Int, badgeText: String, todayLabel: String,
            axisLabel: @escaping @Sendable (Double) -> String = AxisFormat.compact
        ) {
            self.axisLabel = axisLabel
            self.heading = heading
            self.summary = summary
            self.chart = chart
            self.badges = badges
            self.badgeText = badgeText
            self.todayLabel = todayLabel
        }
    }

    /// A label with a value on the right and an optional muted detail between.
    public struct Row: Sendable, Equatable {
        public var label: String
        public var value: String
        public var detail: String?

        public init(label: String, value: String, detail: String? = nil) {
            self.label = label
            self.value = value
            self.detail = detail
        }
    }

    /// A big number with a caption, then rows (or a muted line when there are none).
    public struct Tally: Sendable {
        public var heading: String
        public var value: String
        public var caption: String
        public var rows: [Row]
        public var empty: String

        public init(heading: String, value: String, caption: String, rows: [Row], empty: String) {
            self.heading = heading
            self.value = value
            self.caption = caption
            self.rows = rows
            self.empty = empty
        }
    }

    /// Rows under a heading (or a muted line when there are none).
    public struct List: Sendable {
        public var heading: String
        public var rows: [Row]
        public var empty: String

        public init(heading: String, rows: [Row], empty: String) {
            self.heading = heading
            self.rows = rows
            self.empty = empty
        }
    }

    public enum Section: Sendable {
        case ring(Ring)
        case chart(Chart)
        case tally(Tally)
        case list(List)
    }

    public var title: String
    public var subtitle: String
    public var footer: String
    public var sections: [Section]
    /// The card is at least this tall (a phone screen's 1080 × 1920 for the whole card).
    public var minimumHeight: Double

    /// The card's width in SVG units; text sizes are chosen for it.
    public static let width = 1080.0
    /// A phone screen's height at `width` (9:16).
    public static let phoneHeight = 1920.0
    /// Tally and list rows beyond these are left out (the caller says how many in its text).
    public static let maxTallyRows = 2
    public static let maxListRows = 3

    public init(title: String, subtitle: String, footer: String, sections: [Section], minimumHeight: Double = 0) {
        self.title = title
        self.subtitle = subtitle
        self.footer = footer
        self.sections = sections
        self.minimumHeight = minimumHeight
    }

    /// The card as an SVG document.
    public func svg(theme: SVGTheme = .dark) -> String {
        var layout = ShareCardLayout(theme: theme)
        return layout.render(self)
    }
}
