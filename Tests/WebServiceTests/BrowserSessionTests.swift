import Foundation
import HTTPTypes
import QuenchProtocol
import HummingbirdTesting
import QuenchTesting
import Testing

/// Sign-in, the session cookie, CSRF, the one-time link, the body limit and the sign-in
/// rate limit, against a real `quench-web` (and intake where a call goes through).
@Suite(.serialized) struct BrowserSessionTests {
    struct SignedIn: Decodable {
        var user: String
        var csrfToken: String
    }

    static func cookie(_ response: HummingbirdResponse) -> String? {
        guard let header = response.head.headerFields[.setCookie] else { return nil }
        return header.split(separator: ";").first.map(String.init)
    }

    @Test func aSignedInBrowserNeedsItsCSRFTokenForChanges() async throws {
        try await WebDeployment.with([ServiceName.intake], label: "web-session") { deployment in
            let token = try await deployment.token(for: "ana")
            let signIn = try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(token)"}"#)
            #expect(signIn.head.status == .ok, "\(signIn.text)")
            let setCookie = try #require(signIn.head.headerFields[.setCookie])
            #expect(setCookie.hasPrefix("quench_session=qs_"))
            #expect(setCookie.contains("HttpOnly"))
            #expect(setCookie.contains("SameSite=Lax"))
            #expect(setCookie.contains("Path=/"))
            #expect(!setCookie.contains("Secure"), "plain HTTP on loopback unless http.cookie.secure")
            #expect(!setCookie.contains(token), "the cookie is a session, never the token")
            let session = try signIn.json(SignedIn.self)
            #expect(session.user == "ana")
            let cookie = try #require(Self.cookie(signIn))

            let me = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie])
            #expect(me.head.status == .ok)
            #expect(me.text.contains(session.csrfToken))

            let body = #"{"volume":200}"#
            let noToken = try await deployment.request(.post, "/api/v1/intakes", headers: [.cookie: cookie], body: body)
            #expect(noToken.head.status == .forbidden, "\(noToken.text)")
            #expect(noToken.errorCode == "permission_denied")
            let wrongToken = try await deployment.request(
                .post, "/api/v1/intakes", headers: [.cookie: cookie, .init("X-CSRF-Token")!: String(session.csrfToken.reversed())], body: body)
            #expect(wrongToken.head.status == .forbidden)
            let foreign = try await deployment.request(
                .post, "/api/v1/intakes",
                headers: [.cookie: cookie, .init("X-CSRF-Token")!: session.csrfToken, .origin: "https://evil.example"], body: body)
            #expect(foreign.head.status == .forbidden, "\(foreign.text)")
            let good = try await deployment.request(
                .post, "/api/v1/intakes",
                headers: [.cookie: cookie, .init("X-CSRF-Token")!: session.csrfToken, .origin: "http://127.0.0.1:\(deployment.port)"], body: body)
            #expect(good.head.status == .created, "\(good.text)")

            // A form post carries the token as a field: sign-out ends the session.
            let formNoToken = try await deployment.request(
                .post, "/sign-out", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"], body: "x=1")
            #expect(formNoToken.head.status == .forbidden)
            let signOut = try await deployment.request(
                .post, "/sign-out", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                body: "csrf=\(session.csrfToken)")
            #expect(signOut.head.status == .seeOther, "\(signOut.text)")
            #expect(signOut.head.headerFields[.location] == "/sign-in")
            #expect(signOut.head.headerFields[.setCookie]?.contains("Max-Age=0") == true)
            let after = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie])
            #expect(after.head.status == .unauthorized)

            // A form sign-in redirects within the site only.
            let form = try await deployment.request(
                .post, "/sign-in?next=//evil.example/", headers: [.contentType: "application/x-www-form-urlencoded"], body: "token=\(token)")
            #expect(form.head.status == .seeOther)
            #expect(form.head.headerFields[.location] == "/")
            #expect(Self.cookie(form) != nil)
            // A bad token from a form: back to the page with a fixed message, `next` kept, no cookie.
            let bad = try await deployment.request(
                .post, "/sign-in?next=/goal", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: "token=qt_" + String(repeating: "Z", count: 43))
            #expect(bad.head.status == .seeOther)
            #expect(bad.head.headerFields[.location] == "/sign-in?error=invalid&next=/goal")
            #expect(Self.cookie(bad) == nil)
        }
    }

    @Test func aOneTimeLinkSignsInOnce() async throws {
        try await WebDeployment.with([], label: "web-link") { deployment in
            let link = BearerSecret.generate(.link)
            let info: SignInLinkInfo = try await deployment.operatorClient().call(
                MessageDescriptor.tokensLink.name, CreateSignInLinkRequest(link: link, ttlSeconds: 60), user: "ana",
                idempotencyKey: UUID().uuidString)
            #expect(info.user == "ana")
            let first = try await deployment.request(.get, "/sign-in/link?code=\(link)")
            #expect(first.head.status == .seeOther)
            let cookie = try #require(Self.cookie(first))
            let me = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie])
            #expect(me.text.contains("\"user\":\"ana\""))
            let second = try await deployment.request(.get, "/sign-in/link?code=\(link)")
            #expect(second.head.status == .seeOther)
            #expect(second.head.headerFields[.location] == "/sign-in?error=expired")
            #expect(Self.cookie(second) == nil, "used once already: no session")
        }
    }

    @Test func bodiesOverTheLimitAre413AndSignInIsRateLimited() async throws {
        try await WebDeployment.with(
            [], label: "web-limits", arguments: ["--limits-http-body-bytes", "1024", "--limits-sign-in-per-minute", "3"]
        ) { deployment in
            let token = try await deployment.token(for: "ana")
            let big = #"{"volume":250,"fluid":""# + String(repeating: "a", count: 2000) + #""}"#
            let tooLarge = try await deployment.request(.post, "/api/v1/intakes", headers: [.authorization: "Bearer \(token)"], body: big)
            #expect(tooLarge.head.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "too_large")

            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<4 {
                let guess = "qt_" + String(repeating: "C", count: 42) + "\(attempt)"
                statuses.append(try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(guess)"}"#).head.status)
            }
            #expect(statuses.prefix(3).allSatisfy { $0 == .unauthorized }, "\(statuses)")
            let limited = try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(token)"}"#)
            #expect(limited.head.status == .tooManyRequests, "even the right token waits")
            #expect(limited.errorCode == "resource_exhausted")
            #expect(Int(limited.head.headerFields[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(statuses[3] == .tooManyRequests)
            let limitedForm = try await deployment.request(
                .post, "/sign-in", headers: [.contentType: "application/x-www-form-urlencoded"], body: "token=\(token)")
            #expect(limitedForm.head.status == .seeOther)
            #expect(limitedForm.head.headerFields[.location] == "/sign-in?error=limited")
            // The API itself is not limited by it.
            let me = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(token)"])
            #expect(me.head.status == .ok)
        }
    }
}
