import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import QuenchProtocol
import Testing
@testable import WebService

/// The first page after signing in is the user's day (issue #39 item 14: a browser in Los
/// Angeles at 21:00 saw tomorrow's page until it reloaded): the sign-in form carries the
/// browser's zone (its script fills the field) and the sign-in sets the `tz` cookie the pages
/// read their days in, before the first page is rendered. In process, no services.
@Suite struct SignInZoneTests {
    @Test func theSignInFormsZoneBecomesTheZoneCookie() async throws {
        let (app, database) = try TokenScopeTests.app("web-signin-zone")
        let token = try await TokenScopeTests.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            let page = try await client.execute(uri: "/sign-in", method: .get)
            #expect(String(buffer: page.body).contains(#"<input type="hidden" name="tz" id="signin-tz" value=""/>"#))

            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let signedIn = try await client.execute(
                uri: "/sign-in?next=/today", method: .post, headers: form, body: ByteBuffer(string: "token=\(token)&tz=America%2FLos_Angeles"))
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/today")
            let zone = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("tz=") })
            #expect(zone.hasPrefix("tz=America%2FLos_Angeles;") && zone.contains("Path=/") && !zone.contains("HttpOnly"), "\(zone)")
            #expect(signedIn.headers[values: .setCookie].contains { $0.hasPrefix("quench_session=") })

            // Not an IANA zone, or none (no script): no zone cookie, the pages' UTC as before.
            for body in ["token=\(token)&tz=Mars%2FOlympus", "token=\(token)&tz=%3Cscript%3E", "token=\(token)&tz=", "token=\(token)"] {
                let other = try await client.execute(uri: "/sign-in", method: .post, headers: form, body: ByteBuffer(string: body))
                #expect(other.status == .seeOther, "\(body)")
                #expect(!other.headers[values: .setCookie].contains { $0.hasPrefix("tz=") }, "\(body)")
            }
        }
    }
}
