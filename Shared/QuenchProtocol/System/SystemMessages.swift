public import Foundation

/// `system.ping` request: no fields.
public struct PingRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `system.ping` reply.
public struct PingReply: Codable, Sendable, Equatable {
    public var service: String
    public var version: String
    public var uptimeSeconds: Double
    /// Head of the service's event outbox (0 when it has published nothing).
    public var headSeq: UInt64

    public init(service: String, version: String, uptimeSeconds: Double, headSeq: UInt64) {
        self.service = service
        self.version = version
        self.uptimeSeconds = uptimeSeconds
        self.headSeq = headSeq
    }
}

/// `system.health` request: no fields.
public struct HealthRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `system.health` reply.
public struct HealthReply: Codable, Sendable, Equatable {
    /// `ok`, `degraded` (answers, but something is wrong) or `stopping`.
    public var status: String
    public var service: String
    public var version: String
    public var uptimeSeconds: Double
    public var headSeq: UInt64
    public var inFlight: Int
    public var requestsServed: UInt64
    /// Error replies sent, by code.
    public var errorsByCode: [String: UInt64]
    public var database: DatabaseHealth
    public var subscriptions: [SubscriptionHealth]

    public init(
        status: String, service: String, version: String, uptimeSeconds: Double, headSeq: UInt64,
        inFlight: Int, requestsServed: UInt64, errorsByCode: [String: UInt64],
        database: DatabaseHealth, subscriptions: [SubscriptionHealth]
    ) {
        self.status = status
        self.service = service
        self.version = version
        self.uptimeSeconds = uptimeSeconds
        self.headSeq = headSeq
        self.inFlight = inFlight
        self.requestsServed = requestsServed
        self.errorsByCode = errorsByCode
        self.database = database
        self.subscriptions = subscriptions
    }

    /// The reply with what counts every user's requests and events withheld: `headSeq`,
    /// `inFlight`, `requestsServed` and `errorsByCode` zero or empty, the database's path
    /// empty, the subscriptions behind-or-current only (``SubscriptionHealth/withheldCounters``).
    /// What a user principal gets: the counters would show other users' activity.
    public var withheldCounters: HealthReply {
        HealthReply(
            status: status, service: service, version: version, uptimeSeconds: uptimeSeconds, headSeq: 0,
            inFlight: 0, requestsServed: 0, errorsByCode: [:],
            database: DatabaseHealth(path: "", ok: database.ok, message: database.message, checkedAt: database.checkedAt),
            subscriptions: subscriptions.map(\.withheldCounters))
    }
}

public struct DatabaseHealth: Codable, Sendable, Equatable {
    public var path: String
    /// Whether SQLite's `quick_check` found the file sound.
    public var ok: Bool
    public var message: String?
    /// When that check ran: a service runs it at most once a minute and reports the last
    /// result in between (absent from services before this field).
    public var checkedAt: Date?

    public init(path: String, ok: Bool, message: String? = nil, checkedAt: Date? = nil) {
        self.path = path
        self.ok = ok
        self.message = message
        self.checkedAt = checkedAt
    }
}

/// How far a catch-up subscriber is behind one publisher.
public struct SubscriptionHealth: Codable, Sendable, Equatable {
    public var publisher: String
    /// Last seq applied (stored with the change it made).
    public var appliedSeq: UInt64
    /// Highest seq the publisher announced (event or heartbeat); 0 if never heard.
    public var headSeq: UInt64
    public var lag: UInt64
    /// Events that could not be applied (unknown type, malformed body), skipped and logged.
    public var skipped: UInt64
    /// Whether the publisher has been heard from in the last few heartbeats.
    public var connected: Bool

    public init(publisher: String, appliedSeq: UInt64, headSeq: UInt64, skipped: UInt64, connected: Bool) {
        self.publisher = publisher
        self.appliedSeq = appliedSeq
        self.headSeq = headSeq
        self.lag = headSeq > appliedSeq ? headSeq - appliedSeq : 0
        self.skipped = skipped
        self.connected = connected
    }
}

extension SubscriptionHealth {
    /// What a user may see of a subscription: whether the view is behind (`lag` 1, `headSeq`
    /// 1) or current (0) and whether the publisher is heard, with `appliedSeq`, `headSeq` and
    /// `skipped` withheld: a publisher's `seq` counts every user's events, so the counters
    /// would show another user's activity. Replies to users carry this; `analytics.lag` to an
    /// operator or a service the counters.
    public var withheldCounters: SubscriptionHealth {
        SubscriptionHealth(publisher: publisher, appliedSeq: 0, headSeq: lag > 0 ? 1 : 0, skipped: 0, connected: connected)
    }
}

/// `system.metrics` request: no fields.
public struct MetricsRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `system.metrics` reply: the service's metrics in the Prometheus text exposition format
/// (version 0.0.4), ready for a scraper's text file.
public struct MetricsReply: Codable, Sendable, Equatable {
    public var service: String
    public var text: String

    public init(service: String, text: String) {
        self.service = service
        self.text = text
    }
}
