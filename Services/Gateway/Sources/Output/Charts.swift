import Foundation

/// Terminal charts: a progress bar, a vertical bar chart with a y axis from 0, a sparkline.
enum Charts {
    /// `████████░░░░ 68%` — the bar fills at 100 %; the number may go past it.
    static func progressBar(fraction: Double, width: Int = 30, style: Style) -> String {
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        let filled = Int((clamped * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return fraction >= 1 ? style.green(bar) : style.cyan(bar)
    }

    /// A vertical bar chart: one column per value, a labelled y axis from 0 to `axisMax`,
    /// x labels every `labelEvery` columns.
    static func bars(values: [Double], labels: [String], axisMax: Double, height: Int = 10, labelEvery: Int = 5, style: Style) -> String {
        guard !values.isEmpty, axisMax > 0 else { return "(no data)" }
        let axisLabels = (0...height).map { formatAxis(axisMax * Double($0) / Double(height)) }
        let axisWidth = axisLabels.map(\.count).max() ?? 1
        var lines: [String] = []
        for row in stride(from: height, through: 1, by: -1) {
            let threshold = axisMax * Double(row) / Double(height)
            let lower = axisMax * Double(row - 1) / Double(height)
            let label = row % 2 == 0 || row == height ? axisLabels[row] : ""
            var line = String(repeating: " ", count: axisWidth - label.count) + label + " ┤"
            for value in values {
                if value >= threshold {
                    line += style.cyan("██")
                } else if value > lower {
                    line += style.cyan("▄▄")
                } else {
                    line += "  "
                }
                line += " "
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        lines.append(String(repeating: " ", count: axisWidth - 1) + "0 └" + String(repeating: "───", count: values.count))
        var xAxis = String(repeating: " ", count: axisWidth + 2)
        var index = 0
        while index < labels.count {
            if index % labelEvery == 0 || index == labels.count - 1 {
                let label = String(labels[index].suffix(2))
                xAxis += label.padding(toLength: 3, withPad: " ", startingAt: 0)
            } else {
                xAxis += "   "
            }
            index += 1
        }
        lines.append(xAxis.trimmingTrailingSpaces())
        return lines.joined(separator: "\n")
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

    static func formatAxis(_ value: Double) -> String {
        if value >= 1000 && value.truncatingRemainder(dividingBy: 1000) == 0 {
            return "\(Int(value / 1000))k"
        }
        if value >= 1000 {
            return String(format: "%.1fk", value / 1000)
        }
        return value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
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
