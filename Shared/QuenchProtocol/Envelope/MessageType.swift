/// Request type names served by every service.
public enum MessageType {
    /// Liveness and identity; no body. Reply: `PingReply`.
    public static let ping = "system.ping"
    /// Detailed state: storage, in-flight work, subscriptions. Reply: `HealthReply`.
    public static let health = "system.health"
    /// The service's metrics, Prometheus text format (operators and services only):
    /// `MetricsRequest` → `MetricsReply`.
    public static let metrics = "system.metrics"
    /// Outbox read for catch-up: `EventsSinceRequest` → `EventsSinceReply`.
    public static let eventsSince = "events.since"
}

/// Event topic names. The topic frame of a published event equals the envelope `type`,
/// so subscribers filter by prefix (`goal.` gets every goal event).
public enum EventTopic {
    /// Published by every publisher every second (and on start); `seq` carries the head seq.
    public static let heartbeat = "system.heartbeat"
}

/// The names of the services, used as `publisher` in events and in principals.
public enum ServiceName {
    public static let intake = "intake"
    public static let goals = "goals"
    public static let healthIngest = "health-ingest"
    public static let analytics = "analytics"
    public static let all = [intake, goals, healthIngest, analytics]
}
