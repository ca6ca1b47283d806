import Configuration
import QuenchProtocol
import ZeroMQ

extension ServiceConfig {
    /// Loopback defaults of each publisher, matching `quench up`.
    public static let defaultEndpoints: [String: (rpc: Int, pub: Int)] = [
        ServiceName.intake: (7101, 7102),
        ServiceName.goals: (7201, 7202),
        ServiceName.healthIngest: (7301, 7302),
        ServiceName.analytics: (7401, 7402),
    ]

    /// Where another service listens, from `upstream.<name>.rpc` and `upstream.<name>.pub`
    /// (env `QUENCH_<SERVICE>_UPSTREAM_<NAME>_RPC`), defaulting to its loopback ports. With
    /// CURVE, `upstream.<name>.public.key` is its server public key, used with this service's
    /// client key (`curve.client.key.file`); `curve` stays nil when that key is not configured
    /// (the service then refuses to start a subscriber to it).
    public func upstream(_ name: String) -> PublisherEndpoints {
        let ports = Self.defaultEndpoints[name] ?? (0, 0)
        let key = ConfigKey(["upstream", name])
        let scoped = reader.scoped(to: key)
        var endpoints = PublisherEndpoints(
            name: name,
            rpcEndpoint: scoped.string(forKey: "rpc", default: "tcp://127.0.0.1:\(ports.rpc)"),
            pubEndpoint: scoped.string(forKey: "pub", default: "tcp://127.0.0.1:\(ports.pub)"))
        if let client = security.clientKeys, let server = scoped.string(forKey: "public.key"), !server.isEmpty {
            endpoints.curve = CurveClientCredentials(publicKey: client.publicKey, secretKey: client.secretKey, serverPublicKey: server)
        }
        return endpoints
    }
}
