@testable import GoalsService
import QuenchProtocol
import Testing

@Suite("Goal history rules")
struct GoalTimelineTests {
    static func day(_ text: String) -> LocalDay {
        LocalDay(text)!
    }

    static func period(_ start: String, _ end: String?, _ ml: Double, _ source: GoalSource = .manual) -> StoredPeriod {
        StoredPeriod(startDay: day(start), endDay: end.map(day), goal: EffectiveGoal(goalMl: ml, source: source))
    }

    @Test("the first goal starts today")
    func first() {
        #expect(GoalTimeline.edit(current: nil, today: Self.day("2026-03-01")) == .start(Self.day("2026-03-01")))
    }

    @Test("a change on the current goal's start day replaces it")
    func sameDay() {
        let current = Self.period("2026-03-01", nil, 3000)
        let edit = GoalTimeline.edit(current: current, today: Self.day("2026-03-01"))
        #expect(edit == .replace(Self.day("2026-03-01")))
        #expect(edit.effectiveDay == Self.day("2026-03-01"))
    }

    @Test("a change on a later day ends the current goal yesterday and starts the new one today")
    func laterDay() {
        let current = Self.period("2026-02-27", nil, 3000)
        let edit = GoalTimeline.edit(current: current, today: Self.day("2026-03-01"))
        #expect(edit == .follow(currentStart: Self.day("2026-02-27"), endDay: Self.day("2026-02-28"), newStart: Self.day("2026-03-01")))
    }

    @Test("a change dated before the current goal's start (zone moved west) replaces the current goal")
    func earlierDay() {
        let current = Self.period("2026-03-02", nil, 3000)
        #expect(GoalTimeline.edit(current: current, today: Self.day("2026-03-01")) == .replace(Self.day("2026-03-02")))
    }

    @Test("the goal on a day: its period, or the default before the first goal")
    func goalOnDay() {
        let periods = [
            Self.period("2026-01-01", "2026-01-09", 3000),
            Self.period("2026-01-10", "2026-01-10", 2366, .auto),
            Self.period("2026-01-11", nil, 2000),
        ]
        #expect(GoalTimeline.goal(on: Self.day("2025-12-31"), periods: periods) == GoalOnDay(day: LocalDay("2025-12-31")!, goalMl: 2500, source: "default"))
        #expect(GoalTimeline.goal(on: Self.day("2026-01-01"), periods: periods).goalMl == 3000)
        #expect(GoalTimeline.goal(on: Self.day("2026-01-09"), periods: periods).goalMl == 3000)
        let tenth = GoalTimeline.goal(on: Self.day("2026-01-10"), periods: periods)
        #expect(tenth.goalMl == 2366 && tenth.source == "auto" && tenth.startDay?.description == "2026-01-10" && tenth.endDay?.description == "2026-01-10")
        let later = GoalTimeline.goal(on: Self.day("2027-06-01"), periods: periods)
        #expect(later.goalMl == 2000 && later.endDay == nil)
    }

    @Test("a range gives every day its own goal")
    func range() {
        let periods = [
            Self.period("2026-01-03", "2026-01-04", 3000),
            Self.period("2026-01-05", nil, 2000),
        ]
        let days = GoalTimeline.goals(from: Self.day("2026-01-01"), to: Self.day("2026-01-06"), periods: periods)
        #expect(days.map(\.day.description) == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06"])
        #expect(days.map(\.goalMl) == [2500, 2500, 3000, 3000, 2000, 2000])
        #expect(days.map(\.source) == ["default", "default", "manual", "manual", "manual", "manual"])
    }
}
