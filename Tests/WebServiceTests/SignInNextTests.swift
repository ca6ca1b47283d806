import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchProtocol
import QuenchTestSupport
import QuenchTesting
import Testing

/// Sign-in keeps `?next=` (issue #39 item 15), to paths of this site only: the form's post, a
/// one-time link with its own `next`, and a link opened after the sign-in page was shown for a
/// page (the page's `next` kept in a short cookie); `//evil`, `https://…`, backslashes, a tab
/// (which browsers drop, making `//evil`) and controls go to `/`.
@Suite(.serialized) struct SignInNextTests {
    static let hostile = [
        "//evil.example/", "/%5Cevil.example", "/%5C/evil.example", "https://evil.example/", "http:/evil.example", "evil.example",
        "/%09/evil.example", "/%0D%0ALocation:%20https://evil.example", "%2F%2Fevil.example", "/%20/evil.example", "",
    ]

    static func link(_ deployment: WebDeployment) async throws -> String {
        let link = BearerSecret.generate(.link)
        let _: SignInLinkInfo = try await deployment.operatorClient().call(
            MessageDescriptor.tokensLink.name, CreateSignInLinkRequest(link: link, ttlSeconds: 60), user: "ana", idempotencyKey: UUID().uuidString)
        return link
    }

    @Test func signInGoesToTheNextPathOfThisSiteOnly() async throws {
        try await WebDeployment.with([], label: "web-next", arguments: ["--limits-sign-in-per-minute", "1000"]) { deployment in
            let token = try await deployment.token(for: "ana")
            func signIn(_ next: String) async throws -> String? {
                let response = try await deployment.request(
                    .post, "/sign-in?next=" + next, headers: [.contentType: "application/x-www-form-urlencoded"], body: "token=\(token)")
                #expect(response.head.status == .seeOther, "\(next): \(response.head.status)")
                return response.head.headerFields[.location]
            }
            #expect(try await signIn("/goal") == "/goal")
            #expect(try await signIn("/steps%3Fmonth%3D2026-01") == "/steps?month=2026-01")
            for next in Self.hostile {
                let location = try await signIn(next)
                #expect(location == "/", "next=\(next) went to \(location ?? "nil")")
            }
            // The sign-in page drops a hostile next from its form too.
            let page = try await deployment.request(.get, "/sign-in?next=/%09/evil.example")
            #expect(page.text.contains(#"action="/sign-in""#) && !page.text.contains("evil"))

            // A one-time link with its own next.
            let own = try await deployment.request(.get, "/sign-in/link?code=\(try await Self.link(deployment))&next=/history")
            #expect(own.head.status == .seeOther && own.head.headerFields[.location] == "/history")
            let hostile = try await deployment.request(.get, "/sign-in/link?code=\(try await Self.link(deployment))&next=//evil.example")
            #expect(hostile.head.headerFields[.location] == "/")

            // The sign-in page shown for /goal keeps it for a link opened next in this browser.
            let shown = try await deployment.request(.get, "/sign-in?next=/goal")
            let kept = try #require(shown.head.headerFields[values: .setCookie].first { $0.hasPrefix("quench_next=") })
            #expect(kept.contains("Path=/sign-in") && kept.contains("HttpOnly") && kept.contains("Max-Age=900"), "\(kept)")
            let cookie = String(kept.split(separator: ";")[0])
            let later = try await deployment.request(.get, "/sign-in/link?code=\(try await Self.link(deployment))", headers: [.cookie: cookie])
            #expect(later.head.headerFields[.location] == "/goal")
            #expect(later.head.headerFields[values: .setCookie].contains { $0.hasPrefix("quench_next=;") && $0.contains("Max-Age=0") })
            // A used or unknown link keeps where it was going for the next try.
            let expired = try await deployment.request(.get, "/sign-in/link?code=ql_unknown&next=/goal")
            #expect(expired.head.headerFields[.location] == "/sign-in?error=expired&next=/goal")
        }
    }
}
