@testable import AnalyticsService
import Testing

@Suite("Steps chart: axis maximum and badges")
struct StepsChartTests {
    @Test("the axis ends at the next multiple of a nice step (1, 2, 2.5, 5 × 10ⁿ) strictly above the largest day", arguments: [
        (Int64(0), Int64(10_000)), (1, 2), (999, 1_000), (1_000, 1_200), (4_321, 5_000), (9_000, 10_000),
        (9_999, 10_000), (10_000, 12_000), (11_999, 12_500), (12_345, 12_500), (19_999, 20_000), (20_000, 25_000),
        (49_999, 50_000), (50_000, 60_000), (123_456, 125_000),
    ])
    func axisMax(largest: Int64, expected: Int64) {
        let axis = StepsChart.axisMax(largestDay: largest)
        #expect(axis == expected)
        #expect(axis > largest)
    }

    @Test("no badge below 10,000 steps; one per 10,000 then, plus the next one")
    func badges() {
        func render(_ total: Int64) -> [String] {
            StepsChart.achievements(monthTotal: total).map { "\($0.threshold)\($0.earned ? "+" : "-")" }
        }
        #expect(render(0) == ["10000-"])
        #expect(render(9_999) == ["10000-"])
        #expect(render(10_000) == ["10000+", "20000-"])
        #expect(render(19_999) == ["10000+", "20000-"])
        #expect(render(20_000) == ["10000+", "20000+", "30000-"])
        #expect(render(-5) == ["10000-"])
    }
}
