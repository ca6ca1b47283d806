/// One Quench service as the catalog knows it: its name, its default loopback ports and the
/// publishers whose events it follows. See ``ServiceCatalog``.
public struct ServiceEntry: Sendable, Equatable {
    /// The service's name (`intake`, `health-ingest`, …), as in `ServiceName`.
    public let name: String
    /// Default port of the ROUTER socket for requests (`rpc.endpoint`).
    public let rpcPort: Int
    /// Default port of the PUB socket for events (`pub.endpoint`).
    public let pubPort: Int
    /// The services whose events this one subscribes to, in the order it starts them.
    public let upstreams: [String]
    /// The services it is a client of without subscribing (the web edge calls all four):
    /// their allow-lists admit it as `service:<name>` and its configuration names their endpoints.
    public let calls: [String]
    /// Default port of the HTTP listener (`http.port`), for the services that have one (web).
    public let httpPort: Int?

    public init(name: String, rpcPort: Int, pubPort: Int, upstreams: [String] = [], calls: [String] = [], httpPort: Int? = nil) {
        self.name = name
        self.rpcPort = rpcPort
        self.pubPort = pubPort
        self.upstreams = upstreams
        self.calls = calls
        self.httpPort = httpPort
    }

    /// Every service whose endpoints (and public key) it needs: its upstreams, then those it calls.
    public var needs: [String] { upstreams + calls.filter { !upstreams.contains($0) } }

    /// Default port of the per-user event stream (`user.pub.endpoint`): always the events
    /// port + 1.
    public var userPubPort: Int { pubPort + 1 }

    /// The service's executable, `quench-<name>`.
    public var executable: String { "quench-\(name)" }

    /// `tcp://127.0.0.1:<rpcPort>`, where a loopback deployment (`quench up`) serves requests.
    public var loopbackRPCEndpoint: String { Self.loopback(rpcPort) }
    /// `tcp://127.0.0.1:<pubPort>`, where a loopback deployment publishes events.
    public var loopbackPubEndpoint: String { Self.loopback(pubPort) }
    /// `tcp://127.0.0.1:<pubPort + 1>`, the loopback per-user event stream.
    public var loopbackUserPubEndpoint: String { Self.loopback(userPubPort) }

    static func loopback(_ port: Int) -> String { "tcp://127.0.0.1:\(port)" }
}
