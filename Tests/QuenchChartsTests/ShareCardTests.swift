import Foundation
import QuenchCharts
import QuenchTestSupport
import Testing

@Suite("Share card: a phone-sized SVG of sections, escaped, readable")
struct ShareCardTests {
    static let hostile = #"Squat <b>&"heavy"' </svg>"#

    static func card(records: [ShareCard.Row], minimumHeight: Double = ShareCard.phoneHeight) -> ShareCard {
        ShareCard(
            title: "My progress", subtitle: "Tuesday, 24 November 2026", footer: "Shared from Quench",
            sections: [
                .ring(.init(heading: "Water today", fraction: 0.68, centre: "68 %", lines: ["1700 mL", "of 2500 mL", "800 mL to go"], met: false)),
                .chart(.init(heading: "Steps · November 2026", summary: "176,595 steps", chart: TerminalChartTests.month, badges: 17, badgeText: "17 badges", todayLabel: "today")),
                .tally(.init(
                    heading: "Challenges", value: "350", caption: "points",
                    rows: [.init(label: "<Ten & thousand>", value: "+150", detail: "gold ×3"), .init(label: "Walk", value: "+10", detail: "bronze ×1")],
                    empty: "none")),
                .list(.init(heading: "One-rep max records", rows: records, empty: "No lifts yet")),
            ],
            minimumHeight: minimumHeight)
    }

    @Test("1080 × 1920 with four sections; the chart inside has a point per day")
    func structure() throws {
        let records = (1...4).map { ShareCard.Row(label: "Lift \($0)", value: "\(100 + $0) kg", detail: "2026-11-0\($0)") }
        let svg = try ParsedSVG(Self.card(records: records).svg())
        // The fullest card (every section with its most rows) still fits a phone screen.
        #expect(svg.root?.attributes["viewBox"] == "0 0 1080 1920")
        #expect(svg.withClass("section").compactMap { $0.attributes["data-section"] } == ["ring", "chart", "tally", "list"])
        #expect(svg.withClass("point").count == 24 && svg.withClass("today").count == 1)
        #expect(svg.withClass("ring-value").first?.text == "68 %" && svg.withClass("ring-progress").count == 1)
        #expect(svg.withClass("badges").first?.attributes["data-count"] == "17")
        #expect(svg.withClass("row-label").map(\.text) == ["<Ten & thousand>", "Walk", "Lift 1", "Lift 2", "Lift 3"])
        // Readable: no text below 28 units on a 1080-unit card (≈ 10 pt full width on a phone).
        let sizes = svg.elements.filter { $0.name == "text" }.compactMap { $0.attributes["font-size"].flatMap(Double.init) }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 28 }, "\(sizes)")
        // Everything inside the card.
        for element in svg.elements where element.name == "text" {
            let y = Double(element.attributes["y"] ?? "0") ?? 0
            #expect(y > 0 && y < 1920)
        }
    }

    @Test("exercise names and challenge titles with <&\"' are escaped and come back intact")
    func escaping() throws {
        let text = Self.card(records: [.init(label: Self.hostile, value: "100 kg", detail: "2026-11-01")]).svg()
        #expect(!text.contains("<b>") && !text.contains(#""heavy""#))
        let svg = try ParsedSVG(text)
        #expect(svg.withClass("row-label").map(\.text) == ["<Ten & thousand>", "Walk", Self.hostile])
        #expect(svg.elements.filter { $0.name == "svg" }.count == 1)
    }

    @Test("a long name is cut with an ellipsis; a ring past 100 % is full; empty sections say so")
    func limits() throws {
        let long = String(repeating: "Romanian Deadlift ", count: 8)
        let card = ShareCard(
            title: "t", subtitle: "s", footer: "f",
            sections: [
                .ring(.init(heading: "Water", fraction: 1.4, centre: "140 %", lines: ["3500 mL"], met: true)),
                .list(.init(heading: "Records", rows: [.init(label: long, value: "180 kg", detail: "2026-11-02")], empty: "none")),
                .tally(.init(heading: "Challenges", value: "0", caption: "points", rows: [], empty: "No challenge completed yet")),
            ])
        let svg = try ParsedSVG(card.svg())
        let label = try #require(svg.withClass("row-label").first?.text)
        #expect(label.hasSuffix("…") && label.count < long.count)
        let progress = try #require(svg.withClass("ring-progress").first)
        let dash = try #require(progress.attributes["stroke-dasharray"]?.split(separator: " ").map { Double($0)! })
        #expect(dash[0] == dash[1])
        #expect(svg.withClass("empty").map(\.text) == ["No challenge completed yet"])
        #expect(svg.root.flatMap { $0.attributes["height"].flatMap(Double.init) }.map { $0 < 1920 } == true)
    }

    @Test("a longer translation shows whole, a little smaller, before anything is cut; the badge line uses the room the summary leaves")
    func longerTranslations() throws {
        // German, as `quench share --lang de` words it: both were cut with … (the year, the threshold).
        let heading = "Herausforderungen · November 2026"
        let badgeText = "erstes Abzeichen bei 10.000"
        let card = ShareCard(
            title: "Mein Fortschritt", subtitle: "Dienstag, 24. November 2026", footer: "Geteilt aus Quench",
            sections: [
                .chart(.init(heading: "Schritte · November 2026", summary: "0 Schritte", chart: MonthChart(values: [0, 0], dayCount: 30, today: 2),
                             badges: 0, badgeText: badgeText, todayLabel: "heute")),
                .tally(.init(heading: heading, value: "0", caption: "Punkte", rows: [], empty: "Noch keine Herausforderung geschafft")),
            ])
        let svg = try ParsedSVG(card.svg())
        let headings = svg.withClass("heading")
        #expect(headings.map(\.text) == ["Schritte · November 2026", heading])
        let size = try #require(headings.last?.attributes["font-size"].flatMap(Double.init))
        #expect(size < 44 && size >= 28, "\(size)")
        #expect(svg.withClass("badge-text").first?.text == badgeText)
        // Every text still within the card's panels (left 80, right 1000), by the layout's own measure.
        for element in svg.elements where element.name == "text" && element.classes.contains("heading") {
            let fontSize = Double(element.attributes["font-size"] ?? "0") ?? 0
            #expect(TextMeasure.width(element.text, fontSize: fontSize, bold: true) <= 920.5, "\(element.text) at \(fontSize)")
        }
        // Far too long still ends in … at the smallest size allowed, never below 28.
        let long = ShareCard(title: "t", subtitle: "s", footer: "f", sections: [
            .list(.init(heading: String(repeating: "Çĥàļļéñĝéšçĥàļ ", count: 6), rows: [], empty: "-")),
        ])
        let cut = try #require(try ParsedSVG(long.svg()).withClass("heading").first)
        #expect(cut.text.hasSuffix("…") && cut.attributes["font-size"] == "33", "\(cut.attributes)")
    }
}
