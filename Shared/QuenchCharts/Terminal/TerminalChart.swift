/// Draws a `MonthChart` as text: a braille line (the default) or bars, with the y axis
/// labelled at the scale's ticks from 0, the days of the month below, and a ▲ under today.
/// Both fit in `options.width` columns; when even the narrowest chart does not fit they
/// fall back to a list of days and values.
public enum TerminalChart {
    /// The narrowest line plot, in columns.
    public static let minimumLineColumns = 12
    /// The columns a day label needs, gap included (1, 5, 10 … on an 80-column terminal).
    public static let dayLabelWidth = 5.0

    /// A line through each day's value, in braille dots (2 × 4 per character).
    public static func line(_ chart: MonthChart, options: TerminalChartOptions) -> String {
        let frame = Frame(chart, options: options)
        let ideal = max(chart.dayCount, minimumLineColumns) * 2
        let columns = min(ideal, frame.availableColumns)
        guard columns >= minimumLineColumns else { return list(chart, options: options) }
        var canvas = BrailleCanvas(columns: columns, rows: frame.rows)
        let dots = chart.points.map { point in
            (x: dotX(chart, day: point.day, canvas: canvas), y: dotY(chart, value: point.value, canvas: canvas))
        }
        if dots.count == 1, let only = dots.first {
            // A lone day: a short dash, so it shows.
            canvas.line(from: (only.x == canvas.width - 1 ? only.x - 1 : only.x, only.y), to: (only.x == canvas.width - 1 ? only.x : only.x + 1, only.y))
        }
        for (start, end) in zip(dots, dots.dropFirst()) {
            canvas.line(from: start, to: end)
        }
        let todayColumn = chart.today.map { dotX(chart, day: $0, canvas: canvas) / 2 }
        let plot = (0..<frame.rows).map { row in
            // Colour runs, not cells: today's column in its own colour, the rest of the line in the data's.
            let cells = String((0..<columns).map { canvas.character(column: $0, row: row) })
            guard let todayColumn, todayColumn < columns else { return options.paintData(cells) }
            let split = cells.index(cells.startIndex, offsetBy: todayColumn)
            return options.paintData(String(cells[..<split])) + options.paintToday(String(cells[split])) + options.paintData(String(cells[cells.index(after: split)...]))
        }
        return frame.render(plot: plot, columns: columns, column: { dotX(chart, day: $0, canvas: canvas) / 2 }, options: options)
    }

    /// One bar per day, in eighths of a row (▁▂▃▄▅▆▇█), up to 3 columns a day.
    public static func bars(_ chart: MonthChart, options: TerminalChartOptions) -> String {
        let frame = Frame(chart, options: options)
        let perDay = min(3, frame.availableColumns / chart.dayCount)
        guard perDay >= 1 else { return list(chart, options: options) }
        let columns = perDay * chart.dayCount
        let barWidth = perDay == 1 ? 1 : perDay - 1
        let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let eighths = Dictionary(uniqueKeysWithValues: chart.points.map { point in
            let level = Int((chart.y(point.value) * Double(frame.rows * 8)).rounded())
            return (point.day, point.value > 0 ? max(1, level) : 0)
        })
        let plot = (0..<frame.rows).map { row -> String in
            let fromBottom = frame.rows - 1 - row
            return (1...chart.dayCount).map { day -> String in
                let fill = min(8, max(0, (eighths[day] ?? 0) - fromBottom * 8))
                guard fill > 0 else { return String(repeating: " ", count: perDay) }
                let bar = String(repeating: String(blocks[fill]), count: barWidth)
                let painted = day == chart.today ? options.paintToday(bar) : options.paintData(bar)
                return painted + String(repeating: " ", count: perDay - barWidth)
            }.joined()
        }
        return frame.render(plot: plot, columns: columns, column: { ($0 - 1) * perDay }, options: options)
    }

    /// The narrow-terminal fallback: one line per day, today marked.
    public static func list(_ chart: MonthChart, options: TerminalChartOptions) -> String {
        let values = chart.points.map { options.valueLabel($0.value) }
        let valueWidth = values.map(\.count).max() ?? 1
        let dayWidth = String(chart.dayCount).count
        return zip(chart.points, values).map { point, value in
            let line = pad(String(point.day), dayWidth) + " " + pad(value, valueWidth)
            guard point.day == chart.today else { return line }
            let marker = "◀ " + options.todayLabel
            return line + " " + options.paintToday(line.count + 1 + marker.count <= options.width ? marker : "◀")
        }.joined(separator: "\n")
    }

    private static func dotX(_ chart: MonthChart, day: Int, canvas: BrailleCanvas) -> Int {
        Int((chart.x(day: day) * Double(canvas.width - 1)).rounded())
    }

    /// The dot row of `value`: each text row covers ((r−1)/rows, r/rows] of the axis, so a
    /// tick's value sits on the row that carries its label; 0 is the lowest dot.
    private static func dotY(_ chart: MonthChart, value: Double, canvas: BrailleCanvas) -> Int {
        let level = (chart.y(value) * Double(canvas.height)).rounded(.up) - 1
        return Int(min(Double(canvas.height - 1), max(0, level)))
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The y labels, the axes, the day labels and today's marker around a plot.
    struct Frame {
        let chart: MonthChart
        let labels: [String]
        let labelWidth: Int
        let rowsPerTick: Int
        let rows: Int
        let availableColumns: Int

        init(_ chart: MonthChart, options: TerminalChartOptions) {
            self.chart = chart
            labels = chart.scale.ticks.map(options.axisLabel)
            labelWidth = labels.map(\.count).max() ?? 1
            let intervals = max(1, chart.scale.intervals)
            rowsPerTick = max(1, options.height / intervals)
            rows = intervals * rowsPerTick
            availableColumns = options.width - labelWidth - 2
        }

        func render(plot: [String], columns: Int, column: (Int) -> Int, options: TerminalChartOptions) -> String {
            var lines: [String] = []
            for (index, row) in plot.enumerated() {
                let fromBottom = rows - index
                let tick = fromBottom % rowsPerTick == 0 ? labels[fromBottom / rowsPerTick] : ""
                lines.append(TerminalChart.pad(tick, labelWidth) + " " + (tick.isEmpty ? "│" : "┤") + row)
            }
            let days = chart.dayTicks(width: Double(columns), labelWidth: TerminalChart.dayLabelWidth)
            var axis = Array(repeating: Character("─"), count: columns)
            // Labels may run a little past the plot's right edge, never past the width.
            let labelSpace = max(columns, min(columns + 2, availableColumns))
            var dayLabels = Array(repeating: Character(" "), count: labelSpace)
            for day in days {
                let at = min(column(day), columns - 1)
                axis[at] = "┴"
                let text = Array(String(day))
                let start = min(at, dayLabels.count - text.count)
                dayLabels.replaceSubrange(start..<(start + text.count), with: text)
            }
            let indent = String(repeating: " ", count: labelWidth + 2)
            lines.append(TerminalChart.pad(labels[0], labelWidth) + " └" + String(axis))
            lines.append(indent + String(dayLabels))
            if let today = chart.today {
                let at = min(column(today), columns - 1)
                let marker = "▲ " + options.todayLabel
                let line = at + marker.count <= labelSpace
                    ? String(repeating: " ", count: at) + options.paintToday(marker)
                    : String(repeating: " ", count: max(0, at - options.todayLabel.count - 1)) + options.paintToday(options.todayLabel + " ▲")
                lines.append(indent + line)
            }
            return lines.map { $0.trimmingCharacters(while: { $0 == " " }) }.joined(separator: "\n")
        }
    }
}
