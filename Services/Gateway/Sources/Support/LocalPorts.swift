import Foundation
import QuenchClient

/// The loopback ports of a `quench up` deployment: the catalog's defaults (intake 7101…7103,
/// goals 7201…, health-ingest 7301…, analytics 7401…, web 7501…7503 and HTTP 8080), all moved
/// by the same amount when `--port-base B` is given: intake B+1…B+3, …, web B+401…B+403, the
/// web's HTTP B+980. The base is kept in `DIR/config/ports.json`, so a later `quench up`
/// without the option keeps the ports the deployment has.
struct LocalPorts: Equatable {
    /// The base of the catalog's own ports (intake's RPC port is base + 1).
    static let defaultBase = 7100
    /// The highest port above the base a deployment uses (the web's HTTP port).
    static let span = (ServiceCatalog.all.flatMap { [$0.rpcPort, $0.userPubPort, $0.httpPort ?? 0] }.max() ?? defaultBase) - defaultBase
    /// The bases `--port-base` accepts: every port of the deployment stays within 1024…65535.
    static let bases = 1023...(65535 - span)

    let base: Int

    init(base: Int = LocalPorts.defaultBase) {
        self.base = base
    }

    private func moved(_ port: Int) -> Int { port - Self.defaultBase + base }

    /// The service's RPC, PUB and user-stream endpoints on loopback.
    func endpoints(_ service: String) -> (rpc: String, pub: String, userPub: String) {
        guard let entry = ServiceCatalog.entry(service) else { return ("tcp://127.0.0.1:0", "tcp://127.0.0.1:0", "tcp://127.0.0.1:0") }
        return ("tcp://127.0.0.1:\(moved(entry.rpcPort))", "tcp://127.0.0.1:\(moved(entry.pubPort))", "tcp://127.0.0.1:\(moved(entry.userPubPort))")
    }

    /// The service's HTTP port (the web edge's), nil for a service without one.
    func httpPort(_ service: String) -> Int? {
        ServiceCatalog.entry(service)?.httpPort.map(moved)
    }

    /// The base stored in `file`, nil when there is none (or it cannot be read).
    static func stored(in file: URL) -> LocalPorts? {
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let base = object["base"] as? Int, bases.contains(base) else { return nil }
        return LocalPorts(base: base)
    }

    /// Writes `{"base": B}` to `file`.
    func store(in file: URL) throws {
        let data = try JSONSerialization.data(withJSONObject: ["base": base], options: [.sortedKeys])
        try data.write(to: file, options: .atomic)
    }
}
