/// `challenges.list`: the whole catalog.
public struct ListChallengesRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct ListChallengesReply: Codable, Sendable, Equatable {
    /// Ordered by id.
    public var challenges: [Challenge]
    /// Where the catalog was last fetched from (`quench challenges sync`); absent when it
    /// only ever came from files (`challenges.load`).
    public var source: ChallengeSyncState?

    public init(challenges: [Challenge], source: ChallengeSyncState? = nil) {
        self.challenges = challenges
        self.source = source
    }
}

/// `challenges.load`: upserts the items by id in one transaction; one bad item rejects
/// them all, naming the item and field (`items[3].reward.trophy`). Items are in the shape
/// of the public goals feed (`{"items":[…]}`). Service, operator or insecure principals only.
public struct LoadChallengesRequest: Codable, Sendable, Equatable {
    public var items: [Challenge]

    public init(items: [Challenge]) {
        self.items = items
    }

    /// At most this many items per load.
    public static let maxItems = 1000
}

public struct LoadChallengesReply: Codable, Sendable, Equatable {
    public var received: Int
    public var created: Int
    public var updated: Int
    public var unchanged: Int

    public init(received: Int, created: Int, updated: Int, unchanged: Int) {
        self.received = received
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
    }
}

/// The allowed values of a challenge's `type` and `reward.trophy`.
public enum ChallengeVocabulary {
    public static let types = ["step", "walking_distance", "running_distance"]
    public static let trophies = ["bronze", "silver", "gold", "zombie_hand"]
}
