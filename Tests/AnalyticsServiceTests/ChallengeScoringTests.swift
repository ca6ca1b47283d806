@testable import AnalyticsService
import QuenchProtocol
import Testing

@Suite("Challenge scoring and months")
struct ChallengeScoringTests {
    @Test("a day counts when it reaches the goal; points add up without overflowing")
    func points() {
        #expect([10_000, 9_999, 12_000, 0, 10_000].filter { ChallengeScoring.completed(value: $0, goal: 10_000) }.count == 3)
        #expect(ChallengeScoring.adding(50, 25) == 75 && ChallengeScoring.adding(50, -5) == 50)
        #expect(ChallengeScoring.adding(Int.max - 1, 5) == Int.max)
    }

    @Test("steps for `step`; walking+running distance for both distance types")
    func measures() {
        #expect(ChallengeScoring.measure(ofType: "step") == .steps)
        #expect(ChallengeScoring.measure(ofType: "walking_distance") == .meters)
        #expect(ChallengeScoring.measure(ofType: "running_distance") == .runningMeters)
        #expect(ChallengeScoring.Measure.runningMeters.unit == "meters" && ChallengeScoring.Measure.steps.unit == "steps")
        #expect(ChallengeScoring.measure(ofType: "swimming") == nil)
    }

    @Test("months parse strictly and list their days up to today")
    func months() throws {
        for bad in ["2026-13", "2026-00", "2026-1", "26-01", "2026/01", "2026-01-01", "", "abcd-ef", "+202-01", "2026-1a"] {
            #expect(CalendarMonth(bad) == nil, "\(bad)")
        }
        let month = try #require(CalendarMonth("2024-02"))
        #expect(month.description == "2024-02" && month.lastDay.description == "2024-02-29")
        let today = try #require(LocalDay("2024-02-10"))
        #expect(month.days(upTo: today).map(\.description).last == "2024-02-10")
        #expect(month.days(upTo: today).count == 10)
        #expect(try #require(CalendarMonth("2024-03")).days(upTo: today).isEmpty)
        #expect(try #require(CalendarMonth("2024-01")).days(upTo: today).count == 31)
    }
}
