import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchTesting
import Testing

/// The JSON API says the rule a service named in the request's language (issue 39 item 11):
/// intake's `at`, `fluid` and `cursor` refusals through the real web and services.
@Suite(.serialized) struct APIRuleLanguageTests {
    @Test("a future at, an unknown fluid and a foreign cursor are said with their rule in German and French; code and field stay")
    func rulesInTheRequestsLanguage() async throws {
        try await WebDeployment.with(label: "web-rule-language") { deployment in
            let ana = try await deployment.token(for: "ana")
            func refusal(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, language: String) async throws -> (code: String?, field: String?, message: String) {
                let headers: HTTPFields = [
                    .authorization: "Bearer \(ana)", .init("X-Time-Zone")!: "UTC", .acceptLanguage: language, .init("Idempotency-Key")!: UUID().uuidString,
                ]
                let response = try await deployment.request(method, path, headers: headers, body: body)
                #expect(response.head.status.code >= 400, "\(response.text)")
                let object = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                let error = object?["error"] as? [String: Any] ?? [:]
                return (error["code"] as? String, error["field"] as? String, error["message"] as? String ?? "")
            }
            let future = try await refusal(.post, "/api/v1/intakes", #"{"volume":250,"at":"2099-01-01T10:00:00Z"}"#, language: "de")
            #expect(future.code == "invalid_argument" && future.field == "at", "\(future)")
            #expect(future.message.hasPrefix("Zeitpunkt (at): liegt mehr als 5 Minuten in der Zukunft (2099-01-01T10:00:00Z, jetzt "), "\(future)")
            #expect(future.message.contains("(is more than 5 minutes in the future"), "the service's English follows: \(future)")

            let unit = try await refusal(.post, "/api/v1/intakes", #"{"volume":250,"unit":"gallon"}"#, language: "de")
            #expect(unit.code == "invalid_argument" && unit.field == "unit", "\(unit)")
            #expect(unit.message.hasPrefix("Einheit (unit): muss eines von "), "\(unit)")
            #expect(unit.message.contains(" sein, angegeben: 'gallon'"), "\(unit)")

            let fluid = try await refusal(.post, "/api/v1/intakes", #"{"volume":250,"fluid":"moonshine"}"#, language: "fr")
            #expect(fluid.code == "not_found" && fluid.field == "fluid", "\(fluid)")
            #expect(fluid.message.hasPrefix("boisson (fluid) : aucune boisson nommée 'moonshine'"), "\(fluid)")

            // The web's own query rules, checked before any service is asked.
            let day = try await refusal(.get, "/api/v1/intakes?day=2026-02-30", language: "de")
            #expect(day.code == "invalid_argument" && day.field == "day", "\(day)")
            #expect(day.message.hasPrefix("Tag (day): muss ein Datum JJJJ-MM-TT sein, angegeben: '2026-02-30'"), "\(day)")
            let limit = try await refusal(.get, "/api/v1/intakes?limit=0", language: "fr")
            #expect(limit.code == "invalid_argument" && limit.field == "limit", "\(limit)")
            #expect(limit.message.hasPrefix("nombre (limit) : doit être un entier de 1 à 10000, reçu '0'"), "\(limit)")

            let cursor = try await refusal(.get, "/api/v1/intakes?cursor=bogus", language: "de")
            #expect(cursor.code == "invalid_argument" && cursor.field == "cursor", "\(cursor)")
            #expect(cursor.message.hasPrefix("Cursor (cursor): ist kein Cursor aus dem nextCursor einer früheren Antwort"), "\(cursor)")
            // goals' listing names the same rule.
            let history = try await refusal(.get, "/api/v1/goal/history?cursor=bogus", language: "fr")
            #expect(history.code == "invalid_argument" && history.field == "cursor", "\(history)")
            #expect(history.message.hasPrefix("curseur (cursor) : n’est pas un curseur tiré du nextCursor"), "\(history)")
        }
    }
}
