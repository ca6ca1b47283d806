import Foundation
import HTTPTypes
import Hummingbird
import Logging
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
@testable import WebService

@Suite struct WebUnitTests {
    @Test func signInLimiterAllowsItsRateThenSaysHowLongToWait() {
        let limiter = SignInLimiter(perMinute: 3)
        let start = ContinuousClock.now
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("a", now: start) == nil)
        let wait = limiter.take("a", now: start)
        #expect(wait == 20)
        #expect(limiter.take("b", now: start) == nil, "another address has its own bucket")
        #expect(limiter.take("a", now: start + .seconds(20)) == nil, "one attempt back after 60/3 s")
    }

    @Test func signInLimiterForgetsTheStalestAddressWhenFull() {
        let limiter = SignInLimiter(perMinute: 1, maxClients: 2)
        let start = ContinuousClock.now
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("b", now: start + .seconds(1)) == nil)
        #expect(limiter.take("c", now: start + .seconds(2)) == nil)
        #expect(limiter.take("a", now: start + .seconds(3)) == nil, "a was forgotten, so it starts afresh")
        #expect(limiter.take("c", now: start + .seconds(3)) != nil)
    }

    @Test func everyProtocolErrorCodeHasItsHTTPStatus() {
        #expect(APIError.status(of: .invalidArgument) == .badRequest)
        #expect(APIError.status(of: .unauthenticated) == .unauthorized)
        #expect(APIError.status(of: .permissionDenied) == .forbidden)
        #expect(APIError.status(of: .notFound) == .notFound)
        #expect(APIError.status(of: .failedPrecondition) == .unprocessableContent)
        #expect(APIError.status(of: .tooLarge) == .contentTooLarge)
        #expect(APIError.status(of: .resourceExhausted) == .tooManyRequests)
        #expect(APIError.status(of: .unavailable) == .serviceUnavailable)
        let documented = Set(OpenAPIDocument.errorStatuses.map(\.0))
        for code in ErrorCode.allCases {
            #expect(documented.contains(String(APIError.status(of: code).code)), "\(code) is documented in /openapi.json")
        }
    }

    @Test func csrfHelpersReadFormsAndCompareOrigins() {
        #expect(CSRFMiddleware.formField("csrf", in: "a=1&csrf=x%2By+z&b=2") == "x+y z")
        #expect(CSRFMiddleware.formField("csrf", in: "a=1") == nil)
        #expect(CSRFMiddleware.sameOrigin("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(CSRFMiddleware.sameOrigin("https://quench.example", host: "quench.example"))
        #expect(!CSRFMiddleware.sameOrigin("https://evil.example", host: "quench.example"))
        #expect(!CSRFMiddleware.sameOrigin("http://127.0.0.1:9999", host: "127.0.0.1:8080"))
        #expect(!CSRFMiddleware.sameOrigin("null", host: "127.0.0.1:8080"))
    }

    @Test func signInRedirectsOnlyWithinTheSite() {
        #expect(SignInRoutes.safeNext("/today") == "/today")
        #expect(SignInRoutes.safeNext("//evil.example/") == "/")
        #expect(SignInRoutes.safeNext("https://evil.example/") == "/")
        #expect(SignInRoutes.safeNext("/\\evil") == "/")
        #expect(SignInRoutes.safeNext(nil) == "/")
    }

    @Test func theWebPrincipalIsRefusedTheOperatorsOperations() {
        let context = RequestContext(
            requestID: "r", type: "events.since", envelopeUser: "ana", principal: .service("web"), timeZone: TimeZone(identifier: "UTC")!,
            sentAt: Date(), idempotencyKey: nil, logger: Logger(label: "test"))
        #expect(throws: QuenchError.self) { try context.requirePrivileged() }
        #expect((try? context.actingUser()) == "ana", "it acts for the user it names")
        let analytics = RequestContext(
            requestID: "r", type: "events.since", envelopeUser: nil, principal: .service("analytics"), timeZone: TimeZone(identifier: "UTC")!,
            sentAt: Date(), idempotencyKey: nil, logger: Logger(label: "test"))
        #expect(throws: Never.self) { try analytics.requirePrivileged() }
        #expect(throws: QuenchError.self) { try TokenHandlers.requireOperator(context) }
        #expect(throws: QuenchError.self) { try TokenHandlers.requireOperator(analytics) }
    }

    /// Every route served outside the pages is in /openapi.json, and nothing else is.
    @Test func theOpenAPIDocumentListsExactlyTheRoutesServed() throws {
        let database = try ServiceDatabase(path: TestScratch.file("web-openapi", named: "web.sqlite").path, migrator: WebSchema.migrator)
        let app = WebApp(config: WebConfig(), backend: Backend(services: [:], timeout: .seconds(1), logger: Logger(label: "test")), database: database, logger: Logger(label: "test"))
        _ = app.makeRouter()
        let served = app.routes.all
        #expect(served.count > 15)
        let document = try JSONSerialization.jsonObject(with: Data(OpenAPIRoutes.body)) as? [String: Any]
        let paths = try #require(document?["paths"] as? [String: [String: Any]])
        var documented: [String: Set<String>] = [:]
        for (path, item) in paths { documented[path] = Set(item.keys.filter { ["get", "put", "post", "patch", "delete"].contains($0) }) }
        #expect(documented == served)
        #expect(document?["openapi"] as? String == "3.1.0")
    }

    /// The bodies whose bounds depend on the unit (`PUT /api/v1/goal`, `POST /api/v1/intakes`,
    /// `POST /api/v1/weight`): one branch per unit, whose bounds the service's rule admits and
    /// just outside of which it refuses (so schemathesis's valid bodies are valid).
    @Test func theBoundedBodiesStateTheRulesBoundsInEveryUnit() throws {
        let document = try JSONSerialization.jsonObject(with: Data(OpenAPIRoutes.body)) as? [String: Any]
        let schemas = try #require((document?["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func volume(_ check: @escaping (Double, VolumeUnit) throws -> Void) -> (Double, String) -> Bool {
            { value, unit in (try? check(value, VolumeUnit(rawValue: unit)!)) != nil }
        }
        let rules: [(schema: String, field: String, units: [String], accepts: (Double, String) -> Bool)] = [
            ("SetGoalRequest", "volume", ["floz", "l", "ml"], volume { _ = try GoalVolumeRule.microlitres($0, unit: $1) }),
            ("LogIntakeRequest", "volume", ["floz", "l", "ml"], volume {
                _ = try FieldRules.volume($0, unit: $1, maxMicrolitres: ValueRules.waterMicrolitres.upperBound, limit: "6000 mL")
            }),
            ("AddWeightRequest", "value", ["kg", "lb"], { value, unit in
                ValueRules.bodyMassKg.contains(unit == "lb" ? value * ValueRules.kilogramsPerPound : value)
            }),
        ]
        for rule in rules {
            let branches = try #require((schemas[rule.schema] as? [String: Any])?["oneOf"] as? [[String: Any]], "\(rule.schema)")
            var units: [String] = []
            for branch in branches {
                let properties = try #require(branch["properties"] as? [String: [String: Any]])
                let unit = try #require((properties["unit"]?["enum"] as? [String])?.first)
                units.append(unit)
                let low = try #require(properties[rule.field]?["minimum"] as? Double)
                let high = try #require(properties[rule.field]?["maximum"] as? Double)
                #expect(rule.accepts(low, unit) && rule.accepts(high, unit), "\(rule.schema) in \(unit): \(low)…\(high)")
                #expect(!rule.accepts(high + 0.001, unit), "\(rule.schema) in \(unit): above \(high)")
                if rule.schema != "LogIntakeRequest" {  // an intake's least is 1 µL: anything above 0 rounds to it
                    #expect(!rule.accepts(low - 0.001, unit), "\(rule.schema) in \(unit): below \(low)")
                }
            }
            #expect(units.sorted() == rule.units, "\(rule.schema)")
        }
        let goal = try #require((schemas["SetGoalRequest"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(goal.map { ($0["required"] as? [String]) ?? [] }.contains(["volume"]), "unit is optional in ml")
    }
}

