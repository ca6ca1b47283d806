@testable import HealthIngestService
import Testing

/// The steps and distance rule: sources merged in time (``SourceMerge``), ranked by
/// ``SourceIdentity``. The case below is worked by hand (seconds from some midnight):
///
///     Watch  |[0 ──── 60) 600|        |[120 ── 180) 300|
///     iPhone        |[30 ─────────────── 150) 1200|
///     Bar                       • 90: 7                       • 200: 5
///
/// The largest source's day sum (the rule before the merge) is the iPhone's 1200. Merged with
/// the watch first: the watch's 900; the iPhone's 120 s minus the 60 s the watch covers,
/// 1200 × 60/120 = 600; Bar's instant at 90 lies inside the iPhone's span, at 200 inside
/// nobody's: 5. 900 + 600 + 5 = 1505.
/// With the iPhone first: 1200; the watch's [0,60) is half covered, 300; its [120,180) half,
/// 150; Bar's 5. 1200 + 300 + 150 + 5 = 1655.
@Suite("Day totals: sources merged in time")
struct DayTotalsTests {
    static let samples: [(source: String, start: Double, end: Double, value: Double)] = [
        ("Ann’s Apple Watch", 0, 60, 600), ("Ann’s Apple Watch", 120, 180, 300),
        ("Ann's iPhone", 30, 150, 1200),
        ("Bar", 90, 90, 7), ("Bar", 200, 200, 5),
    ]

    static func merged(priority: [String]) -> Double {
        let ranks = SourceIdentity.ranks(of: samples.map(\.source), priority: priority)
        return SourceMerge.total(samples.map {
            SourceMerge.Sample(rank: ranks[SourceIdentity.key($0.source)]!, start: $0.start, end: $0.end, value: $0.value)
        })
    }

    @Test("the hand-worked day: largest source 1200, merged 1505 (watch first, the default), 1655 (iPhone first)")
    func handWorked() {
        let perSource = Dictionary(grouping: Self.samples, by: \.source).mapValues { $0.reduce(0) { $0 + $1.value } }
        #expect(perSource.values.max() == 1200)
        #expect(Self.merged(priority: []) == 1505)
        #expect(Self.merged(priority: ["ann's iphone"]) == 1655)
        // Bar first: both its instants count (nothing better covers them), and cover nothing.
        #expect(Self.merged(priority: ["Bar"]) == 12 + 900 + 600)
    }

    @Test("one source alone counts whole, overlaps within it included; no samples, nothing")
    func oneSource() {
        let own = [SourceMerge.Sample(rank: 0, start: 0, end: 60, value: 10), SourceMerge.Sample(rank: 0, start: 30, end: 90, value: 20)]
        #expect(SourceMerge.total(own) == 30)
        #expect(SourceMerge.total([]) == 0)
    }

    @Test("a lesser source counts only where no better one has samples; touching spans join")
    func gaps() {
        let samples = [
            SourceMerge.Sample(rank: 0, start: 0, end: 10, value: 100), SourceMerge.Sample(rank: 0, start: 10, end: 20, value: 100),
            SourceMerge.Sample(rank: 0, start: 40, end: 50, value: 100),
            SourceMerge.Sample(rank: 1, start: 0, end: 60, value: 600),  // free: 20…40 and 50…60, 30 of 60 s
        ]
        #expect(SourceMerge.total(samples) == 300 + 300)
    }

    @Test("identity: one source however an export spells it; watches, then phones, then others by name")
    func identity() {
        #expect(SourceIdentity.key("Ann’s  iPhone\u{00A0}") == SourceIdentity.key("ann's iphone"))
        #expect(SourceIdentity.kind("Guillaume's Apple Watch") == .watch)
        #expect(SourceIdentity.kind("Ryan Phone") == .phone)
        #expect(SourceIdentity.kind("Withings") == .other)
        #expect(SourceIdentity.order(["Zepp", "Ann’s iPhone", "Ann's iPhone", "Bar", "Ann's Apple Watch"], priority: [])
            == ["Ann's Apple Watch", "Ann’s iPhone", "Bar", "Zepp"])
        #expect(SourceIdentity.order(["Zepp", "Ann’s iPhone", "Bar", "Ann's Apple Watch"], priority: ["zepp", "BAR"])
            == ["Zepp", "Bar", "Ann's Apple Watch", "Ann’s iPhone"])
    }
}
