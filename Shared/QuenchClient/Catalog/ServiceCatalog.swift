import QuenchProtocol

/// The one place that knows the services: names, default ports, the user stream's port
/// (events port + 1) and who subscribes to whom. The runtime (a service's default endpoints
/// and its upstreams), the CLI (`quench up`, `status`, default client endpoints) and the
/// deployment checks (`quench catalog --json`, read by `deploy/validate_consistency.py`) all
/// read it.
public enum ServiceCatalog {
    public static let intake = ServiceEntry(name: ServiceName.intake, rpcPort: 7101, pubPort: 7102, upstreams: [ServiceName.healthIngest])
    public static let goals = ServiceEntry(name: ServiceName.goals, rpcPort: 7201, pubPort: 7202, upstreams: [ServiceName.healthIngest])
    public static let healthIngest = ServiceEntry(name: ServiceName.healthIngest, rpcPort: 7301, pubPort: 7302)
    public static let analytics = ServiceEntry(
        name: ServiceName.analytics, rpcPort: 7401, pubPort: 7402,
        upstreams: [ServiceName.intake, ServiceName.goals, ServiceName.healthIngest])
    /// The web edge: no upstream subscriptions (it reads the user stream of the users it
    /// serves), a client of every other service; its HTTP port is `ServiceEntry.httpPort`.
    public static let web = ServiceEntry(
        name: ServiceName.web, rpcPort: 7501, pubPort: 7502, calls: ServiceName.domain, httpPort: 8080)

    /// Every service in start order: each publisher before its subscribers, the web edge last.
    public static let all: [ServiceEntry] = [healthIngest, intake, goals, analytics, web]

    /// The entry of the service called `name`, nil for a name that is not a Quench service.
    public static func entry(_ name: String) -> ServiceEntry? {
        all.first { $0.name == name }
    }

    /// The services that subscribe to `name`'s events (each is admitted to it as
    /// `service:<subscriber>`), in start order.
    public static func subscribers(of name: String) -> [String] {
        all.filter { $0.upstreams.contains(name) }.map(\.name)
    }

    /// The services admitted to `name` as `service:<client>`: its subscribers and the services
    /// that call it (the web edge), in start order.
    public static func clients(of name: String) -> [String] {
        all.filter { $0.upstreams.contains(name) || $0.calls.contains(name) }.map(\.name)
    }
}
