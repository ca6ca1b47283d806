public import Foundation

/// How an `RPCClient` waits and retries.
public struct RPCClientOptions: Sendable {
    /// How long one attempt waits for its reply before the client reconnects and resends.
    public var attemptTimeout: Duration
    /// Attempts in all (the first send plus retries); then the call fails with `unavailable`.
    public var attempts: Int
    /// The IANA time zone sent in every envelope (`tz`).
    public var timeZone: String?
    /// The user named in envelopes when a call does not name one.
    public var user: String?
    /// Replies larger than this are dropped by libzmq (ZMQ_MAXMSGSIZE).
    public var maxMessageBytes: Int
    /// CURVE credentials; nil for an insecure loopback deployment.
    public var curve: CurveClientCredentials?
    /// When set, a call fails with `unavailable` once its socket has had no TCP connection
    /// for this long (a service that is down refuses the connection, so waiting out every
    /// attempt would only delay the answer). nil: only the attempts' timeouts apply.
    public var connectTimeout: Duration?

    public init(
        attemptTimeout: Duration = .seconds(3),
        attempts: Int = 3,
        timeZone: String? = TimeZone.current.identifier,
        user: String? = nil,
        maxMessageBytes: Int = 64 << 20,
        curve: CurveClientCredentials? = nil,
        connectTimeout: Duration? = nil
    ) {
        self.attemptTimeout = attemptTimeout
        self.attempts = max(1, attempts)
        self.timeZone = timeZone
        self.user = user
        self.maxMessageBytes = maxMessageBytes
        self.curve = curve
        self.connectTimeout = connectTimeout
    }
}

/// A client's CURVE keys and the server's public key (all Z85).
public struct CurveClientCredentials: Sendable, Equatable {
    public var publicKey: String
    public var secretKey: String
    public var serverPublicKey: String

    public init(publicKey: String, secretKey: String, serverPublicKey: String) {
        self.publicKey = publicKey
        self.secretKey = secretKey
        self.serverPublicKey = serverPublicKey
    }
}
