import CoreMetrics
import Foundation
import Hummingbird
import QuenchRuntime

/// HTTP request metrics, beside the service's own (`quench metrics web`, `system.metrics`):
/// `quench_http_requests_total` and `quench_http_request_duration_seconds` by route pattern
/// (`/api/v1/intakes/{id}`, never the path a client typed: unmatched paths are `other`),
/// method and status class (`2xx` … `5xx`). No user, token or query value becomes a label.
struct HTTPMetricsMiddleware<Context: Hummingbird.RequestContext>: RouterMiddleware {
    init() {
        ServiceMetrics.install()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: Int
        do {
            let response = try await next(request, context)
            status = response.status.code
            record(request, context, status: status, start: start)
            return response
        } catch {
            record(request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, start: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, start: ContinuousClock.Instant) {
        // Hummingbird names a path no route matched `NotFound`: that is `other` here.
        let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0.replacingOccurrences(of: ":id", with: "{id}") } ?? "other"
        let dimensions = [("service", "web"), ("route", route), ("method", request.method.rawValue), ("status", "\(status / 100)xx")]
        CoreMetrics.Counter(label: "quench_http_requests_total", dimensions: dimensions).increment()
        CoreMetrics.Timer(label: "quench_http_request_duration_seconds", dimensions: Array(dimensions.prefix(3)))
            .recordInterval(since: start)
    }
}

extension CoreMetrics.Timer {
    func recordInterval(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
