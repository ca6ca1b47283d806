import CoreMetrics
public import Logging
import Synchronization

/// What a service refuses from its sockets' peers, logged at a bounded rate (issue #25: 5,000
/// refused handshakes had added 862 KB of log). Each refusal is counted
/// (`quench_refusals_total{service,kind}`); of each kind at most `perMinute` lines are
/// logged per minute; the others are counted as suppressed
/// (`quench_log_lines_suppressed_total{service,kind}`) and the next line logged for that kind
/// carries `suppressed=<n>`, how many were left out since the previous one.
public final class RefusalLog: Sendable {
    /// The kinds of refusal (a fixed set: no peer-chosen string becomes a label).
    public enum Kind: String, Sendable, CaseIterable {
        /// A handshake the ZAP handler refused (unknown key, wrong stream, refused key).
        case handshake
        /// A user-stream subscription not applied (too long, over the principal's limit).
        case subscription
        /// A principal dropped from the user stream for too many subscriptions.
        case subscriptionFlood = "subscription_flood"
        /// A connection closed before its handshake completed (`limits.handshake.timeout.ms`
        /// passed, or the peer left).
        case handshakeIncomplete = "handshake_incomplete"
        /// A handshake that broke ZMTP (e.g. a plain client on a CURVE socket).
        case handshakeProtocol = "handshake_protocol"
        /// The process was at its open-files limit (checked every 2 s): libzmq cannot accept.
        case fileLimit = "file_limit"
        /// The web edge: a connection over `limits.http.connections.per.client` or
        /// `limits.http.connections`, answered 503 and closed.
        case httpConnectionLimit = "http_connection_limit"
        /// The web edge: a request head not complete within `http.timeout.head.ms` (408).
        case httpHeadTimeout = "http_head_timeout"
        /// The web edge: a request body not complete within `http.timeout.body.ms` (408).
        case httpBodyTimeout = "http_body_timeout"
    }

    private struct Window {
        var start: ContinuousClock.Instant
        var logged = 0
        /// Suppressed since the last line logged.
        var suppressed = 0
        var refusedTotal = 0
        var suppressedTotal = 0
    }

    private let logger: Logger
    private let perMinute: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let windows: Mutex<[Kind: Window]>
    private let refusedCounters: [Kind: CoreMetrics.Counter]
    private let suppressedCounters: [Kind: CoreMetrics.Counter]

    public init(
        logger: Logger, service: String, perMinute: Int,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        ServiceMetrics.install()
        self.logger = logger
        self.perMinute = perMinute
        self.now = now
        windows = Mutex([:])
        var refused: [Kind: CoreMetrics.Counter] = [:]
        var suppressed: [Kind: CoreMetrics.Counter] = [:]
        for kind in Kind.allCases {
            let dimensions = [("service", service), ("kind", kind.rawValue)]
            refused[kind] = CoreMetrics.Counter(label: "quench_refusals_total", dimensions: dimensions)
            suppressed[kind] = CoreMetrics.Counter(label: "quench_log_lines_suppressed_total", dimensions: dimensions)
        }
        refusedCounters = refused
        suppressedCounters = suppressed
    }

    /// Counts one refusal of `kind` and logs it unless this kind's lines for the current
    /// minute are used up.
    public func refused(
        _ kind: Kind, _ message: @autoclosure () -> Logger.Message, level: Logger.Level = .warning,
        metadata: @autoclosure () -> Logger.Metadata = [:]
    ) {
        refusedCounters[kind]?.increment()
        let instant = now()
        let suppressedBefore: Int? = windows.withLock { windows in
            var window = windows[kind] ?? Window(start: instant)
            defer { windows[kind] = window }
            window.refusedTotal += 1
            if instant - window.start >= .seconds(60) {
                window.start = instant
                window.logged = 0
            }
            guard window.logged < perMinute else {
                window.suppressed += 1
                window.suppressedTotal += 1
                return nil
            }
            window.logged += 1
            defer { window.suppressed = 0 }
            return window.suppressed
        }
        guard let suppressedBefore else {
            suppressedCounters[kind]?.increment()
            return
        }
        var fields = metadata()
        fields["refusal"] = "\(kind.rawValue)"
        if suppressedBefore > 0 { fields["suppressed"] = "\(suppressedBefore)" }
        logger.log(level: level, message(), metadata: fields)
    }

    /// How many refusals of `kind` were counted and how many of them were not logged.
    public func totals(_ kind: Kind) -> (refused: Int, suppressed: Int) {
        windows.withLock { windows in
            let window = windows[kind]
            return (window?.refusedTotal ?? 0, window?.suppressedTotal ?? 0)
        }
    }
}
