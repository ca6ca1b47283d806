/// How a `MonthChart` is drawn in a terminal.
public struct TerminalChartOptions: Sendable {
    /// The columns the chart may use, y labels included.
    public var width: Int
    /// The plot's height in rows, about (it is rounded to a whole number of rows per tick).
    public var height: Int
    /// A y axis label for a tick value.
    public var axisLabel: @Sendable (Double) -> String
    /// A value in the narrow-terminal list.
    public var valueLabel: @Sendable (Double) -> String
    /// Written after the ▲ under today.
    public var todayLabel: String
    /// Colours the line or the bars (ANSI escapes, or nothing).
    public var paintData: @Sendable (String) -> String
    /// Colours today's marker and today's column.
    public var paintToday: @Sendable (String) -> String

    public init(
        width: Int = 80, height: Int = 12, axisLabel: @escaping @Sendable (Double) -> String = AxisFormat.compact,
        valueLabel: @escaping @Sendable (Double) -> String = { String(Int64($0.rounded())) }, todayLabel: String = "today",
        paintData: @escaping @Sendable (String) -> String = { $0 }, paintToday: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.width = width
        self.height = height
        self.axisLabel = axisLabel
        self.valueLabel = valueLabel
        self.todayLabel = todayLabel
        self.paintData = paintData
        self.paintToday = paintToday
    }
}
