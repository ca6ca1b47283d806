import QuenchProtocol

/// Water against goals: the day summary and the history with its streaks.
enum WaterMath {
    static func millilitres(_ microlitres: Int64) -> Double {
        Microlitres.toMillilitres(microlitres)
    }

    static func met(waterUl: Int64, goalMl: Double) -> Bool {
        millilitres(waterUl) >= goalMl
    }

    static func summary(day: LocalDay, waterUl: Int64, goal: GoalTimeline.Goal, lag: [SubscriptionHealth]) -> DaySummary {
        let total = millilitres(waterUl)
        let percent = goal.goalMl > 0 ? (total / goal.goalMl * 1000).rounded() / 10 : 0
        return DaySummary(
            day: day, totalWaterMl: total, goalMl: goal.goalMl, goalSource: goal.source,
            percent: percent, remainingMl: max(0, ((goal.goalMl - total) * 1000).rounded() / 1000), lag: lag)
    }

    /// The last `count` days up to `today`, each against its own goal.
    /// - Parameters:
    ///   - totals: the days of that range with water, as (ordinal, microlitres), oldest first.
    ///   - timeline: the goals of that range (`GoalStore.timeline(from:through:)`).
    ///   - streaks: from the streak read model (`StreakStore.streaks`).
    static func history(
        today: LocalDay, days count: Int, totals: [(day: Int, waterUl: Int64)], timeline: GoalTimeline,
        streaks: (current: Int, longest: Int), lag: [SubscriptionHealth]
    ) -> HistoryPage {
        let first = today.ordinal - (count - 1)
        var water = [Int64](repeating: 0, count: count)
        for entry in totals where entry.day >= first && entry.day <= today.ordinal {
            water[entry.day - first] = entry.waterUl
        }
        let goals = timeline.goalsMl(from: first, count: count)
        return HistoryPage(
            first: first, water: water, goals: goals, currentStreak: streaks.current, longestStreak: streaks.longest, lag: lag)
    }

    /// The same reply recomputed from every day the user has water on, streaks included: the
    /// reference the read model must agree with.
    /// - Parameter totals: every day with water up to today (any span), oldest first.
    static func history(
        today: LocalDay, days count: Int, totals: [(day: String, waterUl: Int64)], timeline: GoalTimeline, lag: [SubscriptionHealth]
    ) -> HistoryReply {
        var byDay: [Int: Int64] = [:]
        byDay.reserveCapacity(totals.count)
        var metDays: [Int] = []
        for entry in totals {
            guard let ordinal = LocalDay(entry.day)?.ordinal else { continue }
            byDay[ordinal] = entry.waterUl
            if met(waterUl: entry.waterUl, goalMl: timeline.goal(onOrdinal: ordinal).goalMl) { metDays.append(ordinal) }
        }
        let first = today.ordinal - (count - 1)
        let days = (0..<count).map { offset -> HistoryDay in
            let ordinal = first + offset
            let water = byDay[ordinal] ?? 0
            let goal = timeline.goal(onOrdinal: ordinal).goalMl
            return HistoryDay(
                day: LocalDay(ordinal: ordinal), totalWaterMl: millilitres(water), goalMl: goal,
                met: met(waterUl: water, goalMl: goal))
        }
        let streaks = Streaks.compute(metOrdinals: metDays, today: today.ordinal)
        return HistoryReply(days: days, currentStreak: streaks.current, longestStreak: streaks.longest, lag: lag)
    }
}
