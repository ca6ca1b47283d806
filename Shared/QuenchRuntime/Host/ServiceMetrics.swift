import CoreMetrics
import Prometheus
import QuenchProtocol

/// The process's metrics: recorded through swift-metrics (`Counter`, `Timer`, `Recorder`,
/// `Gauge`), kept by swift-prometheus' registry, and read with `system.metrics` in the
/// Prometheus text format. The backend is installed once per process, before the first
/// metric is made; a process that never starts a service records nothing.
public enum ServiceMetrics {
    /// Where this process's metrics live.
    static let registry = PrometheusCollectorRegistry()

    private static let installed: Bool = {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Request and commit times on this scale: 50 µs to 10 s.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
            .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(10),
        ]
        factory.defaultValueHistogramBuckets = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
        MetricsSystem.bootstrap(factory)
        return true
    }()

    /// Installs the Prometheus backend (idempotent).
    public static func install() {
        _ = installed
    }

    /// Every metric of the process, in the Prometheus text format.
    public static func text() -> String {
        registry.emitToString()
    }
}

/// The request metrics of one service: made once for every message type it serves (and one
/// `other` for names it does not), so recording is a dictionary lookup and an atomic add,
/// and no client-chosen string ever becomes a label.
final class RequestMetrics: Sendable {
    private struct PerType: Sendable {
        let requests: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    private let byType: [String: PerType]
    private let other: PerType
    private let errors: [String: CoreMetrics.Counter]

    init(service: String, types: [String]) {
        ServiceMetrics.install()
        func make(_ type: String) -> PerType {
            let dimensions = [("service", service), ("type", type)]
            return PerType(
                requests: CoreMetrics.Counter(label: "quench_requests_total", dimensions: dimensions),
                duration: CoreMetrics.Timer(label: "quench_request_duration_seconds", dimensions: dimensions))
        }
        var byType: [String: PerType] = [:]
        for type in types { byType[type] = make(type) }
        self.byType = byType
        other = make("other")
        var errors: [String: CoreMetrics.Counter] = [:]
        for code in ErrorCode.allCases {
            errors[code.rawValue] = CoreMetrics.Counter(label: "quench_request_errors_total", dimensions: [("service", service), ("code", code.rawValue)])
        }
        self.errors = errors
    }

    /// A reply is going out for a request of `type` (nil: the envelope could not be read),
    /// `nanoseconds` after the request was taken in (nil: not timed).
    func replied(_ type: String?, nanoseconds: UInt64?) {
        let metrics = type.flatMap { byType[$0] } ?? other
        metrics.requests.increment()
        if let nanoseconds { metrics.duration.recordNanoseconds(Int64(clamping: nanoseconds)) }
    }

    /// An error reply with the wire `code` (one of `ErrorCode`; others are not counted here).
    func failed(_ code: String) {
        errors[code]?.increment()
    }
}

/// What one catch-up subscriber applies: events and transactions (made when its service
/// host starts it; labels are the service and the publisher).
struct SubscriberMetrics: Sendable {
    private let events: CoreMetrics.Counter
    private let batchEvents: CoreMetrics.Recorder
    private let batchDuration: CoreMetrics.Timer

    init(service: String, publisher: String) {
        ServiceMetrics.install()
        let dimensions = [("service", service), ("publisher", publisher)]
        events = CoreMetrics.Counter(label: "quench_subscription_events_applied_total", dimensions: dimensions)
        batchEvents = CoreMetrics.Recorder(label: "quench_subscription_batch_events", dimensions: dimensions)
        batchDuration = CoreMetrics.Timer(label: "quench_subscription_batch_duration_seconds", dimensions: dimensions)
    }

    /// A transaction applied `count` events (skipped ones included) in `nanoseconds`.
    func applied(_ count: UInt64, nanoseconds: Int64) {
        events.increment(by: Int64(clamping: count))
        batchEvents.record(Int64(clamping: count))
        batchDuration.recordNanoseconds(nanoseconds)
    }
}

/// Gauges of the host's own state, set when the metrics are read (`system.metrics`), so
/// nothing is recorded on the request path for them.
struct HostGauges: Sendable {
    let service: String

    func update(uptimeSeconds: Double, inFlight: Int, headSeq: UInt64, subscriptions: [SubscriptionHealth]) {
        let service = [("service", service)]
        CoreMetrics.Gauge(label: "quench_uptime_seconds", dimensions: service).record(uptimeSeconds)
        CoreMetrics.Gauge(label: "quench_requests_in_flight", dimensions: service).record(inFlight)
        CoreMetrics.Gauge(label: "quench_outbox_head_seq", dimensions: service).record(Int64(clamping: headSeq))
        for subscription in subscriptions {
            let dimensions = service + [("publisher", subscription.publisher)]
            CoreMetrics.Gauge(label: "quench_subscription_applied_seq", dimensions: dimensions).record(Int64(clamping: subscription.appliedSeq))
            CoreMetrics.Gauge(label: "quench_subscription_lag_events", dimensions: dimensions).record(Int64(clamping: subscription.lag))
            CoreMetrics.Gauge(label: "quench_subscription_skipped_events", dimensions: dimensions).record(Int64(clamping: subscription.skipped))
            CoreMetrics.Gauge(label: "quench_subscription_connected", dimensions: dimensions).record(subscription.connected ? 1 : 0)
        }
    }
}
