import QuenchProtocol

/// The user's goal for any day, from the goal changes keyed by their effective day: the
/// change with the latest effective day on or before the day wins; before the first
/// change the default 2500 mL applies.
struct GoalTimeline: Sendable {
    struct Goal: Sendable, Equatable {
        var goalMl: Double
        var source: String

        init(goalMl: Double, source: String) {
            self.goalMl = goalMl
            self.source = source
        }
    }

    static let defaultGoal = Goal(goalMl: 2500, source: GoalSource.default.rawValue)

    /// (effective day ordinal, goal), sorted by day.
    private let changes: [(day: Int, goal: Goal)]

    init(changes: [(day: LocalDay, goal: Goal)]) {
        self.changes = changes.map { ($0.day.ordinal, $0.goal) }.sorted { $0.day < $1.day }
    }

    /// - Parameter ordinals: (effective day ordinal, goal), sorted by day.
    init(ordinals: [(day: Int, goal: Goal)]) {
        changes = ordinals
    }

    func goal(on day: LocalDay) -> Goal {
        goal(onOrdinal: day.ordinal)
    }

    func goal(onOrdinal ordinal: Int) -> Goal {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].day <= ordinal { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? Self.defaultGoal : changes[low - 1].goal
    }
}
