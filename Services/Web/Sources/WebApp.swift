import Foundation
import NIOCore
public import Hummingbird
public import Logging
public import QuenchRuntime
public import ServiceLifecycle
import Synchronization

/// The web edge as a value: its configuration, its clients of the services (``Backend``),
/// its stores, and the router every area adds its routes to. `quench-web` runs it beside the
/// service host (``WebMain``); tests build one on a temporary database and real services.
///
/// An area (the JSON API's today, the dashboard's pages, the Health Auto Export endpoint) is
/// one file with a `register(on:)` that adds its routes; ``makeRouter()`` calls them all.
public final class WebApp: Sendable {
    public let config: WebConfig
    public let backend: Backend
    public let database: ServiceDatabase
    public let logger: Logger
    let tokens: TokenStore
    let sessions: SessionStore
    let signInLimiter: SignInLimiter
    /// Every route outside the pages, as registered (checked against `/openapi.json`).
    public let routes = RouteTable()

    public init(config: WebConfig, backend: Backend, database: ServiceDatabase, logger: Logger) {
        self.config = config
        self.backend = backend
        self.database = database
        self.logger = logger
        tokens = TokenStore(database: database)
        sessions = SessionStore(database: database, lifetime: config.sessionLifetime)
        signInLimiter = SignInLimiter(perMinute: config.signInPerMinute)
    }

    /// Every route, behind the middleware every request passes: errors as the API's error
    /// body, security headers, `405` for a method a path does not serve, the body limit,
    /// authentication, then CSRF. `HEAD` is answered wherever `GET` is.
    ///
    /// Where an area adds its routes: the JSON API in `Routes/API/<Area>Routes.swift`
    /// (`register(on: api)`, recorded for the OpenAPI check); pages and other endpoints on
    /// `router` itself (`register(on: router)`).
    public func makeRouter() -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        let allowed = AllowedMethods()
        router.add(middleware: HTTPMetricsMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware(allowed: allowed))
        router.add(middleware: BodyLimitMiddleware(
            limit: config.maxBodyBytes, own: [HealthAutoExportRoutes.path: config.maxHealthAutoExportBytes]))
        router.add(middleware: AuthMiddleware(tokens: tokens, sessions: sessions))
        router.add(middleware: DashboardErrorPages())
        router.add(middleware: CSRFMiddleware())
        HealthRoutes(app: self).register(on: router)
        OpenAPIRoutes(app: self).register(on: router)
        SignInRoutes(app: self).register(on: router)
        DashboardRoutes(app: self).register(on: router)
        let api = APIRoutes(group: router.group(RouterPath(String(APIRoutes.prefix.dropFirst()))), table: routes)
        AccountRoutes(app: self).register(on: api)
        AnalyticsRoutes(app: self).register(on: api)
        IntakeRoutes(app: self).register(on: api)
        GoalRoutes(app: self).register(on: api)
        HealthDataRoutes(app: self).register(on: api)
        HealthAutoExportRoutes(app: self).register(on: api)
        allowed.load(from: router)
        return router
    }

    /// The HTTP server as a swift-service-lifecycle service (graceful shutdown: it stops
    /// accepting and lets open requests finish), HTTP/1.1 with the connection limits
    /// (``GuardedHTTP1Channel``). `onBound` gets the port actually bound.
    public func makeApplication(onBound: @escaping @Sendable (Int) async -> Void = { _ in }) -> some Service {
        ListenerNamed(host: config.host, port: config.port, application: Application(
            router: makeRouter(),
            server: .guardedHTTP1(
                counter: ConnectionCounter(limits: config.connections),
                refusals: RefusalLog(logger: logger, service: "web", perMinute: TransportLimits.standard.refusalLogsPerMinute)),
            configuration: .init(address: .hostname(config.host, port: config.port), serverName: nil),
            onServerRunning: { [config] channel in await onBound(channel.localAddress?.port ?? config.port) },
            logger: logger))
    }
}

/// The HTTP server, whose failure to listen names the address and the way out (`http.port`,
/// `quench up --no-web`) instead of NIO's bare "Address already in use".
struct ListenerNamed<Inner: Service>: Service {
    let host: String
    let port: Int
    let application: Inner

    func run() async throws {
        do {
            try await application.run()
        } catch let error as IOError where [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) {
            throw ListenFailure(host: host, port: port, reason: String(cString: strerror(error.errnoCode)))
        }
    }
}

/// `quench-web` could not listen on its HTTP address.
struct ListenFailure: Error, CustomStringConvertible {
    var host: String
    var port: Int
    var reason: String

    var description: String {
        "could not listen for HTTP on \(host):\(port) (\(reason)): set http.port (--http-port, QUENCH_WEB_HTTP_PORT) "
            + "to a free port, stop what holds this one, or start the services without the web (quench up --no-web)"
    }
}
