import Foundation
import QuenchStrings

/// Small terminal charts: a progress bar, a sparkline (the month chart is `QuenchCharts.TerminalChart`).
enum Charts {
    /// `████████░░░░ 68%` — the bar fills at 100 %; the number may go past it.
    static func progressBar(fraction: Double, width: Int = 30, style: Style) -> String {
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        let filled = Int((clamped * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return fraction >= 1 ? style.green(bar) : style.cyan(bar)
    }

    /// The bar's width beside `other` columns of text on one line: 30, narrower in a narrow
    /// terminal (COLUMNS) so that the line never wraps, 10 at least.
    static func barWidth(besides other: Int, columns: Int = TerminalSize.columns()) -> Int {
        max(10, min(30, columns - other))
    }

    /// ▁▂▃▅▇ for a series.
    static func sparkline(_ values: [Double]) -> String {
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(values.map { value in
            span <= 0 ? blocks[3] : blocks[min(7, Int((value - low) / span * 7))]
        })
    }
}

/// Number formats for people.
enum Format {
    /// A volume in mL, shown in the user's display unit (``DisplayUnits``).
    static func millilitres(_ value: Double) -> String {
        DisplayUnits.volume(value)
    }

    /// A count with the locale's grouping: 12,345 · 12.345 · 12 345.
    static func thousands(_ value: Int64) -> String {
        l10n.integer(value)
    }

    /// `08:30` in `zone`.
    static func time(_ date: Date, zone: String) -> String {
        l10n.time(date, zone: zone)
    }

    /// A day (`YYYY-MM-DD`) as the locale writes it.
    static func day(_ day: some CustomStringConvertible) -> String {
        l10n.day(day.description)
    }

    /// An instant as its day and time in `zone`: `2026-11-24 09:34`, `24.11.2026 09:34`.
    static func dayAndTime(_ date: Date, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd"
        return day(formatter.string(from: date)) + " " + time(date, zone: zone)
    }

    /// A percent value (68.4) as the locale writes it: `68.4 %`.
    static func percent(_ value: Double) -> String {
        l10n.percent(value)
    }
}
