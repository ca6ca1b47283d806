@testable import AnalyticsService
import QuenchProtocol
import Testing

@Suite("Goal timeline, history and streaks judged by each day's own goal")
struct StreakTests {
    let today = LocalDay("2026-11-21")!

    func day(_ offset: Int) -> LocalDay { today.adding(days: offset) }

    @Test("the latest change on or before a day applies; before any, the default")
    func timeline() {
        let timeline = GoalTimeline(changes: [
            (day(-5), .init(goalMl: 3000, source: "manual")),
            (day(-10), .init(goalMl: 1000, source: "auto")),
        ])
        #expect(timeline.goal(on: day(-11)) == GoalTimeline.defaultGoal)
        #expect(timeline.goal(on: day(-10)).goalMl == 1000)
        #expect(timeline.goal(on: day(-6)).source == "auto")
        #expect(timeline.goal(on: day(-5)).goalMl == 3000)
        #expect(timeline.goal(on: day(30)).goalMl == 3000)
        #expect(GoalTimeline(changes: []).goal(on: today) == .init(goalMl: 2500, source: "default"))
    }

    @Test("current streak ends today, or yesterday while today is not met; longest over all")
    func streaks() {
        let met = [day(-9), day(-8), day(-7), day(-6), day(-3), day(-2), day(-1)]
        #expect(Streaks.compute(metDays: met, today: today) == (3, 4))
        #expect(Streaks.compute(metDays: met + [today], today: today) == (4, 4))
        #expect(Streaks.compute(metDays: [day(-2)], today: today) == (0, 1))
        #expect(Streaks.compute(metDays: [], today: today) == (0, 0))
        #expect(Streaks.compute(metDays: [day(1), day(2)], today: today) == (0, 0))
        #expect(Streaks.compute(metDays: [day(-1), day(-1), today], today: today) == (2, 2))
    }

    @Test("each day is met or not against the goal of that day")
    func history() {
        // Goal 1000 from day -3, 3000 from today; before: the default 2500.
        let timeline = GoalTimeline(changes: [
            (day(-3), .init(goalMl: 1000, source: "manual")),
            (today, .init(goalMl: 3000, source: "manual")),
        ])
        let totals: [(day: String, waterUl: Int64)] = [
            (day(-6).description, 2_500_000), // met (2500)
            (day(-5).description, 2_600_000), // met
            (day(-4).description, 2_000_000), // not met (2500), though 1000 is its successor's goal
            (day(-3).description, 1_000_000), // met (1000)
            (day(-2).description, 1_200_000), // met
            (day(-1).description, 999_999), // not met
            (today.description, 2_000_000), // not met (3000)
        ]
        let reply = WaterMath.history(today: today, days: 7, totals: totals, timeline: timeline, lag: [])
        #expect(reply.days.map(\.met) == [true, true, false, true, true, false, false])
        #expect(reply.days.map(\.goalMl) == [2500, 2500, 2500, 1000, 1000, 1000, 3000])
        #expect(reply.days.first?.day == day(-6) && reply.days.last?.day == today)
        #expect(reply.currentStreak == 0)
        #expect(reply.longestStreak == 2)
        // A window shorter than the streak: the streaks still count the whole history.
        let short = WaterMath.history(today: today, days: 1, totals: totals + [(day(-1).description, 0)], timeline: timeline, lag: [])
        #expect(short.days.count == 1 && short.longestStreak == 2)
    }

    @Test("percent may pass 100; remaining never goes negative")
    func summary() {
        let goal = GoalTimeline.Goal(goalMl: 2000, source: "manual")
        let over = WaterMath.summary(day: today, waterUl: 2_500_000, goal: goal, lag: [])
        #expect(over.percent == 125 && over.remainingMl == 0 && over.totalWaterMl == 2500)
        let under = WaterMath.summary(day: today, waterUl: 333_333, goal: goal, lag: [])
        #expect(under.percent == 16.7 && under.remainingMl == 1666.667)
    }
}
