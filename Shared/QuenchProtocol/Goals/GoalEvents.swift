/// Where a goal came from.
public enum GoalSource: String, Codable, Sendable, CaseIterable {
    case `default`
    case manual
    case auto
}

/// Body of `goal.changed`.
public struct GoalChangedBody: Codable, Sendable, Equatable {
    public var user: String
    /// The goal before (the default 2500 when there was none).
    public var oldGoalMl: Double
    public var newGoalMl: Double
    /// `default`, `manual` or `auto`.
    public var source: String
    /// With source auto: the weight the goal was derived from.
    public var weightKg: Double?
    /// The first local day (YYYY-MM-DD) the new goal applies to.
    public var effectiveDay: LocalDay
    /// Set when an auto goal was capped at 6000 mL or raised to 1000 mL.
    public var adjusted: String?

    public init(
        user: String, oldGoalMl: Double, newGoalMl: Double, source: String, weightKg: Double?, effectiveDay: LocalDay,
        adjusted: String? = nil
    ) {
        self.user = user
        self.oldGoalMl = oldGoalMl
        self.newGoalMl = newGoalMl
        self.source = source
        self.weightKg = weightKg
        self.effectiveDay = effectiveDay
        self.adjusted = adjusted
    }
}

/// A challenge of the catalog, in the shape of the public goals feed.
public struct Challenge: Codable, Sendable, Equatable {
    public struct Reward: Codable, Sendable, Equatable {
        /// `bronze`, `silver`, `gold` or `zombie_hand`.
        public var trophy: String
        public var points: Int

        public init(trophy: String, points: Int) {
            self.trophy = trophy
            self.points = points
        }
    }

    public var id: String
    public var title: String
    public var description: String
    /// `step`, `walking_distance` or `running_distance`.
    public var type: String
    /// Steps, or metres for the distance types, per day.
    public var goal: Double
    public var reward: Reward

    public init(id: String, title: String, description: String, type: String, goal: Double, reward: Reward) {
        self.id = id
        self.title = title
        self.description = description
        self.type = type
        self.goal = goal
        self.reward = reward
    }
}

/// Body of `challenge.upserted`.
public struct ChallengeUpsertedBody: Codable, Sendable, Equatable {
    public var challenge: Challenge
    /// The first day (in the `tz` of the request that changed it) this version is in force:
    /// days before keep the version they were earned with. A challenge's first version
    /// counts for the days before it too. Absent (events from before catalog versions):
    /// in force on every day, as the catalog was then.
    public var effectiveDay: LocalDay?

    public init(challenge: Challenge, effectiveDay: LocalDay? = nil) {
        self.challenge = challenge
        self.effectiveDay = effectiveDay
    }
}
