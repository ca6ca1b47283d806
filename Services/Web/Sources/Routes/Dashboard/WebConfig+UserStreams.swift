import Configuration
import QuenchProtocol
import QuenchRuntime

extension WebConfig {
    /// Each domain service's user event stream (docs/PROTOCOL.md §8), which the dashboard's
    /// live updates follow: `upstream.<name>.user.pub`, by default the catalog's loopback
    /// port (the service's events port + 1, as `quench up` binds it).
    static func userStreamEndpoints(_ service: ServiceConfig) -> [String: String] {
        var endpoints: [String: String] = [:]
        for name in ServiceName.domain {
            let fallback = ServiceCatalog.entry(name)?.loopbackUserPubEndpoint ?? ""
            endpoints[name] = service.reader.string(forKey: ConfigKey(["upstream", name, "user", "pub"]), default: fallback)
        }
        return endpoints
    }
}
