import QuenchProtocol

/// The goal that applies given a user's state: its value, where it came from, and for an
/// auto goal the weight behind it.
struct EffectiveGoal: Equatable, Sendable {
    static let defaultMl = 2500.0

    var goalMl: Double
    var source: GoalSource
    var weightKg: Double?
    var adjusted: AutoGoal.Adjustment?

    static let `default` = EffectiveGoal(goalMl: defaultMl, source: .default)

    /// Same value and same source: nothing a user or a subscriber would call a change.
    func isSameGoal(as other: EffectiveGoal) -> Bool {
        goalMl == other.goalMl && source == other.source
    }
}
