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
        let index = changeIndex(onOrdinal: ordinal)
        return index < 0 ? Self.defaultGoal : changes[index].goal
    }

    /// The goals in mL of `count` consecutive days from `first`: one search, then a walk.
    func goalsMl(from first: Int, count: Int) -> [Double] {
        var index = changeIndex(onOrdinal: first)
        var goal = index < 0 ? Self.defaultGoal.goalMl : changes[index].goal.goalMl
        return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            for offset in 0..<count {
                while index + 1 < changes.count, changes[index + 1].day <= first + offset {
                    index += 1
                    goal = changes[index].goal.goalMl
                }
                buffer[offset] = goal
            }
            initialized = count
        }
    }

    /// The index of the change in effect on `ordinal`, -1 before the first.
    private func changeIndex(onOrdinal ordinal: Int) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].day <= ordinal { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
