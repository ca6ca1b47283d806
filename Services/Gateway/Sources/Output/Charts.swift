import Foundation

/// Small terminal charts: a progress bar, a sparkline (the month chart is `QuenchCharts.TerminalChart`).
enum Charts {
    /// `████████░░░░ 68%` — the bar fills at 100 %; the number may go past it.
    static func progressBar(fraction: Double, width: Int = 30, style: Style) -> String {
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        let filled = Int((clamped * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return fraction >= 1 ? style.green(bar) : style.cyan(bar)
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

    static func thousands(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + String(out.reversed())
    }

    static func time(_ date: Date, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
