@testable import AnalyticsService
import QuenchProtocol
import Testing

@Suite("Fast day text")
struct DayTextTests {
    @Test("formats like LocalDay and parses only real dates")
    func roundTrip() {
        for ordinal in stride(from: -800_000, through: 2_900_000, by: 997) {
            let day = LocalDay(ordinal: ordinal)
            guard (1...9999).contains(day.year) else { continue }
            #expect(DayText.format(day) == day.description)
            #expect(DayText.ordinal(day.description) == ordinal)
        }
        for bad in ["2026-02-30", "2026-13-01", "2026-1-01", "2026-01-011", "2026/01/01", "", "２０２６-01-01", "2026-01-0x"] {
            #expect(DayText.ordinal(bad) == nil, "\(bad)")
        }
    }
}
