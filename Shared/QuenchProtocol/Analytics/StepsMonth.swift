/// `analytics.steps-month` and `analytics.challenges-progress`: a calendar month
/// `YYYY-MM` (default the current one in the request's time zone).
public struct MonthRequest: Codable, Sendable, Equatable {
    public var month: String?

    public init(month: String? = nil) {
        self.month = month
    }
}

public struct StepsDay: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var steps: Int64

    public init(day: LocalDay, steps: Int64) {
        self.day = day
        self.steps = steps
    }
}

/// A badge per 10,000 steps of the month's total.
public struct Achievement: Codable, Sendable, Equatable {
    public var threshold: Int64
    public var earned: Bool

    public init(threshold: Int64, earned: Bool) {
        self.threshold = threshold
        self.earned = earned
    }
}

public struct StepsMonthReply: Codable, Sendable, Equatable {
    public var month: String
    /// Every day of the month up to today (0 without data), no future days.
    public var days: [StepsDay]
    public var total: Int64
    /// The chart's y-axis maximum (the axis starts at 0): see docs, "axis maximum".
    public var axisMax: Int64
    /// The earned badges, then the next one to earn.
    public var achievements: [Achievement]
    public var lag: [SubscriptionHealth]
    /// The revoked consent types (`steps`, `distance`, `workouts`) whose data this answer
    /// leaves out; absent when none.
    public var revoked: [String]?

    public init(
        month: String, days: [StepsDay], total: Int64, axisMax: Int64, achievements: [Achievement], lag: [SubscriptionHealth],
        revoked: [String]? = nil
    ) {
        self.month = month
        self.days = days
        self.total = total
        self.axisMax = axisMax
        self.achievements = achievements
        self.lag = lag
        self.revoked = revoked
    }
}
