public import MessagePack

/// `events.since` request: the outbox events with `seq > after`, oldest first.
public struct EventsSinceRequest: Codable, Sendable, Equatable {
    /// The last seq the caller has; 0 for everything.
    public var after: UInt64
    /// At most this many events (1…1000; default 500).
    public var limit: Int?

    public init(after: UInt64, limit: Int? = nil) {
        self.after = after
        self.limit = limit
    }

    public static let maxLimit = 1000
    public static let defaultLimit = 500
}

/// `events.since` reply.
public struct EventsSinceReply: Codable, Sendable, Equatable {
    /// Each element is a complete event envelope, byte for byte as it was published.
    public var events: [MessagePackRaw]
    /// The publisher's head seq when it answered.
    public var headSeq: UInt64

    public init(events: [MessagePackRaw], headSeq: UInt64) {
        self.events = events
        self.headSeq = headSeq
    }
}

/// Body of a `system.heartbeat` event. The envelope's `seq` is the head seq too.
public struct HeartbeatBody: Codable, Sendable, Equatable {
    public var headSeq: UInt64

    public init(headSeq: UInt64) {
        self.headSeq = headSeq
    }
}
