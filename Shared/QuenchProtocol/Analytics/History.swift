/// `analytics.history`: the last `days` days up to today (default 30, 1…3660).
public struct HistoryRequest: Codable, Sendable, Equatable {
    public var days: Int?

    public init(days: Int? = nil) {
        self.days = days
    }

    public static let defaultDays = 30
    public static let maxDays = 3660
}

/// One day of the history, judged against that day's own goal.
public struct HistoryDay: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var totalWaterMl: Double
    public var goalMl: Double
    /// total ≥ goal.
    public var met: Bool

    public init(day: LocalDay, totalWaterMl: Double, goalMl: Double, met: Bool) {
        self.day = day
        self.totalWaterMl = totalWaterMl
        self.goalMl = goalMl
        self.met = met
    }
}

public struct HistoryReply: Codable, Sendable, Equatable {
    /// Oldest first, ending today.
    public var days: [HistoryDay]
    /// Consecutive met days ending today, or ending yesterday while today is not met yet.
    public var currentStreak: Int
    /// The longest run of consecutive met days in the user's whole history.
    public var longestStreak: Int
    public var lag: [SubscriptionHealth]

    public init(days: [HistoryDay], currentStreak: Int, longestStreak: Int, lag: [SubscriptionHealth]) {
        self.days = days
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.lag = lag
    }
}