@Suite struct SecretCacheTests {
    @Test func revokingATokenForgetsItAndItsSessions() {
        let cache = SecretCache(ttl: .seconds(30))
        let token = Secret.generate(.token), session = Secret.generate(.session), other = Secret.generate(.session)
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: .now))
        cache.store(id: session.id, .init(hash: session.hash, user: "ana", tokenID: token.id, csrf: "c", expiresAt: Date().addingTimeInterval(60), cachedAt: .now))
        cache.store(id: other.id, .init(hash: other.hash, user: "bob", tokenID: nil, csrf: "d", expiresAt: Date().addingTimeInterval(60), cachedAt: .now))
        #expect(cache.lookup(id: token.id, hash: token.hash)?.user == "ana")
        #expect(cache.lookup(id: token.id, hash: other.hash) == nil, "the id alone is not enough")
        cache.forget(id: token.id)
        #expect(cache.lookup(id: token.id, hash: token.hash) == nil)
        #expect(cache.lookup(id: session.id, hash: session.hash) == nil)
        #expect(cache.lookup(id: other.id, hash: other.hash)?.user == "bob")
    }

    @Test func erasingAUserForgetsTheirTokensAndSessionsOnly() {
        let cache = SecretCache(ttl: .seconds(30))
        let token = Secret.generate(.token), session = Secret.generate(.session), bobs = Secret.generate(.token)
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: .now))
        cache.store(id: session.id, .init(hash: session.hash, user: "ana", tokenID: nil, csrf: "c", expiresAt: Date().addingTimeInterval(60), cachedAt: .now))
        cache.store(id: bobs.id, .init(hash: bobs.hash, user: "bob", cachedAt: .now))
        cache.forget(user: "ana")
        #expect(cache.lookup(id: token.id, hash: token.hash) == nil)
        #expect(cache.lookup(id: session.id, hash: session.hash) == nil, "a session signed in with a link names no token")
        #expect(cache.lookup(id: bobs.id, hash: bobs.hash)?.user == "bob")
    }

    /// A lookup reads the file, then stores what it found: a revoke or an erase that committed
    /// between the two must win, or the token would work for another `ttl`.
    @Test func aStoreOlderThanAForgetIsDropped() {
        let cache = SecretCache(ttl: .seconds(30))
        let token = Secret.generate(.token)
        let before = cache.generation
        cache.forget(user: "ana")
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: .now), since: before)
        #expect(cache.lookup(id: token.id, hash: token.hash) == nil)
        let now = cache.generation
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: .now), since: now)
        #expect(cache.lookup(id: token.id, hash: token.hash)?.user == "ana")
        cache.forget(id: "another")
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: .now), since: now)
        #expect(cache.lookup(id: token.id, hash: token.hash) != nil, "the entry stored before the forget stays; only the late store is dropped")
    }

    @Test func entriesExpire() {
        let cache = SecretCache(ttl: .seconds(30))
        let token = Secret.generate(.token)
        let start = ContinuousClock.now
        cache.store(id: token.id, .init(hash: token.hash, user: "ana", cachedAt: start))
        #expect(cache.lookup(id: token.id, hash: token.hash, now: start + .seconds(29)) != nil)
        #expect(cache.lookup(id: token.id, hash: token.hash, now: start + .seconds(31)) == nil)
    }
}
