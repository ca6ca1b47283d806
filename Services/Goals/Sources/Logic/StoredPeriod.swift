import QuenchProtocol

/// One goal of a user's history: in effect from `startDay` through `endDay` (nil: current).
struct StoredPeriod: Equatable, Sendable {
    var startDay: LocalDay
    var endDay: LocalDay?
    var goal: EffectiveGoal

    func contains(_ day: LocalDay) -> Bool {
        startDay <= day && (endDay.map { day <= $0 } ?? true)
    }

    var wire: GoalPeriod {
        GoalPeriod(
            goalMl: goal.goalMl, source: goal.source.rawValue, startDay: startDay,
            endDay: endDay, weightKg: goal.weightKg, adjusted: goal.adjusted?.rawValue)
    }
}
