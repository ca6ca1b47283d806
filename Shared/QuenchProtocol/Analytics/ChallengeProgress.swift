/// One day of a challenge: the day's steps (type `step`) or metres (distance types).
public struct ChallengeDay: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var value: Double
    /// value ≥ the daily goal of the challenge's version in force that day (false on a day
    /// it was retired).
    public var completed: Bool
    /// The points the day earned (present on completed days): the reward in force that day,
    /// which a later change of the catalog does not rescore.
    public var points: Int?

    public init(day: LocalDay, value: Double, completed: Bool, points: Int? = nil) {
        self.day = day
        self.value = value
        self.completed = completed
        self.points = points
    }
}

/// A catalog challenge over one month. Each completed day earns the reward of the
/// challenge's version in force that day once: one trophy and its points. `title`, `type`,
/// `goal` and `reward` are the newest version in force within the month.
public struct ChallengeProgress: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    /// `step`, `walking_distance` or `running_distance`.
    public var type: String
    /// Daily goal: steps, or metres for the distance types.
    public var goal: Double
    /// `steps` or `meters`.
    public var unit: String
    public var reward: Challenge.Reward
    public var days: [ChallengeDay]
    public var daysCompleted: Int
    /// Trophies earned this month (one per completed day, of the kind in force that day).
    public var trophies: Int
    /// The sum of the completed days' points (daysCompleted × reward.points when the reward
    /// did not change within the month).
    public var points: Int

    public init(
        id: String, title: String, type: String, goal: Double, unit: String, reward: Challenge.Reward,
        days: [ChallengeDay], daysCompleted: Int, trophies: Int, points: Int
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.goal = goal
        self.unit = unit
        self.reward = reward
        self.days = days
        self.daysCompleted = daysCompleted
        self.trophies = trophies
        self.points = points
    }
}

/// Trophies of one kind earned in the month, over all challenges.
public struct TrophyCount: Codable, Sendable, Equatable {
    public var trophy: String
    public var count: Int

    public init(trophy: String, count: Int) {
        self.trophy = trophy
        self.count = count
    }
}

public struct ChallengesProgressReply: Codable, Sendable, Equatable {
    public var month: String
    public var challenges: [ChallengeProgress]
    public var totalPoints: Int
    /// By trophy kind, sorted by name.
    public var trophies: [TrophyCount]
    public var lag: [SubscriptionHealth]
    /// The revoked consent types (`steps`, `distance`, `workouts`) whose data this answer
    /// leaves out; absent when none.
    public var revoked: [String]?

    public init(
        month: String, challenges: [ChallengeProgress], totalPoints: Int, trophies: [TrophyCount], lag: [SubscriptionHealth],
        revoked: [String]? = nil
    ) {
        self.month = month
        self.challenges = challenges
        self.totalPoints = totalPoints
        self.trophies = trophies
        self.lag = lag
        self.revoked = revoked
    }
}
