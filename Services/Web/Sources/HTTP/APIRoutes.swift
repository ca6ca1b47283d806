public import HTTPTypes
public import Hummingbird
import Synchronization

/// The JSON API's routes under `/api/v1`, each recorded as it is added so that the OpenAPI
/// document can be checked against them (every route documented, nothing documented that
/// is not served).
///
/// ```swift
/// api.add(.get, "today") { request, context in … }
/// ```
public struct APIRoutes {
    public static let prefix = "/api/v1"
    let group: RouterGroup<WebRequestContext>
    let table: RouteTable

    /// Adds `handler` for `method` on `/api/v1/<path>` (`{id}` captures a parameter, read with
    /// `context.parameters.require("id")`).
    public func add(
        _ method: HTTPRequest.Method, _ path: String,
        use handler: @Sendable @escaping (Request, WebRequestContext) async throws -> Response
    ) {
        let routerPath = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? ":" + part.dropFirst().dropLast() : String(part)
        }.joined(separator: "/")
        group.on(RouterPath(routerPath), method: method, use: handler)
        table.record(method: method.rawValue, path: Self.prefix + "/" + path)
    }
}

/// Every method and path the server serves outside the pages (recorded at start).
public final class RouteTable: Sendable {
    private let routes = Mutex<[String: Set<String>]>([:])

    public init() {}

    func record(method: String, path: String) {
        routes.withLock { _ = $0[path, default: []].insert(method.lowercased()) }
    }

    /// Path → lower-case methods, OpenAPI's spelling (`/api/v1/intakes/{id}` → `patch`, `delete`).
    public var all: [String: Set<String>] { routes.withLock { $0 } }
}
