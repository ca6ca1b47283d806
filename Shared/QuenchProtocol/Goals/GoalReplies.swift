/// The user's current goal, as `goal.get`, `goal.set` and `goal.auto` answer.
public struct GoalReply: Codable, Sendable, Equatable {
    /// The goal in mL.
    public var goalMl: Double
    /// `default`, `manual` or `auto` (`GoalSource`).
    public var source: String
    /// The first day (YYYY-MM-DD) of the current goal; absent while the user has only ever had the default.
    public var since: LocalDay?
    /// With source auto: the weight the goal was derived from.
    public var weightKg: Double?
    /// With source auto: `capped` (at 6000 mL) or `raised` (to 1000 mL) when the derived goal was out of range.
    public var adjusted: String?
    /// True when the user chose a manual goal over an available auto goal: new weights do not
    /// change it until `goal.auto`.
    public var pinned: Bool
    /// True when an auto goal can be derived (body-mass consent granted and a weight known).
    public var autoAvailable: Bool
    /// `goal.set` / `goal.auto` only: whether the goal (value or source) changed.
    public var changed: Bool?

    public init(
        goalMl: Double, source: String, since: LocalDay?, weightKg: Double?, adjusted: String?, pinned: Bool,
        autoAvailable: Bool, changed: Bool? = nil
    ) {
        self.goalMl = goalMl
        self.source = source
        self.since = since
        self.weightKg = weightKg
        self.adjusted = adjusted
        self.pinned = pinned
        self.autoAvailable = autoAvailable
        self.changed = changed
    }
}

/// One goal of the history: in effect from `startDay` to `endDay` inclusive (`endDay`
/// absent while it is the current goal).
public struct GoalPeriod: Codable, Sendable, Equatable {
    public var goalMl: Double
    public var source: String
    public var startDay: LocalDay
    public var endDay: LocalDay?
    public var weightKg: Double?
    public var adjusted: String?

    public init(goalMl: Double, source: String, startDay: LocalDay, endDay: LocalDay?, weightKg: Double? = nil, adjusted: String? = nil) {
        self.goalMl = goalMl
        self.source = source
        self.startDay = startDay
        self.endDay = endDay
        self.weightKg = weightKg
        self.adjusted = adjusted
    }
}

/// The goal in effect on one day (`goal.at`, and each day of `goal.days`).
public struct GoalOnDay: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var goalMl: Double
    public var source: String
    /// The period the day falls in; absent for days before the user's first goal (the default).
    public var startDay: LocalDay?
    public var endDay: LocalDay?

    public init(day: LocalDay, goalMl: Double, source: String, startDay: LocalDay? = nil, endDay: LocalDay? = nil) {
        self.day = day
        self.goalMl = goalMl
        self.source = source
        self.startDay = startDay
        self.endDay = endDay
    }
}

public struct GoalDaysReply: Codable, Sendable, Equatable {
    public var days: [GoalOnDay]

    public init(days: [GoalOnDay]) {
        self.days = days
    }
}

public struct GoalHistoryReply: Codable, Sendable, Equatable {
    /// Newest first.
    public var goals: [GoalPeriod]
    /// Present when older periods follow: send it as `cursor`.
    public var nextCursor: String?

    public init(goals: [GoalPeriod], nextCursor: String? = nil) {
        self.goals = goals
        self.nextCursor = nextCursor
    }
}
