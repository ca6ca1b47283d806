public import HTTPTypes
public import Hummingbird
public import QuenchProtocol
import Synchronization

/// The JSON API's routes under `/api/v1`, each recorded as it is added so that the OpenAPI
/// document can be checked against them (every route documented, nothing documented that
/// is not served).
///
/// Each route names the token scope it needs (``TokenScope``; nil: any credential of the
/// user), checked before its handler runs: a token without it is `403` naming the scope.
///
/// ```swift
/// api.add(.get, "today", scope: .read) { request, context in … }
/// ```
public struct APIRoutes {
    public static let prefix = "/api/v1"
    let group: RouterGroup<WebRequestContext>
    let table: RouteTable

    /// Adds `handler` for `method` on `/api/v1/<path>` (`{id}` captures a parameter, read with
    /// `context.parameters.require("id")`), for a credential that covers `scope`.
    public func add(
        _ method: HTTPRequest.Method, _ path: String, scope: TokenScope?,
        use handler: @Sendable @escaping (Request, WebRequestContext) async throws -> Response
    ) {
        let routerPath = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? ":" + part.dropFirst().dropLast() : String(part)
        }.joined(separator: "/")
        let route = "\(method.rawValue) \(Self.prefix)/\(path)"
        group.on(RouterPath(routerPath), method: method) { request, context in
            _ = try context.requireUser(scope: scope, for: route)
            return try await handler(request, context)
        }
        table.record(method: method.rawValue, path: Self.prefix + "/" + path)
        table.record(scope: scope, method: method.rawValue, path: Self.prefix + "/" + path)
    }
}

/// Every method and path the server serves outside the pages (recorded at start).
public final class RouteTable: Sendable {
    private let routes = Mutex<[String: Set<String>]>([:])
    private let scopes = Mutex<[String: [String]]>([:])

    public init() {}

    func record(method: String, path: String) {
        routes.withLock { _ = $0[path, default: []].insert(method.lowercased()) }
    }

    func record(scope: TokenScope?, method: String, path: String) {
        scopes.withLock { $0["\(method.lowercased()) \(path)"] = scope.map { [$0.rawValue] } ?? [] }
    }

    /// `get /api/v1/today` → the bearer scopes it needs (`["read"]`; `[]`: any), as
    /// OpenAPI's security requirements write them.
    public var bearerScopes: [String: [String]] { scopes.withLock { $0 } }

    /// Path → lower-case methods, OpenAPI's spelling (`/api/v1/intakes/{id}` → `patch`, `delete`).
    public var all: [String: Set<String>] { routes.withLock { $0 } }
}
