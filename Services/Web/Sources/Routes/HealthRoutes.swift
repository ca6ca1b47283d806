import Foundation
import Hummingbird
import QuenchClient
import QuenchProtocol

/// `GET /health`: the web edge is up (no user, no service call; for load balancers and
/// Kubernetes probes). `GET /health?deep=1` also asks every service for `system.health`.
struct HealthRoutes {
    let app: WebApp

    struct Reply: Encodable {
        struct Service: Encodable {
            var name: String
            var status: String
        }
        var status: String
        var service: String
        var version: String
        var services: [Service]?
    }

    func register(on router: Router<WebRequestContext>) {
        app.routes.record(method: "get", path: "/health")
        router.get("health") { request, _ in
            guard request.uri.queryParameters["deep"] == "1" else {
                return try JSONResponse.make(Reply(status: "ok", service: "web", version: QuenchVersion.current, services: nil))
            }
            var services: [Reply.Service] = []
            for name in ServiceName.domain {
                let status = (try? await app.backend.call(.systemHealth, HealthRequest(), service: name).status) ?? "unavailable"
                services.append(.init(name: name, status: status))
            }
            let ok = services.allSatisfy { $0.status == "ok" }
            return try JSONResponse.make(
                Reply(status: ok ? "ok" : "degraded", service: "web", version: QuenchVersion.current, services: services),
                status: ok ? .ok : .serviceUnavailable)
        }
    }
}
