import Foundation
import HTTPTypes
import QuenchProtocol
import HummingbirdTesting
import QuenchTesting
import Testing

/// The JSON API against real processes: `quench-web` in front of the four services.
@Suite(.serialized) struct APIEndToEndTests {
    /// Every route of the API, as an anonymous caller would call it (bodies valid where one is needed).
    static let routes: [(HTTPRequest.Method, String, String?)] = [
        (.get, "/api/v1/me", nil), (.get, "/api/v1/today", nil), (.get, "/api/v1/history", nil),
        (.get, "/api/v1/intakes", nil), (.post, "/api/v1/intakes", #"{"volume":250}"#),
        (.patch, "/api/v1/intakes/x", #"{"volume":300}"#), (.delete, "/api/v1/intakes/x", nil),
        (.get, "/api/v1/fluids", nil), (.get, "/api/v1/goal", nil), (.put, "/api/v1/goal", #"{"volume":2000}"#),
        (.post, "/api/v1/goal/auto", nil), (.get, "/api/v1/goal/history", nil), (.get, "/api/v1/steps", nil),
        (.get, "/api/v1/challenges", nil), (.get, "/api/v1/one-rep-max", nil),
        (.post, "/api/v1/weight", #"{"value":70,"unit":"kg"}"#), (.get, "/api/v1/weight?from=2026-11-01&to=2026-11-30", nil),
        (.get, "/api/v1/weight/latest", nil), (.get, "/api/v1/consents", nil),
        (.post, "/api/v1/consents/grant", #"{"types":["body-mass"]}"#), (.post, "/api/v1/consents/revoke", #"{"types":["steps"]}"#),
        (.post, "/api/v1/health-auto-export", #"{"data":{"metrics":[]}}"#),
    ]

    @Test func everyRouteRefusesAnonymousRevokedAndForgedCallers() async throws {
        try await WebDeployment.with([], label: "web-anon") { deployment in
            #expect(Set(Self.routes.map { "\($0.0.rawValue.lowercased()) \($0.1.split(separator: "?")[0])" }).count == Self.routes.count)
            let forged = "Bearer qt_" + String(repeating: "B", count: 43)
            let token = try await deployment.token(for: "ana")
            // Used (and so remembered by the web) before it is revoked: refused from the next request.
            let before = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(token)"])
            #expect(before.head.status == .ok)
            let operatorClient = try deployment.operatorClient()
            let list: ListTokensReply = try await operatorClient.call(MessageDescriptor.tokensList.name, ListTokensRequest(), user: "ana")
            let id = try #require(list.tokens.first?.id)
            let _: TokenInfo = try await operatorClient.call(
                MessageDescriptor.tokensRevoke.name, RevokeTokenRequest(id: id), idempotencyKey: UUID().uuidString)
            for (method, path, body) in Self.routes {
                for authorization in [nil, forged, "Bearer \(token)", "Basic YW5hOmFuYQ=="] {
                    let headers: HTTPFields = authorization.map { [.authorization: $0] } ?? [:]
                    let response = try await deployment.request(method, path, headers: headers, body: body)
                    #expect(response.head.status == .unauthorized, "\(method) \(path) with \(authorization ?? "nothing"): \(response.text)")
                    #expect(response.errorCode == "unauthenticated")
                }
            }
        }
    }

    @Test("an error's message follows the request's language (?lang=, the lang cookie, Accept-Language) through the catalog; code and field do not")
    func errorsInTheRequestsLanguage() async throws {
        try await WebDeployment.with(label: "web-error-language") { deployment in
            let ana = try await deployment.token(for: "ana")
            struct Body: Decodable {
                struct Detail: Decodable {
                    var code: String
                    var field: String?
                    var message: String
                }
                var error: Detail
            }
            func tooSmall(_ extra: HTTPFields, query: String = "") async throws -> (Body.Detail, String?) {
                var headers: HTTPFields = [.authorization: "Bearer \(ana)", .init("X-Time-Zone")!: "UTC"]
                headers.append(contentsOf: extra)
                let response = try await deployment.request(.put, "/api/v1/goal\(query)", headers: headers, body: #"{"volume":100}"#)
                #expect(response.head.status == .badRequest, "\(response.text)")
                return (try response.json(Body.self).error, response.head.headerFields[.contentLanguage])
            }
            let rule = "a daily goal must be at least 500 mL and at most 6000 mL, got 100 ml"
            let (english, englishLanguage) = try await tooSmall([:])
            #expect(english.code == "invalid_argument" && english.field == "volume" && english.message == rule, "\(english)")
            #expect(englishLanguage == "en")
            let (german, germanLanguage) = try await tooSmall([.acceptLanguage: "de-DE,de;q=0.9,en;q=0.5"])
            #expect(german.code == "invalid_argument" && german.field == "volume", "\(german)")
            // The rule the service named (goal.range), said in the language, its English after it.
            #expect(german.message == "Menge (volume): ein Tagesziel muss mindestens 500 mL und höchstens 6000 mL betragen, angegeben: 100 ml (\(rule))", "\(german)")
            #expect(germanLanguage == "de")
            let (french, _) = try await tooSmall([.acceptLanguage: "fr-CH, fr;q=0.9"])
            #expect(french.code == "invalid_argument" && french.field == "volume" && french.message == "quantité (volume) : un objectif quotidien doit être d’au moins 500 mL et d’au plus 6000 mL, reçu 100 ml (\(rule))", "\(french)")
            // ?lang= before the cookie before Accept-Language, as for the pages.
            let (chosen, _) = try await tooSmall([.acceptLanguage: "de", .cookie: "lang=de"], query: "?lang=fr")
            #expect(chosen.message.hasPrefix("quantité (volume) : un objectif"), "\(chosen)")
            let (cookie, _) = try await tooSmall([.acceptLanguage: "fr", .cookie: "lang=de"])
            #expect(cookie.message.hasPrefix("Menge (volume): ein Tagesziel"), "\(cookie)")

            // The web edge's own refusals too: no token, in German.
            let anonymous = try await deployment.request(.get, "/api/v1/me", headers: [.acceptLanguage: "de"])
            let refused = try anonymous.json(Body.self).error
            #expect(refused.code == "unauthenticated" && refused.message.hasPrefix("nicht angemeldet"), "\(refused)")
        }
    }

    @Test func aUserSeesAndChangesOnlyItsOwnData() async throws {
        try await WebDeployment.with(label: "web-users") { deployment in
            let ana = try await deployment.token(for: "ana")
            let bob = try await deployment.token(for: "bob")
            func call(_ token: String, _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, key: String? = nil) async throws
                -> (HTTPResponse.Status, String)
            {
                var headers: HTTPFields = [.authorization: "Bearer \(token)", .init("X-Time-Zone")!: "UTC"]
                if let key { headers[.init("Idempotency-Key")!] = key }
                let response = try await deployment.request(method, path, headers: headers, body: body)
                return (response.head.status, response.text)
            }
            let day = LocalDay(instant: Date(), timeZone: TimeZone(identifier: "UTC")!).description
            let (logged, record) = try await call(ana, .post, "/api/v1/intakes", #"{"volume":250,"fluid":"water"}"#, key: "ana-1")
            #expect(logged == .created, "\(record)")
            let intake = try JSONDecoder.api.decode(IntakeRecord.self, from: Data(record.utf8))
            #expect(intake.user == "ana")
            // The same Idempotency-Key again: the same record, nothing logged twice.
            let (again, replay) = try await call(ana, .post, "/api/v1/intakes", #"{"volume":250,"fluid":"water"}"#, key: "ana-1")
            #expect(again == .created)
            #expect(try JSONDecoder.api.decode(IntakeRecord.self, from: Data(replay.utf8)).id == intake.id)

            // Bob sees none of it and cannot touch it.
            let (_, bobsList) = try await call(bob, .get, "/api/v1/intakes?day=\(day)")
            #expect(try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(bobsList.utf8)).intakes.isEmpty)
            let (edit, editBody) = try await call(bob, .patch, "/api/v1/intakes/\(intake.id)", #"{"volume":1000}"#)
            #expect(edit == .notFound, "\(editBody)")
            let (delete, _) = try await call(bob, .delete, "/api/v1/intakes/\(intake.id)")
            #expect(delete == .notFound)
            let (_, anasList) = try await call(ana, .get, "/api/v1/intakes?day=\(day)")
            let anas = try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(anasList.utf8)).intakes
            #expect(anas.map(\.id) == [intake.id])
            #expect(anas.first?.volumeMl == 250)

            // Ana edits and deletes her own.
            let (edited, editedBody) = try await call(ana, .patch, "/api/v1/intakes/\(intake.id)", #"{"volume":300}"#)
            #expect(edited == .ok, "\(editedBody)")
            #expect(try JSONDecoder.api.decode(IntakeRecord.self, from: Data(editedBody.utf8)).volumeMl == 300)

            // Goal, consents, weight: each acts for the token's user only.
            let (set, goal) = try await call(ana, .put, "/api/v1/goal", #"{"volume":2000}"#)
            #expect(set == .ok, "\(goal)")
            let (_, bobsGoal) = try await call(bob, .get, "/api/v1/goal")
            #expect(try JSONDecoder.api.decode(GoalReply.self, from: Data(bobsGoal.utf8)).goalMl == 2500)
            let (noConsent, refused) = try await call(bob, .post, "/api/v1/weight", #"{"value":80,"unit":"kg"}"#)
            #expect(noConsent == .unprocessableContent, "\(refused)")
            #expect(refused.contains("failed_precondition"))
            let (granted, _) = try await call(ana, .post, "/api/v1/consents/grant", #"{"types":["body-mass"]}"#)
            #expect(granted == .ok)
            let (weighed, weight) = try await call(ana, .post, "/api/v1/weight", #"{"value":70,"unit":"kg"}"#)
            #expect(weighed == .created, "\(weight)")
            let (bobGranted, _) = try await call(bob, .post, "/api/v1/consents/grant", #"{"types":["body-mass"]}"#)
            #expect(bobGranted == .ok)
            let (bobsLatest, latestBody) = try await call(bob, .get, "/api/v1/weight/latest")
            #expect(bobsLatest == .notFound, "ana's weight is not bob's: \(latestBody)")
            let (anasLatest, anasWeight) = try await call(ana, .get, "/api/v1/weight/latest")
            #expect(anasLatest == .ok)
            #expect(try JSONDecoder.api.decode(WeightReply.self, from: Data(anasWeight.utf8)).weightKg == 70)
            let (_, bobsConsents) = try await call(bob, .get, "/api/v1/consents")
            #expect(try JSONDecoder.api.decode(ConsentListReply.self, from: Data(bobsConsents.utf8)).consents.filter(\.granted).map(\.type) == ["body-mass"])

            // Analytics follows: ana's day shows 300 mL against her 2000 mL goal; bob's is empty.
            try await deployment.system.settle()
            let (_, anasToday) = try await call(ana, .get, "/api/v1/today")
            let summary = try JSONDecoder.api.decode(DaySummary.self, from: Data(anasToday.utf8))
            #expect(summary.totalWaterMl == 300)
            let (_, bobsToday) = try await call(bob, .get, "/api/v1/today")
            #expect(try JSONDecoder.api.decode(DaySummary.self, from: Data(bobsToday.utf8)).totalWaterMl == 0)
            for path in ["/api/v1/history?days=7", "/api/v1/steps", "/api/v1/challenges", "/api/v1/one-rep-max", "/api/v1/fluids", "/api/v1/goal/history", "/api/v1/me"] {
                let (status, text) = try await call(bob, .get, path)
                #expect(status == .ok, "\(path): \(text)")
                #expect(!text.contains("\"ana\""), "\(path) shows nothing of ana to bob")
            }
            let (deleted, _) = try await call(ana, .delete, "/api/v1/intakes/\(intake.id)")
            #expect(deleted == .ok)

            // Bad input: the field and the rule, nothing stored.
            let (bad, badBody) = try await call(ana, .post, "/api/v1/intakes", #"{"volume":-5}"#)
            #expect(bad == .badRequest)
            #expect(badBody.contains("\"field\":\"volume\""), "\(badBody)")
            let (shape, shapeBody) = try await call(ana, .post, "/api/v1/intakes", #"{"volume":"lots"}"#)
            #expect(shape == .badRequest)
            #expect(shapeBody.contains("\"field\":\"volume\""), "\(shapeBody)")
        }
    }
}

extension JSONDecoder {
    /// The API's JSON: ISO 8601 dates.
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
