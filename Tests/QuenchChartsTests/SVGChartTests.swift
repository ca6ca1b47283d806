import Foundation
import QuenchCharts
import QuenchTestSupport
import Testing

@Suite("SVG chart: well-formed, one point per day, axis labels from 0, today, escaping")
struct SVGChartTests {
    @Test("the document parses; points = days with a value; y labels = ticks; x labels are days; today marked", arguments: [SVGChart.Kind.line, .bars])
    func structure(kind: SVGChart.Kind) throws {
        let chart = TerminalChartTests.month
        let svg = try ParsedSVG(SVGChartDocument.render(chart, kind: kind, title: "Steps · 2026-11", summary: "Total: 176,595 steps"))
        #expect(svg.root?.name == "svg" && svg.root?.attributes["viewBox"] == "0 0 800 450")
        let points = svg.withClass("point")
        #expect(points.count == 24)
        #expect(points.map { $0.attributes["data-day"] } == (1...24).map { String($0) })
        #expect(points[4].attributes["data-value"] == "12345")
        #expect(svg.withClass("y-label").map(\.text) == ["0", "2.5k", "5k", "7.5k", "10k", "12.5k"])
        let days = svg.withClass("x-label").map(\.text)
        #expect(days.first == "1" && days.contains("24") && days.allSatisfy { Int($0).map { (1...30).contains($0) } == true }, "\(days)")
        #expect(svg.withClass("today").count == 1 && svg.withClass("today-label").map(\.text) == ["today"])
        #expect(svg.withClass(kind == .line ? "line" : "bar").count == (kind == .line ? 1 : 24))
        if kind == .line {
            let polyline = try #require(svg.withClass("line").first?.attributes["points"])
            #expect(polyline.split(separator: " ").count == 24)
        }
    }

    @Test("geometry: 0 on the x axis, the axis maximum at the top grid line, day 1 left of the last day")
    func geometry() throws {
        let chart = MonthChart(values: [0, 10_000], dayCount: 31, today: 2)
        let svg = try ParsedSVG(SVGChartDocument.render(chart, title: "t", summary: "s"))
        let axis = try #require(svg.withClass("x-axis").first)
        let top = try #require(svg.withClass("grid").last)
        let points = svg.withClass("point")
        #expect(points[0].attributes["cy"] == axis.attributes["y1"])
        #expect(chart.scale.max == 12_000 && Double(points[1].attributes["cy"]!)! > Double(top.attributes["y1"]!)!)
        #expect(Double(points[0].attributes["cx"]!)! == Double(axis.attributes["x1"]!)!)
    }

    @Test("user text is escaped: <&\"' and control characters still give a well-formed document")
    func escaping() throws {
        let title = #"<script>&"'</script> Steps"#
        let text = SVGChartDocument.render(MonthChart(values: [1], dayCount: 31), title: title, summary: "a\u{0}b\u{1B}c\u{FFFF}")
        #expect(!text.contains("<script>"))
        let svg = try ParsedSVG(text)
        #expect(svg.withClass("title").first?.text == title)
        #expect(svg.withClass("summary").first?.text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(SVGWriter.escape(#"<&"'>"#) == "&lt;&amp;&quot;&apos;&gt;")
    }

    @Test("an empty month: axes and labels, no points; a long title is cut to fit")
    func empty() throws {
        let svg = try ParsedSVG(SVGChartDocument.render(MonthChart(values: [], dayCount: 28), title: String(repeating: "Steps ", count: 60), summary: ""))
        #expect(svg.withClass("point").isEmpty && svg.withClass("line").isEmpty)
        #expect(svg.withClass("y-label").map(\.text) == ["0", "2k", "4k", "6k", "8k", "10k"])
        let title = try #require(svg.withClass("title").first?.text)
        #expect(title.hasSuffix("…") && TextMeasure.width(title, fontSize: 24, bold: true) <= 800 - 48)
    }
}
