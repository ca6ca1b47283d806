// The messages every service serves or publishes (docs/PROTOCOL.md §7, "Every service").

extension MessageDescriptor where Kind == QueryKind, Request == PingRequest, Reply == PingReply {
    /// Liveness and identity; no body.
    public static var systemPing: Self { .init(name: "system.ping", service: nil) }
}

extension MessageDescriptor where Kind == QueryKind, Request == HealthRequest, Reply == HealthReply {
    /// Detailed state: storage, in-flight work, subscriptions.
    public static var systemHealth: Self { .init(name: "system.health", service: nil) }
}

extension MessageDescriptor where Kind == QueryKind, Request == MetricsRequest, Reply == MetricsReply {
    /// The service's metrics, Prometheus text format (operators and services only).
    public static var systemMetrics: Self { .init(name: "system.metrics", service: nil) }
}

extension MessageDescriptor where Kind == QueryKind, Request == EventsSinceRequest, Reply == EventsSinceReply {
    /// Outbox read for catch-up.
    public static var eventsSince: Self { .init(name: "events.since", service: nil) }
}

extension EventDescriptor where Body == HeartbeatBody {
    /// Published by every publisher every second (and on start); `seq` carries the head seq.
    /// The topic frame of a published event equals the envelope `type`, so subscribers
    /// filter by prefix (`goal.` gets every goal event).
    public static var heartbeat: Self { .init(name: "system.heartbeat", service: nil) }
}
