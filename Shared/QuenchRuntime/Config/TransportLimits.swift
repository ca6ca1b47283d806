import Configuration

/// The bounds a service puts on its sockets' peers (issue #25), from configuration; every
/// key is listed in `docs/OPERATIONS.md` and `docs/SECURITY.md` ("Limits").
///
/// - `limits.user.stream.max.subscriptions` (64): distinct subscription prefixes one
///   principal may send on the user event stream, all its connections together (a client
///   needs a handful). One more and the principal's key is refused on the user stream for
///   `limits.user.stream.refusal.seconds` and the stream is reopened, which drops its
///   connections (every other subscriber reconnects and resubscribes by itself).
/// - `limits.user.stream.max.subscription.bytes` (256): the longest prefix applied; longer
///   ones are refused (and count against the principal's subscriptions). libzmq drops a peer
///   whose message is longer than this or than the CURVE handshake needs, whichever is more.
/// - `limits.user.stream.refusal.seconds` (60): how long a flooding key stays refused.
/// - `limits.handshake.timeout.ms` (5000): a connection that has not completed its ZMTP/CURVE
///   handshake by then is closed (`ZMQ_HANDSHAKE_IVL`; libzmq's default is 30 s).
/// - `limits.max.open.files` (65536): the file-descriptor limit the service raises itself to
///   at start (`RLIMIT_NOFILE`; as far as the hard limit allows, further when privileged).
/// - `log.refusals.per.minute` (20): lines logged per minute for each kind of refusal
///   (refused handshakes, refused subscriptions); the rest are counted and the count is
///   logged with the next line.
public struct TransportLimits: Sendable, Equatable {
    public var maxSubscriptionsPerPrincipal: Int
    public var maxSubscriptionBytes: Int
    public var refusalSeconds: Int
    public var handshakeTimeoutMilliseconds: Int
    public var maxOpenFiles: Int
    public var refusalLogsPerMinute: Int

    /// The defaults.
    public static let standard = TransportLimits(
        maxSubscriptionsPerPrincipal: 64, maxSubscriptionBytes: 256, refusalSeconds: 60,
        handshakeTimeoutMilliseconds: 5000, maxOpenFiles: 65536, refusalLogsPerMinute: 20)

    public init(
        maxSubscriptionsPerPrincipal: Int, maxSubscriptionBytes: Int, refusalSeconds: Int,
        handshakeTimeoutMilliseconds: Int, maxOpenFiles: Int, refusalLogsPerMinute: Int
    ) {
        self.maxSubscriptionsPerPrincipal = maxSubscriptionsPerPrincipal
        self.maxSubscriptionBytes = maxSubscriptionBytes
        self.refusalSeconds = refusalSeconds
        self.handshakeTimeoutMilliseconds = handshakeTimeoutMilliseconds
        self.maxOpenFiles = maxOpenFiles
        self.refusalLogsPerMinute = refusalLogsPerMinute
    }

    init(reader: ConfigReader) throws {
        let standard = Self.standard
        func value(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) throws -> Int {
            let value = reader.int(forKey: ConfigKey(key.split(separator: ".").map(String.init)), default: fallback)
            guard range.contains(value) else {
                throw ConfigError(key: key, message: "must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
            }
            return value
        }
        maxSubscriptionsPerPrincipal = try value("limits.user.stream.max.subscriptions", standard.maxSubscriptionsPerPrincipal, 1...100_000)
        maxSubscriptionBytes = try value("limits.user.stream.max.subscription.bytes", standard.maxSubscriptionBytes, 16...4096)
        refusalSeconds = try value("limits.user.stream.refusal.seconds", standard.refusalSeconds, 0...86_400)
        handshakeTimeoutMilliseconds = try value("limits.handshake.timeout.ms", standard.handshakeTimeoutMilliseconds, 100...600_000)
        maxOpenFiles = try value("limits.max.open.files", standard.maxOpenFiles, 256...1_048_576)
        refusalLogsPerMinute = try value("log.refusals.per.minute", standard.refusalLogsPerMinute, 0...100_000)
    }
}
