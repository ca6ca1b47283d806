import QuenchCharts
import Testing

@Suite("Month chart model: points, x over the month's days, today")
struct MonthChartTests {
    @Test("x runs from day 1 to the month's last day even when the month is not over; y from 0")
    func positions() {
        let chart = MonthChart(values: [1_000, 0, 9_999], dayCount: 30, today: 3)
        #expect(chart.points.map(\.day) == [1, 2, 3])
        #expect(chart.x(day: 1) == 0 && chart.x(day: 30) == 1)
        #expect(abs(chart.x(day: 3) - 2.0 / 29.0) < 1e-12)
        #expect(chart.y(0) == 0 && chart.y(chart.scale.max) == 1)
        #expect(chart.scale.max == 10_000 && chart.today == 3)
    }

    @Test("today outside the month is not marked; bad values count as 0; more values than days widen the month")
    func edges() {
        #expect(MonthChart(values: [1], dayCount: 31, today: 32).today == nil)
        #expect(MonthChart(values: [1], dayCount: 31, today: 0).today == nil)
        let chart = MonthChart(values: [-3, .nan, 5], dayCount: 2)
        #expect(chart.points.map(\.value) == [0, 0, 5] && chart.dayCount == 3)
    }

    @Test("an empty month: no points, the empty axis; one day: in the middle of a one-day axis")
    func emptyAndOne() {
        let empty = MonthChart(values: [], dayCount: 31)
        #expect(empty.points.isEmpty && empty.largest == 0 && empty.scale.max == 10_000)
        let one = MonthChart(values: [4_321], dayCount: 1, today: 1)
        #expect(one.x(day: 1) == 0.5 && one.scale.max == 5_000 && one.today == 1)
    }

    @Test("day labels never touch, start at day 1, and always include today", arguments: [28, 29, 30, 31])
    func dayTicks(dayCount: Int) {
        for width in stride(from: 6.0, through: 900, by: 7) {
            for today in [nil, 1, 2, 13, dayCount - 1, dayCount] {
                let chart = MonthChart(values: Array(repeating: 1, count: today ?? dayCount), dayCount: dayCount, today: today)
                let labelWidth = 3.0
                let days = chart.dayTicks(width: width, labelWidth: labelWidth)
                let perDay = width / Double(dayCount - 1)
                #expect(zip(days, days.dropFirst()).allSatisfy { Double($1 - $0) * perDay >= labelWidth }, "\(width) \(String(describing: today)): \(days)")
                #expect(days == days.sorted() && Set(days).count == days.count)
                if let today { #expect(days.contains(today), "\(width): \(days)") }
                if width >= 60, today == nil { #expect(days.first == 1 || days.first == 5 || days.first == 10, "\(width): \(days)") }
            }
        }
        #expect(MonthChart(values: [], dayCount: 31).dayTicks(width: 2, labelWidth: 3).isEmpty)
        #expect(MonthChart(values: [], dayCount: 31).dayTicks(width: 60, labelWidth: 5) == [1, 5, 10, 15, 20, 25, 30])
        #expect(MonthChart(values: [], dayCount: 30).dayTicks(width: 290, labelWidth: 3) == Array(1...30))
    }
}
