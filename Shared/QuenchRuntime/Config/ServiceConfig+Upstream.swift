import Configuration
import QuenchClient
import QuenchProtocol
import ZeroMQ

extension ServiceConfig {
    /// Where another service listens, from `upstream.<name>.rpc` and `upstream.<name>.pub`
    /// (env `QUENCH_<SERVICE>_UPSTREAM_<NAME>_RPC`), defaulting to its loopback endpoints in `ServiceCatalog`.
    /// With CURVE, `upstream.<name>.public.key` is its server public key, used with this service's
    /// client key (`curve.client.key.file`); `curve` stays nil when that key is not configured
    /// (the service then refuses to start a subscriber to it).
    public func upstream(_ name: String) -> PublisherEndpoints {
        let defaults = ServiceCatalog.entry(name) ?? ServiceEntry(name: name, rpcPort: 0, pubPort: 0)
        let key = ConfigKey(["upstream", name])
        let scoped = reader.scoped(to: key)
        var endpoints = PublisherEndpoints(
            name: name,
            rpcEndpoint: scoped.string(forKey: "rpc", default: defaults.loopbackRPCEndpoint),
            pubEndpoint: scoped.string(forKey: "pub", default: defaults.loopbackPubEndpoint))
        if let client = security.clientKeys, let server = scoped.string(forKey: "public.key"), !server.isEmpty {
            endpoints.curve = CurveClientCredentials(publicKey: client.publicKey, secretKey: client.secretKey, serverPublicKey: server)
        }
        return endpoints
    }
}
