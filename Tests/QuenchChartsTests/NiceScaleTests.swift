import QuenchCharts
import Testing

@Suite("Nice scale: y from 0 to a round maximum above the largest value")
struct NiceScaleTests {
    @Test("the maximum is the next multiple of a 1, 2, 2.5 or 5 × 10ⁿ step above the largest value", arguments: [
        (0.0, 10_000.0, 2_000.0), (1, 2, 1), (3, 4, 1), (7, 8, 2), (10, 12, 2), (99, 100, 20), (999, 1_000, 200), (1_000, 1_200, 200),
        (4_321, 5_000, 1_000), (7_655, 8_000, 2_000), (9_999, 10_000, 2_000), (10_000, 12_000, 2_000), (10_001, 12_500, 2_500),
        (12_345, 12_500, 2_500), (15_000, 20_000, 5_000), (20_000, 25_000, 5_000), (49_999, 50_000, 10_000), (123_456, 125_000, 25_000),
    ])
    func maximum(largest: Double, max: Double, step: Double) {
        let scale = NiceScale(largest: largest, emptyMax: 10_000)
        #expect(scale.max == max)
        #expect(scale.step == step)
    }

    @Test("for any largest value: ticks from 0 to max in equal nice steps, 3 to 6 intervals, max strictly above")
    func properties() {
        var largest = 1.0
        while largest < 5_000_000 {
            let scale = NiceScale(largest: largest)
            let ticks = scale.ticks
            #expect(ticks.first == 0, "\(largest)")
            #expect(ticks.last == scale.max, "\(largest)")
            #expect(scale.max > largest && scale.max - scale.step <= largest, "\(largest): \(scale.max) by \(scale.step)")
            #expect((3...6).contains(scale.intervals) || largest < 3, "\(largest): \(scale.intervals) intervals")
            #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1 - $0 == scale.step })
            var mantissa = scale.step
            while mantissa >= 10 { mantissa /= 10 }
            #expect([1, 2, 2.5, 5].contains(mantissa), "\(largest): step \(scale.step)")
            #expect(scale.step == scale.step.rounded(), "whole-number ticks: \(scale.step)")
            largest = (largest * 1.37).rounded(.up)
        }
    }

    @Test("nothing to show, or nonsense: the axis runs to the empty maximum")
    func empty() {
        for value in [0, -5, Double.nan, -Double.infinity, Double.infinity] {
            let scale = NiceScale(largest: value, emptyMax: 10_000)
            #expect(scale.max == 10_000 && scale.ticks == [0, 2_000, 4_000, 6_000, 8_000, 10_000], "\(value)")
        }
        #expect(NiceScale(largest: 0, emptyMax: 0).max == 10)
    }

    @Test("axis labels are short: 0, 750, 2.5k, 12.5k, 1.25k, 1.5M")
    func labels() {
        #expect([0, 750, 2_500, 12_500, 1_250, 10_000, 125_000, 1_500_000].map(AxisFormat.compact) == ["0", "750", "2.5k", "12.5k", "1.25k", "10k", "125k", "1.5M"])
    }
}
