import Configuration
public import QuenchRuntime

/// The web edge's own settings, read with the same providers as every service key
/// (`--http-port 8080`, `QUENCH_WEB_HTTP_PORT`, the JSON file): docs/OPERATIONS.md lists them.
public struct WebConfig: Sendable {
    /// `http.host`: the address the HTTP listener binds; loopback unless configured.
    public var host: String
    /// `http.port`: 8080 by default; 0 picks a free port (tests; see `ready.file`).
    public var port: Int
    /// `limits.http.body.bytes`: the largest request body accepted (else 413).
    public var maxBodyBytes: Int
    /// `limits.hae.body.bytes`: the largest Health Auto Export payload accepted at
    /// `POST /api/v1/health-auto-export` (else 413); 32 MiB by default.
    public var maxHealthAutoExportBytes: Int = 32 << 20
    /// `http.request.timeout.ms`: how long one call to a service may take (per attempt).
    public var serviceTimeout: Duration
    /// `http.erase.timeout.ms`: how long each service's erase may take at `DELETE /api/v1/me`
    /// (one attempt; the service rebuilds its files before it answers). 120 s by default, as
    /// `quench erase`; the general `http.request.timeout.ms` is too short for it.
    public var eraseTimeout: Duration = .seconds(120)
    /// `http.cookie.secure`: mark the session cookie `Secure` (set it when a TLS proxy is
    /// in front; docs/SECURITY.md "The web edge").
    public var secureCookies: Bool
    /// `http.session.hours`: how long a browser stays signed in (default 30 days).
    public var sessionLifetime: Double
    /// `limits.sign.in.per.minute`: sign-in attempts one client address may make a minute.
    public var signInPerMinute: Int = 10
    /// `http.trust.forwarded.for`: take the client address for the sign-in limit from the
    /// last `X-Forwarded-For` entry (set it only behind a reverse proxy that sets it).
    public var trustForwardedFor: Bool = false
    /// `http.timeout.head.ms`, `http.timeout.body.ms`, `http.timeout.idle.ms`,
    /// `limits.http.connections.per.client`, `limits.http.connections`: how long a client may
    /// take and how many connections it may hold (``ConnectionLimits``).
    public var connections = ConnectionLimits()
    /// `upstream.<name>.user.pub`: each service's user event stream (the dashboard's live updates).
    public var userStreams: [String: String] = [:]

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 64 * 1024, serviceTimeout: Duration = .seconds(3),
        secureCookies: Bool = false, sessionLifetime: Double = 30 * 86_400
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.serviceTimeout = serviceTimeout
        self.secureCookies = secureCookies
        self.sessionLifetime = sessionLifetime
    }

    /// Reads the keys from the service's configuration.
    public init(_ service: ServiceConfig) throws {
        let reader = service.reader
        host = reader.string(forKey: "http.host", default: "127.0.0.1")
        port = reader.int(forKey: "http.port", default: ServiceCatalog.web.httpPort ?? 8080)
        guard (0...65535).contains(port) else {
            throw ConfigError(key: "http.port", message: "must be between 0 and 65535, got \(port)")
        }
        maxBodyBytes = reader.int(forKey: "limits.http.body.bytes", default: 64 * 1024)
        guard maxBodyBytes > 0 else {
            throw ConfigError(key: "limits.http.body.bytes", message: "must be greater than 0, got \(maxBodyBytes)")
        }
        maxHealthAutoExportBytes = reader.int(forKey: "limits.hae.body.bytes", default: 32 << 20)
        guard maxHealthAutoExportBytes > 0 else {
            throw ConfigError(key: "limits.hae.body.bytes", message: "must be greater than 0, got \(maxHealthAutoExportBytes)")
        }
        let timeout = reader.int(forKey: "http.request.timeout.ms", default: 3000)
        guard timeout > 0 else {
            throw ConfigError(key: "http.request.timeout.ms", message: "must be greater than 0, got \(timeout)")
        }
        serviceTimeout = .milliseconds(timeout)
        let eraseTimeout = reader.int(forKey: "http.erase.timeout.ms", default: 120_000)
        guard eraseTimeout > 0 else {
            throw ConfigError(key: "http.erase.timeout.ms", message: "must be greater than 0, got \(eraseTimeout)")
        }
        self.eraseTimeout = .milliseconds(eraseTimeout)
        secureCookies = reader.bool(forKey: "http.cookie.secure", default: false)
        let hours = reader.int(forKey: "http.session.hours", default: 24 * 30)
        guard hours > 0 else {
            throw ConfigError(key: "http.session.hours", message: "must be greater than 0, got \(hours)")
        }
        sessionLifetime = Double(hours) * 3600
        signInPerMinute = reader.int(forKey: "limits.sign.in.per.minute", default: 10)
        guard signInPerMinute > 0 else {
            throw ConfigError(key: "limits.sign.in.per.minute", message: "must be greater than 0, got \(signInPerMinute)")
        }
        trustForwardedFor = reader.bool(forKey: "http.trust.forwarded.for", default: false)
        connections = try Self.connectionLimits(reader, behindProxy: trustForwardedFor)
        userStreams = Self.userStreamEndpoints(service)
    }

    private static func connectionLimits(_ reader: ConfigReader, behindProxy: Bool) throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        func milliseconds(_ key: String, _ fallback: Duration) throws -> Duration {
            let value = reader.int(forKey: ConfigKey(key), default: Int(RawConnectionGuard.milliseconds(fallback)))
            guard value > 0 else { throw ConfigError(key: key, message: "must be greater than 0, got \(value)") }
            return .milliseconds(value)
        }
        limits.headTimeout = try milliseconds("http.timeout.head.ms", limits.headTimeout)
        limits.bodyTimeout = try milliseconds("http.timeout.body.ms", limits.bodyTimeout)
        limits.idleTimeout = try milliseconds("http.timeout.idle.ms", limits.idleTimeout)
        // Behind a reverse proxy every connection comes from the proxy's address: no limit
        // per address unless one is set.
        limits.perClient = reader.int(forKey: "limits.http.connections.per.client", default: behindProxy ? 0 : limits.perClient)
        guard limits.perClient >= 0 else {
            throw ConfigError(key: "limits.http.connections.per.client", message: "must be 0 (no limit) or more, got \(limits.perClient)")
        }
        limits.total = reader.int(forKey: "limits.http.connections", default: limits.total)
        guard limits.total > 0 else {
            throw ConfigError(key: "limits.http.connections", message: "must be greater than 0, got \(limits.total)")
        }
        return limits
    }
}
