import Foundation
import QuenchCharts
import Testing

@Suite("Terminal charts: braille line and bars, y labels from 0, width, today")
struct TerminalChartTests {
    /// A month of 30 days, 24 of them so far, the best 12,345.
    static let month = MonthChart(
        values: [3_000, 8_200, 5_100, 0, 12_345, 7_000, 6_500, 9_000, 4_000, 10_500, 11_000, 2_000, 7_700, 8_800, 9_900, 6_600, 5_500, 4_400,
                 3_300, 2_200, 1_100, 7_000, 8_000, 9_500],
        dayCount: 30, today: 24)

    static func options(width: Int) -> TerminalChartOptions {
        TerminalChartOptions(width: width)
    }

    static func isBraille(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x2801...0x28FF).contains($0.value) }
    }

    @Test("every line fits the width, from 12 to 160 columns; 80 columns get the line itself", arguments: [false, true])
    func width(bars: Bool) {
        for width in 12...160 {
            let text = bars ? TerminalChart.bars(Self.month, options: Self.options(width: width)) : TerminalChart.line(Self.month, options: Self.options(width: width))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(lines.map(\.count).max() ?? 0)\n\(text)")
            if width >= 80 {
                #expect(lines.first?.hasPrefix("12.5k ┤") == true, "\(text)")
                #expect(bars ? text.contains("█") : text.contains { Self.isBraille($0) })
            }
        }
    }

    @Test("y labels are the ticks, top to bottom, ending with 0 on the x axis")
    func yLabels() {
        let text = TerminalChart.line(Self.month, options: Self.options(width: 80))
        let labels = text.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = parts.first, parts.count > 1, parts[1].hasPrefix("┤") || parts[1].hasPrefix("└") else { return nil }
            return String(first)
        }
        #expect(labels == ["12.5k", "10k", "7.5k", "5k", "2.5k", "0"])
    }

    @Test("a flat series at a tick value is drawn on the row labelled with that tick")
    func rowsMatchLabels() {
        let chart = MonthChart(values: Array(repeating: 5_000, count: 31), dayCount: 31)
        #expect(chart.scale.max == 6_000)
        let lines = TerminalChart.line(chart, options: Self.options(width: 80)).split(separator: "\n").map(String.init)
        let drawn = lines.filter { $0.contains { Self.isBraille($0) } }
        #expect(drawn.count == 1 && drawn.first?.hasPrefix("5k ┤") == true, "\(lines.joined(separator: "\n"))")
    }

    @Test("today: a ▲ under today's day label, and today's label is always shown")
    func today() throws {
        for width in [40, 63, 80, 120] {
            let lines = TerminalChart.line(Self.month, options: Self.options(width: width)).split(separator: "\n").map { Array($0) }
            let marker = try #require(lines.last)
            let column = try #require(marker.firstIndex(of: "▲"))
            #expect(String(marker[column...]) == "▲ today")
            let dayLabels = lines[lines.count - 2]
            #expect(String(dayLabels[column..<min(dayLabels.count, column + 2)]) == "24", "\(width)")
            #expect(lines[lines.count - 3][column] == "┴")
        }
        let past = MonthChart(values: [1, 2, 3], dayCount: 31)
        #expect(!TerminalChart.line(past, options: Self.options(width: 80)).contains("▲"))
    }

    @Test("colour wraps runs without moving anything: stripped of it, the chart is the plain one", arguments: [false, true])
    func colour(bars: Bool) {
        var options = Self.options(width: 80)
        options.paintData = { "\u{1B}[36m" + $0 + "\u{1B}[0m" }
        options.paintToday = { "\u{1B}[33m" + $0 + "\u{1B}[0m" }
        let painted = bars ? TerminalChart.bars(Self.month, options: options) : TerminalChart.line(Self.month, options: options)
        let plain = bars ? TerminalChart.bars(Self.month, options: Self.options(width: 80)) : TerminalChart.line(Self.month, options: Self.options(width: 80))
        let stripped = painted.replacingOccurrences(of: "\u{1B}[36m", with: "").replacingOccurrences(of: "\u{1B}[33m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(stripped.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == plain.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(painted.contains("\u{1B}[33m"))
    }

    @Test("too narrow for a chart: one line per day, today marked")
    func narrow() {
        let text = TerminalChart.line(Self.month, options: TerminalChartOptions(width: 16, valueLabel: { String(Int($0)) }))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 24 && lines[4] == " 5 12345" && lines[23] == "24  9500 ◀ today", "\(text)")
        let narrower = TerminalChart.line(Self.month, options: TerminalChartOptions(width: 12, valueLabel: { String(Int($0)) }))
        #expect(narrower.split(separator: "\n").last == "24  9500 ◀")
        #expect(TerminalChart.bars(Self.month, options: Self.options(width: 30)).split(separator: "\n").count == 24)
    }

    @Test("bars: the best day reaches its row; the line and the bars share the axis")
    func bars() {
        let text = TerminalChart.bars(Self.month, options: Self.options(width: 80))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("12.5k ┤") == true && lines.contains { $0.hasPrefix("    0 └") })
        // 2 columns a day (a bar and a gap) on 80 columns; 12,345 of 12,500 over 10 rows is 79 eighths:
        // the top row holds a ▇ (7 eighths) for day 5 only, the next row a full block.
        func plot(_ line: String) -> [Character] { Array(line.drop { $0 != "┤" && $0 != "│" }.dropFirst()) }
        let top = plot(lines[0])
        #expect(top.firstIndex(of: "▇") == (5 - 1) * 2 && top.filter { $0 != " " }.count == 1, "\(text)")
        #expect(plot(lines[1])[(5 - 1) * 2] == "█")
    }

    @Test("an empty month draws the axes; a single day still shows")
    func emptyAndOne() {
        let empty = TerminalChart.line(MonthChart(values: [], dayCount: 31), options: Self.options(width: 80))
        #expect(empty.hasPrefix("10k ┤") && !empty.contains { Self.isBraille($0) } && empty.contains("└"))
        let one = TerminalChart.line(MonthChart(values: [4_000], dayCount: 30, today: 1), options: Self.options(width: 80))
        #expect(one.contains { Self.isBraille($0) } && one.contains("▲ today"), "\(one)")
        let oneDayMonth = TerminalChart.line(MonthChart(values: [4_000], dayCount: 1, today: 1), options: Self.options(width: 80))
        #expect(oneDayMonth.contains { Self.isBraille($0) }, "\(oneDayMonth)")
    }
}
