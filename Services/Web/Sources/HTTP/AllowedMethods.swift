import HTTPTypes
import Hummingbird
import QuenchProtocol
import Synchronization

/// The methods each route pattern serves, read from the router once every area has added
/// its routes (``WebApp/makeRouter()``): a path that exists with other methods is `405` with
/// `Allow` (RFC 9110 §15.5.6), not `404`. `HEAD` is served wherever `GET` is (the router's
/// `autoGenerateHeadEndpoints`).
final class AllowedMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, methods: Set<HTTPRequest.Method>)]>([])

    /// Takes the router's routes (called once, before the server starts).
    func load<Context>(from router: Router<Context>) {
        var byPath: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes {
            byPath[route.path.description, default: (route.path, [])].methods.insert(route.method)
            // The router adds HEAD beside GET when it builds its responder, after this.
            if route.method == .get { byPath[route.path.description]?.methods.insert(.head) }
        }
        routes.withLock { $0 = Array(byPath.values) }
    }

    /// The methods served at `path` (empty: no route has it), sorted, as `Allow` lists them.
    func methods(at path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let served = routes.withLock { routes in
            routes.filter { Self.matches($0.path, segments) }.reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }
        }
        return served.sorted { $0.rawValue < $1.rawValue }
    }

    private static func matches(_ pattern: RouterPath, _ segments: [Substring]) -> Bool {
        pattern.components.count == segments.count && zip(pattern.components, segments).allSatisfy { $0 ~= $1 }
    }
}

/// A request that matched no route, on a path that some route serves with another method:
/// `405 unknown_type` with `Allow` (inside ``ErrorMiddleware``, which writes it).
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowed: AllowedMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && Self.matchedNoRoute(context) {
            let methods = allowed.methods(at: request.uri.path)
            guard !methods.isEmpty else { throw error }
            throw APIError(
                QuenchError(.unknownType, "\(request.method.rawValue) is not served on this route; it serves \(methods.map(\.rawValue).joined(separator: ", "))"),
                headers: [.allow: methods.map(\.rawValue).joined(separator: ", ")], status: .methodNotAllowed)
        }
    }

    /// The router's not-found responder names the request's endpoint `NotFound` (a route's
    /// own `404` has its pattern there).
    private static func matchedNoRoute(_ context: Context) -> Bool {
        context.endpointPath == nil || context.endpointPath == "NotFound"
    }
}
