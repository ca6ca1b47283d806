import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import QuenchProtocol
import QuenchRuntime
import Testing
@testable import WebService

/// `quench_http_requests_total` labels a request by its route's pattern, never by the path a
/// client typed: a path no route has is `other` (docs/OPERATIONS.md, the web's metrics). The
/// real router in process.
@Suite struct HTTPMetricsTests {
    @Test func routesAreLabelledByTheirPatternAndUnknownPathsAsOther() async throws {
        let (app, database) = try TokenScopeTests.app("web-http-metrics")
        let token = try await TokenScopeTests.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            _ = try await client.execute(uri: "/api/v1/no-such-route-\(UUID().uuidString)", method: .get, headers: [.authorization: "Bearer \(token)"])
            _ = try await client.execute(uri: "/api/v1/intakes/abc123", method: .delete, headers: [.authorization: "Bearer \(token)"])
        }
        let text = ServiceMetrics.text()
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("quench_http_requests_total") }
        #expect(lines.contains { $0.contains(#"route="other""#) && $0.contains(#"method="GET""#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#"route="/api/v1/intakes/{id}""#) && $0.contains(#"method="DELETE""#) }, "\(lines)")
        #expect(!text.contains("NotFound") && !text.contains("no-such-route") && !text.contains("abc123"))
    }
}
