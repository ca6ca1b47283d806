/// `analytics.lag`: no fields.
public struct LagRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct LagReply: Codable, Sendable, Equatable {
    /// One entry per publisher analytics subscribes to.
    public var publishers: [SubscriptionHealth]

    public init(publishers: [SubscriptionHealth]) {
        self.publishers = publishers
    }
}

/// `analytics.rebuild`: no fields; privileged.
public struct RebuildRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct RebuildReply: Codable, Sendable, Equatable {
    /// Rows deleted, by read-model table.
    public var cleared: [String: Int]
    /// The publishers whose cursors were reset; their events are applied again from seq 1.
    public var publishers: [String]

    public init(cleared: [String: Int], publishers: [String]) {
        self.cleared = cleared
        self.publishers = publishers
    }
}
