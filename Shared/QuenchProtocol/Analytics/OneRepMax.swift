/// `analytics.orm`: one-rep max estimates per exercise.
public struct OneRepMaxRequest: Codable, Sendable, Equatable {
    /// Only this exercise (case-insensitive); an unknown one is `not_found`.
    public var exercise: String?
    /// The latest N days with an estimate per exercise (default 31, 1…3660).
    public var limit: Int?

    public init(exercise: String? = nil, limit: Int? = nil) {
        self.exercise = exercise
        self.limit = limit
    }

    public static let defaultLimit = 31
    public static let maxLimit = 3660
}

/// The best estimate of one day (kg, two decimals).
public struct OneRepMaxPoint: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var oneRepMax: Double

    public init(day: LocalDay, oneRepMax: Double) {
        self.day = day
        self.oneRepMax = oneRepMax
    }
}

public struct ExerciseOneRepMax: Codable, Sendable, Equatable {
    public var name: String
    /// The best estimate ever (the earliest day on a tie); absent when every set was excluded.
    public var personalRecord: OneRepMaxPoint?
    /// Newest first, at most `limit` days.
    public var series: [OneRepMaxPoint]
    /// Sets left out because they had more than 12 reps.
    public var excludedSets: Int

    public init(name: String, personalRecord: OneRepMaxPoint?, series: [OneRepMaxPoint], excludedSets: Int) {
        self.name = name
        self.personalRecord = personalRecord
        self.series = series
        self.excludedSets = excludedSets
    }
}

public struct OneRepMaxReply: Codable, Sendable, Equatable {
    /// Sorted by name.
    public var exercises: [ExerciseOneRepMax]
    public var lag: [SubscriptionHealth]
    /// The revoked consent types (`steps`, `distance`, `workouts`) whose data this answer
    /// leaves out; absent when none.
    public var revoked: [String]?

    public init(exercises: [ExerciseOneRepMax], lag: [SubscriptionHealth], revoked: [String]? = nil) {
        self.exercises = exercises
        self.lag = lag
        self.revoked = revoked
    }
}
