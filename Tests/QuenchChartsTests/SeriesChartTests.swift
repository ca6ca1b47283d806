import Foundation
import QuenchCharts
import QuenchTestSupport
import Testing

@Suite("Series chart and ring: the one-rep-max chart and today's ring, as the web dashboard draws them")
struct SeriesChartTests {
    static func document(_ chart: SeriesChart, width: Double = 480) -> String {
        var svg = SVGWriter()
        svg.startDocument(width: width, height: 260)
        SVGSeriesChart.draw(chart, in: SVGRect(x: 0, y: 0, width: width, height: 260), theme: .light, into: &svg)
        return svg.finished()
    }

    @Test("a point per entry in order, evenly spaced, y from 0 to a round maximum above the largest; the highlight marked")
    func structure() throws {
        let chart = SeriesChart(points: [100, 105, 102.5, 110].enumerated().map { .init(label: "2026-11-0\($0.offset + 1)", value: $0.element) }, highlight: 3)
        // Step: the smallest of 10, 20, 25, 50 ≥ 110 / 4 = 27.5 is 50; the top: the next multiple above 110.
        #expect(chart.scale.max == 150 && chart.scale.ticks.first == 0)
        let svg = try ParsedSVG(Self.document(chart))
        let points = svg.withClass("point")
        #expect(points.map { $0.attributes["data-label"] } == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"])
        let xs = points.compactMap { $0.attributes["cx"].flatMap(Double.init) }
        let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 0.02 && $0 > 0 })
        #expect(svg.withClass("record").map { $0.attributes["data-label"] } == ["2026-11-04"])
        #expect(svg.withClass("y-label").map(\.text) == ["0", "50", "100", "150"])
        // 0 on the axis: the x axis is at the bottom, the largest value below the top grid line.
        let axis = try #require(svg.withClass("x-axis").first?.attributes["y1"].flatMap(Double.init))
        let top = try #require(svg.withClass("grid").last?.attributes["y1"].flatMap(Double.init))
        let highest = try #require(points[3].attributes["cy"].flatMap(Double.init))
        #expect(highest > top && highest < axis)
        let labels = svg.withClass("x-label").map(\.text)
        #expect(labels.first == "2026-11-01" && labels.last == "2026-11-04")
    }

    @Test("x labels never overlap and always include the first and last entries", arguments: [1, 2, 5, 31, 200])
    func labels(count: Int) {
        let chart = SeriesChart(points: (0..<count).map { .init(label: "2026-01-01", value: Double($0)) })
        for width in [120.0, 480, 1000] {
            let picked = chart.labelled(width: width, labelWidth: 100)
            #expect(picked.last == count - 1)
            if count > 1 && width >= 200 { #expect(picked.first == 0) }
            let spacing = count > 1 ? width / Double(count - 1) : width
            #expect(zip(picked.dropFirst(), picked).allSatisfy { Double($0 - $1) * spacing >= 100 * 0.99 || count == 1 }, "\(count) \(width) \(picked)")
        }
    }

    @Test("one entry sits in the middle; none draws the axes only; hostile labels are escaped")
    func edges() throws {
        let single = try ParsedSVG(Self.document(SeriesChart(points: [.init(label: "<b>&", value: 50)])))
        #expect(single.withClass("point").count == 1 && single.withClass("point").first?.attributes["data-label"] == "<b>&")
        let empty = try ParsedSVG(Self.document(SeriesChart(points: [])))
        #expect(empty.withClass("point").isEmpty && empty.withClass("line").isEmpty && empty.withClass("y-label").first?.text == "0")
    }

    @Test("the ring: no arc at 0, a proportional arc, a full one past 100 %, the centre text fitted")
    func ring() throws {
        func ring(_ fraction: Double) throws -> ParsedSVG {
            var svg = SVGWriter()
            svg.startDocument(width: 240, height: 240)
            SVGRing.draw(fraction: fraction, centre: "\(Int(fraction * 100)) %", met: fraction >= 1, cx: 120, cy: 120, radius: 96, stroke: 28, theme: .light, into: &svg)
            return try ParsedSVG(svg.finished())
        }
        #expect(try ring(0).withClass("ring-progress").isEmpty)
        let quarter = try #require(try ring(0.25).withClass("ring-progress").first?.attributes["stroke-dasharray"]?.split(separator: " ").compactMap { Double($0) })
        #expect(abs(quarter[0] / quarter[1] - 0.25) < 0.001)
        let full = try ring(1.5)
        let dash = try #require(full.withClass("ring-progress").first?.attributes["stroke-dasharray"]?.split(separator: " ").compactMap { Double($0) })
        #expect(dash[0] == dash[1] && full.withClass("ring-progress").first?.attributes["stroke"] == SVGTheme.light.goalMet)
        #expect(SVGRing.centreFontSize("100 %", radius: 96, stroke: 28) <= 56)
    }
}
