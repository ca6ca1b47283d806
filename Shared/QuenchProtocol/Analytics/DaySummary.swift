/// `analytics.today`: a day (default today in the request's time zone).
public struct DayRequest: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var day: LocalDay?

    public init(day: LocalDay? = nil) {
        self.day = day
    }
}

/// One day's water against the goal in effect that day.
public struct DaySummary: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var totalWaterMl: Double
    public var goalMl: Double
    /// `default` (no goal was ever set: 2500 mL), `manual` or `auto`.
    public var goalSource: String
    /// total / goal × 100, one decimal; may exceed 100.
    public var percent: Double
    /// goal − total, never negative.
    public var remainingMl: Double
    public var lag: [SubscriptionHealth]

    public init(
        day: LocalDay, totalWaterMl: Double, goalMl: Double, goalSource: String, percent: Double, remainingMl: Double,
        lag: [SubscriptionHealth]
    ) {
        self.day = day
        self.totalWaterMl = totalWaterMl
        self.goalMl = goalMl
        self.goalSource = goalSource
        self.percent = percent
        self.remainingMl = remainingMl
        self.lag = lag
    }
}
