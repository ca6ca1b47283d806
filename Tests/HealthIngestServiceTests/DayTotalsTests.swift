@testable import HealthIngestService
import Testing

@Suite("Day totals: the steps rule")
struct DayTotalsTests {
    static let sums: [(source: String, total: Double)] = [("iPhone", 4200), ("Watch", 5000), ("Scale", 10)]

    @Test("default: the largest per-source sum, never the sum of sources")
    func maxSource() {
        #expect(DayTotals.total(Self.sums, priority: []) == 5000)
        #expect(DayTotals.total([], priority: []) == 0)
    }

    @Test("priority: the first listed source with data that day; none listed has data, the default rule")
    func priority() {
        #expect(DayTotals.total(Self.sums, priority: ["iPhone", "Watch"]) == 4200)
        #expect(DayTotals.total(Self.sums, priority: ["Ring", "Scale"]) == 10)
        #expect(DayTotals.total(Self.sums, priority: ["Ring"]) == 5000)
    }
}
