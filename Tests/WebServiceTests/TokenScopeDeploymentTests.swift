import Foundation
import HTTPTypes
import HealthImport
import HummingbirdTesting
import QuenchProtocol
import QuenchTesting
import Testing

/// Token scopes against a real deployment: the token Health Auto Export keeps on a phone
/// (`ingest` only, `quench tokens create --for health-auto-export`) posts its data and
/// nothing else; erasing the account needs a full-scope token and `confirm` naming the user.
@Suite(.serialized) struct TokenScopeDeploymentTests {
    @Test func aHealthIngestTokenPostsHealthAutoExportAndNothingElseAndEraseNeedsAccountAndConfirm() async throws {
        try await WebDeployment.with(label: "web-scopes") { deployment in
            let phone = try await deployment.token(for: "ana", name: "iPhone", scopes: TokenPurpose.healthAutoExport.scopes)
            let full = try await deployment.token(for: "ana", name: "laptop")
            let utc: HTTPFields = [.init("X-Time-Zone")!: "UTC"]
            var fullHeaders = utc, phoneHeaders = utc
            fullHeaders[.authorization] = "Bearer \(full)"
            phoneHeaders[.authorization] = "Bearer \(phone)"
            let granted = try await deployment.request(
                .post, "/api/v1/consents/grant", headers: fullHeaders, body: #"{"types":["steps","dietary-water"]}"#)
            #expect(granted.head.status == .ok, "\(granted.text)")

            // The phone's token posts Health Auto Export data…
            let imported = try await deployment.request(.post, "/api/v1/health-auto-export", headers: phoneHeaders, body: WebAccountEraseTests.payload)
            #expect(imported.head.status == .ok, "\(imported.text)")
            #expect(try imported.json(HealthAutoExportReport.self).imported == 2, "\(imported.text)")
            // …and is refused reads, logging, the account and the erase, naming the scope.
            for (method, path, body, scope) in [
                (HTTPRequest.Method.get, "/api/v1/today", nil, "read"), (.get, "/api/v1/intakes", nil, "read"),
                (.get, "/api/v1/consents", nil, "read"), (.post, "/api/v1/intakes", #"{"volume":250}"#, "log"),
                (.put, "/api/v1/goal", #"{"volume":2000}"#, "account"), (.delete, "/api/v1/me?confirm=ana", nil, "account"),
                (.delete, "/api/v1/me", nil, "account"),
            ] as [(HTTPRequest.Method, String, String?, String)] {
                let refused = try await deployment.request(method, path, headers: phoneHeaders, body: body)
                #expect(refused.head.status == .forbidden, "\(method) \(path): \(refused.text)")
                #expect(refused.errorCode == "permission_denied")
                #expect(refused.text.contains("needs the scope \(scope)"), "\(refused.text)")
                #expect(refused.head.headerFields[.wwwAuthenticate]?.contains(#"error="insufficient_scope", scope="\#(scope)""#) == true)
            }
            // Nothing was logged or erased by it: the import's water is the day's only drink.
            let drinks = try await deployment.request(.get, "/api/v1/intakes?day=2026-08-26", headers: fullHeaders)
            #expect(drinks.head.status == .ok, "\(drinks.text)")
            #expect(try drinks.json(ListIntakesReply.self).intakes.count == 1, "\(drinks.text)")

            // A full-scope token without the confirmation, or naming another user: refused, nothing erased.
            for path in ["/api/v1/me", "/api/v1/me?confirm=bob"] {
                let unconfirmed = try await deployment.request(.delete, path, headers: fullHeaders)
                #expect(unconfirmed.head.status == .badRequest, "\(path): \(unconfirmed.text)")
                #expect(unconfirmed.text.contains(#""field":"confirm""#))
            }
            #expect(try await deployment.request(.get, "/api/v1/me", headers: phoneHeaders).head.status == .ok)

            // Both: erased, and both tokens refused from then on.
            let erased = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: fullHeaders)
            #expect(erased.head.status == .ok, "\(erased.text)")
            #expect(try erased.json(WebAccountEraseTests.Report.self).erased)
            for headers in [fullHeaders, phoneHeaders] {
                #expect(try await deployment.request(.get, "/api/v1/me", headers: headers).head.status == .unauthorized)
            }
        }
    }
}
