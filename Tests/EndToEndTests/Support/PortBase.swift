import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport

/// A free block of ports for `quench up --port-base B` (every port of the catalog moved from
/// base 7100 to B), reserved for this test process until `release()`, so suites running side
/// by side (and a deployment on the default ports) never collide.
struct PortBase {
    /// The catalog's ports above its base 7100: 1…3, 101…103, …, 401…403, 980.
    static let offsets = ServiceCatalog.all.flatMap { [$0.rpcPort, $0.pubPort, $0.userPubPort] + ($0.httpPort.map { [$0] } ?? []) }.map { $0 - 7100 }

    let base: Int

    init() throws {
        base = TestPorts.takeBase(offsets: Self.offsets)
        guard base > 0 else { throw TestFailure("no free block of ports for quench up --port-base") }
    }

    var argument: String { String(base) }
    /// The service's RPC port in this block.
    func rpcPort(_ service: String) -> Int { (ServiceCatalog.entry(service)?.rpcPort ?? 7100) - 7100 + base }
    /// The web edge's HTTP port in this block.
    var httpPort: Int { (ServiceCatalog.web.httpPort ?? 8080) - 7100 + base }

    func release() {
        TestPorts.releaseBase(base, offsets: Self.offsets)
    }
}
