/// Colours and type for the SVG renderers.
public struct SVGTheme: Sendable, Equatable {
    public var background: String
    /// A second background colour: the card's gradient runs from `background` to it.
    public var backgroundEnd: String
    public var text: String
    /// Secondary text (captions, axis labels); still ≥ 7:1 against the background.
    public var muted: String
    public var grid: String
    public var line: String
    public var area: String
    public var today: String
    public var water: String
    public var goalMet: String
    public var track: String
    public var badge: String
    public var fontFamily: String

    public init(
        background: String, backgroundEnd: String, text: String, muted: String, grid: String, line: String, area: String, today: String,
        water: String, goalMet: String, track: String, badge: String,
        fontFamily: String = "'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif"
    ) {
        self.background = background
        self.backgroundEnd = backgroundEnd
        self.text = text
        self.muted = muted
        self.grid = grid
        self.line = line
        self.area = area
        self.today = today
        self.water = water
        self.goalMet = goalMet
        self.track = track
        self.badge = badge
        self.fontFamily = fontFamily
    }

    /// Dark blue, for the share card.
    public static let dark = SVGTheme(
        background: "#0B1F2E", backgroundEnd: "#123C56", text: "#FFFFFF", muted: "#C9D8E6", grid: "#2E4D66", line: "#5EEAD4",
        area: "#5EEAD4", today: "#FBBF24", water: "#38BDF8", goalMet: "#4ADE80", track: "#1E3A52", badge: "#FBBF24")

    /// White, for a chart on its own (documents, web pages).
    public static let light = SVGTheme(
        background: "#FFFFFF", backgroundEnd: "#FFFFFF", text: "#0F172A", muted: "#334155", grid: "#D5DEE8", line: "#0F766E",
        area: "#14B8A6", today: "#B45309", water: "#0369A1", goalMet: "#15803D", track: "#E2E8F0", badge: "#B45309")
}
