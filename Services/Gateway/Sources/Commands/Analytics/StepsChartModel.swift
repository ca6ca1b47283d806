import Foundation
import QuenchCharts
import QuenchProtocol

/// The steps month as the charts draw it, and the options that render it here.
enum StepsChartModel {
    /// The month's chart: every day of `reply.month` on x, the days so far as points,
    /// today marked when it falls in the month (in `timeZone`).
    static func chart(_ reply: StepsMonthReply, timeZone: String, now: Date = Date()) -> MonthChart {
        let first = LocalDay("\(reply.month)-01")
        let dayCount = first.map { LocalDay.daysIn(year: $0.year, month: $0.month) } ?? reply.days.count
        let today = TimeZone(identifier: timeZone).map { LocalDay(instant: now, timeZone: $0) }
        let todayInMonth = today.flatMap { day in first.flatMap { day.year == $0.year && day.month == $0.month ? day.day : nil } }
        return MonthChart(values: reply.days.map { Double($0.steps) }, dayCount: dayCount, today: todayInMonth)
    }

    /// The terminal chart's options: the terminal's width, cyan data, yellow today.
    static func terminalOptions(style: Style, todayLabel: String) -> TerminalChartOptions {
        TerminalChartOptions(
            width: TerminalSize.columns(), axisLabel: { Steps.Text.axis($0) }, valueLabel: { Format.thousands(Int64($0.rounded())) }, todayLabel: todayLabel,
            paintData: { style.cyan($0) }, paintToday: { style.yellow($0) })
    }
}
