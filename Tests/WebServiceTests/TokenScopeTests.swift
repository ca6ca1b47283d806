import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
@testable import WebService

/// Token scopes in process: the real router (``WebApp/makeRouter()``) on a temporary
/// `web.sqlite`, no service behind it (a call that gets past the scope check answers 503),
/// so what is checked here is only who may reach a route. `TokenScopeDeploymentTests` runs
/// the Health Auto Export token and the erase against real services.
@Suite struct TokenScopeTests {
    /// A web app on a fresh file, and a token of each scope set asked for.
    static func app(_ label: String) throws -> (WebApp, ServiceDatabase) {
        let database = try ServiceDatabase(path: TestScratch.file(label, named: "web.sqlite").path, migrator: WebSchema.migrator)
        let app = WebApp(
            config: WebConfig(), backend: Backend(services: [:], timeout: .seconds(1), logger: Logger(label: "test")), database: database,
            logger: Logger(label: "test"))
        return (app, database)
    }

    static func token(_ database: ServiceDatabase, user: String = "ana", _ scopes: [TokenScope]) async throws -> String {
        let secret = Secret.generate(.token)
        _ = try await database.pool.write { db in try TokenStore.insert(db, secret: secret, user: user, name: "t", scopes: scopes, now: Date()) }
        return secret.text
    }

    /// The route table's scope of every API route is the one its OpenAPI operation's security
    /// names, and every route has one.
    @Test func everyAPIRouteNeedsTheScopeTheDocumentNames() throws {
        let (app, _) = try Self.app("web-scope-doc")
        _ = app.makeRouter()
        let scopes = app.routes.bearerScopes
        let apiRoutes = app.routes.all.filter { $0.key.hasPrefix(APIRoutes.prefix) }.flatMap { path, methods in methods.map { "\($0) \(path)" } }
        #expect(Set(scopes.keys) == Set(apiRoutes), "every API route is added with its scope")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIRoutes.body)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (route, needed) in scopes {
            let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
            let operation = try #require(paths[parts[1]]?[parts[0]] as? [String: Any], "\(route)")
            let security = try #require(operation["security"] as? [[String: [String]]], "\(route) has no security")
            #expect(security.first?["bearer"] == needed, "\(route): the document says \(security), the route needs \(needed)")
            #expect(security.contains { $0["session"] == [] }, "\(route): a session may")
        }
        #expect(scopes["delete /api/v1/me"] == ["account"])
        #expect(scopes["post /api/v1/health-auto-export"] == ["ingest"])
        #expect(scopes["get /api/v1/me"] == [])
    }

    /// A token of each scope against every API route: refused (403 naming the scope, RFC
    /// 6750's `insufficient_scope`) exactly where its scope does not cover the route's;
    /// `account` reaches all; `GET /api/v1/me` answers any, with the token's scopes.
    @Test func aTokenReachesOnlyTheRoutesItsScopeCovers() async throws {
        let (app, database) = try Self.app("web-scope-routes")
        var tokens: [TokenScope: String] = [:]
        for scope in TokenScope.allCases { tokens[scope] = try await Self.token(database, [scope]) }
        let both = try await Self.token(database, [.read, .log])
        let tokensByScope = tokens
        let router = app.makeRouter()
        let scopes = app.routes.bearerScopes
        try await Application(router: router).test(.router) { client in
            for (route, needed) in scopes.sorted(by: { $0.key < $1.key }) {
                let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
                let method = HTTPRequest.Method(parts[0].uppercased())!
                let uri = parts[1].replacingOccurrences(of: "{id}", with: "x")
                for (scope, token) in tokensByScope {
                    let response = try await client.execute(
                        uri: uri, method: method, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                        body: ByteBuffer(string: "{}"))
                    let text = String(buffer: response.body)
                    let allowed = needed.first.map { scope.covers(TokenScope(rawValue: $0)!) } ?? true
                    if allowed {
                        #expect(response.status != .forbidden, "\(route) with \(scope): \(text)")
                    } else {
                        #expect(response.status == .forbidden, "\(route) with \(scope): \(text)")
                        #expect(text.contains(#""code":"permission_denied""#) && text.contains("needs the scope \(needed[0])"), "\(route): \(text)")
                        #expect(text.contains("the token has \(scope.rawValue)"), "\(text)")
                        #expect(
                            response.headers[.wwwAuthenticate] == "Bearer realm=\"quench\", error=\"insufficient_scope\", scope=\"\(needed[0])\"",
                            "\(route): \(response.headers)")
                    }
                }
            }
            // Two scopes: each route of either.
            for (uri, method, allowed) in [("/api/v1/today", HTTPRequest.Method.get, true), ("/api/v1/intakes", .post, true),
                                           ("/api/v1/health-auto-export", .post, false), ("/api/v1/goal", .put, false)] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer \(both)", .contentType: "application/json"], body: ByteBuffer(string: "{}"))
                #expect((response.status != .forbidden) == allowed, "\(method) \(uri) with read,log: \(response.status)")
            }
            let me = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(tokensByScope[.ingest]!)"])
            #expect(me.status == .ok)
            #expect(String(buffer: me.body).contains(#""scopes":["ingest"]"#), "\(String(buffer: me.body))")
        }
    }

    /// A narrow token never widens itself: it cannot sign a browser in (a session may do
    /// everything), nor open the dashboard's pages, posts, live stream or erase form with
    /// its bearer; a full-scope token can.
    @Test func aNarrowTokenSignsNoBrowserInAndOpensNoDashboard() async throws {
        let (app, database) = try Self.app("web-scope-dashboard")
        let narrow = try await Self.token(database, [.ingest])
        let full = try await Self.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            let json = try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"token":"\#(narrow)"}"#))
            #expect(json.status == .forbidden, "\(String(buffer: json.body))")
            #expect(json.headers[.setCookie] == nil)
            #expect(String(buffer: json.body).contains("needs the scope account"))
            let form = try await client.execute(
                uri: "/sign-in?lang=de", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "token=\(narrow)"))
            #expect(form.status == .forbidden)
            #expect(form.headers[.setCookie] == nil)
            #expect(String(buffer: form.body).contains("Dieses Token darf nur einen Teil"), "\(String(buffer: form.body).prefix(300))")
            let sessions = try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session") }
            #expect(sessions == 0)

            for (uri, method, body) in [("/today", HTTPRequest.Method.get, nil), ("/consents", .get, nil), ("/events", .get, nil),
                                        ("/today/log", .post, "fluid=water&volume=250"), ("/erase", .post, "confirm=yes")] as [(String, HTTPRequest.Method, String?)] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer \(narrow)", .contentType: "application/x-www-form-urlencoded"],
                    body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == .forbidden, "\(method) \(uri): \(response.status) \(String(buffer: response.body).prefix(200))")
            }
            let signedIn = try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"token":"\#(full)"}"#))
            #expect(signedIn.status == .ok, "\(String(buffer: signedIn.body))")
        }
    }

    /// `DELETE /api/v1/me` names the user it erases: without `confirm`, or naming another
    /// user, it is `400` (field `confirm`) before anything is erased.
    @Test func eraseNeedsItsConfirmation() async throws {
        let (app, database) = try Self.app("web-scope-confirm")
        let full = try await Self.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            for query in ["", "?confirm=", "?confirm=bob", "?confirm=ANA"] {
                let response = try await client.execute(uri: "/api/v1/me\(query)", method: .delete, headers: [.authorization: "Bearer \(full)"])
                #expect(response.status == .badRequest, "\(query): \(String(buffer: response.body))")
                #expect(String(buffer: response.body).contains(#""field":"confirm""#))
            }
        }
        let left = try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM token") }
        #expect(left == 1)
    }

    /// A `web.sqlite` from before scopes: its tokens keep working, with every scope (`account`).
    @Test func tokensFromBeforeScopesKeepEveryScope() async throws {
        let path = TestScratch.file("web-scope-upgrade", named: "web.sqlite").path
        let secret = Secret.generate(.token)
        do {
            let queue = try DatabaseQueue(path: path)
            try WebSchema.migrator.migrate(queue, upTo: "web-v1")
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO token (id, hash, user, name, created_at) VALUES (?, ?, 'ana', 'old', 0)", arguments: [secret.id, Data(secret.hash)])
            }
        }
        let database = try ServiceDatabase(path: path, migrator: WebSchema.migrator)
        let store = TokenStore(database: database, cache: SecretCache())
        #expect(try await store.token(presenting: secret.text) == .init(id: secret.id, user: "ana", scopes: [.account]))
        let listed = try await database.pool.read { db in try TokenStore.list(db, user: "ana") }
        #expect(listed.map(\.scopes) == [[.account]])
    }

    @Test func scopeListsAndJobs() {
        #expect(TokenScope.list("ingest") == [.ingest])
        #expect(TokenScope.list(" read , log,read") == [.log, .read])
        #expect(TokenScope.list("read,account") == [.account])
        #expect(TokenScope.list("") == nil)
        #expect(TokenScope.list("ingest,,log") == nil)
        #expect(TokenScope.list("write") == nil)
        #expect(TokenPurpose.healthAutoExport.scopes == [.ingest])
        #expect(TokenScope.account.covers(.read) && !TokenScope.read.covers(.account) && !TokenScope.ingest.covers(.log))
    }
}
