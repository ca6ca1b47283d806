import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing
@testable import WebService

/// `web.erase` against a real `quench-web` (and intake behind it) on real sockets: the
/// erased user's token, session, sign-in link and live stream stop at once, another user's
/// keep working, and no byte of the user's tokens or links is left in `web.sqlite`, its
/// `-wal`, its `-shm` or the web's log.
@Suite(.serialized) struct WebEraseTests {
    @Test func anEraseEndsTheUsersTokensSessionsLinksAndStreamsAndLeavesNoByte() async throws {
        try await WebDeployment.with([ServiceName.intake], label: "web-erase") { deployment in
            let admin = try deployment.operatorClient()
            let aliceToken = try await deployment.token(for: "alice", name: "zqxAliceTokenName")
            let revokedToken = try await deployment.token(for: "alice", name: "zqxAliceRevokedName")
            let bobToken = try await deployment.token(for: "bob", name: "zqxBobTokenName")
            // The operator revokes one of hers naming no user: that stored reply is kept under
            // no user and names her token.
            let revokedID = try #require(Secret.parse(revokedToken, as: .token)).id
            let revoked: TokenInfo = try await admin.call(
                MessageDescriptor.tokensRevoke.name, RevokeTokenRequest(id: revokedID), idempotencyKey: UUID().uuidString)
            #expect(revoked.name == "zqxAliceRevokedName")
            let aliceLink = BearerSecret.generate(.link), bobLink = BearerSecret.generate(.link)
            for (user, link) in [("alice", aliceLink), ("bob", bobLink)] {
                let _: SignInLinkInfo = try await admin.call(
                    MessageDescriptor.tokensLink.name, CreateSignInLinkRequest(link: link, ttlSeconds: 600), user: user,
                    idempotencyKey: UUID().uuidString)
            }
            let aliceCookie = try await Self.signIn(deployment, aliceToken)
            let bobCookie = try await Self.signIn(deployment, bobToken)
            // Each checked once, so the web has them in its cache of checked secrets.
            let credentials: [(HTTPFields, String)] = [
                ([.authorization: "Bearer \(aliceToken)"], "alice"), ([.cookie: aliceCookie], "alice"),
                ([.authorization: "Bearer \(bobToken)"], "bob"), ([.cookie: bobCookie], "bob"),
            ]
            for (headers, user) in credentials {
                let me = try await deployment.request(.get, "/api/v1/me", headers: headers)
                #expect(me.head.status == .ok && me.text.contains("\"user\":\"\(user)\""), "\(me.text)")
            }
            let stream = try EventStreamReader(port: deployment.port, cookie: aliceCookie)
            defer { stream.close() }
            #expect(try stream.read(until: ": connected", timeout: 10), "\(stream.received)")

            let markers = Self.markers(
                tokens: [aliceToken, revokedToken], links: [aliceLink], cookies: [aliceCookie], names: ["zqxAliceTokenName", "zqxAliceRevokedName"])
            let bobMarkers = Self.markers(tokens: [bobToken], links: [bobLink], cookies: [bobCookie], names: ["zqxBobTokenName"])
            let before = Self.scan(deployment.web.dataDirectory, for: markers.merging(bobMarkers) { $1 })
            for marker in markers.keys.sorted() + bobMarkers.keys.sorted() {
                #expect(before[marker] != nil, "\(marker) was never stored: the scan could not see it go")
            }

            let erased: EraseReply = try await admin.call(
                MessageDescriptor.webErase.name, UserDataRequest(), user: "alice", idempotencyKey: UUID().uuidString)
            #expect(erased == EraseReply(service: ServiceName.web, deleted: ["tokens": 1, "sessions": 1, "links": 1]))

            // At once (the cache keeps checked secrets for 30 s): her token and session are refused.
            let bearer = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(aliceToken)"])
            #expect(bearer.head.status == .unauthorized, "\(bearer.text)")
            let session = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: aliceCookie])
            #expect(session.head.status == .unauthorized, "\(session.text)")
            let signIn = try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(aliceToken)"}"#)
            #expect(signIn.head.status == .unauthorized)
            let link = try await deployment.request(.get, "/sign-in/link?code=\(aliceLink)")
            #expect(link.head.headerFields[.location] == "/sign-in?error=expired")
            #expect(link.head.headerFields[.setCookie] == nil)
            // Her live stream ended (it would run for 10 minutes otherwise).
            #expect(try stream.readToEnd(timeout: 10), "\(stream.received)")

            // Bob's token, session and link work.
            let bobs = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(bobToken)"])
            #expect(bobs.head.status == .ok)
            let bobsSession = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: bobCookie])
            #expect(bobsSession.head.status == .ok)
            let bobsLink = try await deployment.request(.get, "/sign-in/link?code=\(bobLink)")
            #expect(bobsLink.head.headerFields[.setCookie] != nil, "\(bobsLink.head)")
            let listed: ListTokensReply = try await admin.call(MessageDescriptor.tokensList.name, ListTokensRequest())
            #expect(listed.tokens.map(\.user) == ["bob"])

            // No byte of hers in the file, its WAL, its shared memory or the log; bob's are there.
            let after = Self.scan(deployment.web.dataDirectory, for: markers.merging(bobMarkers) { $1 })
            for marker in markers.keys.sorted() {
                #expect(after[marker] == nil, "\(marker) is still in \(after[marker] ?? [])")
            }
            #expect(after["zqxBobTokenName"] != nil)

            // Again: nothing left to delete, and it says so.
            let again: EraseReply = try await admin.call(
                MessageDescriptor.webErase.name, UserDataRequest(), user: "alice", idempotencyKey: UUID().uuidString)
            #expect(again.deleted == ["tokens": 0, "sessions": 0, "links": 0])
        }
    }

    static func signIn(_ deployment: WebDeployment, _ token: String) async throws -> String {
        let response = try await deployment.request(.post, "/sign-in", body: #"{"token":"\#(token)"}"#)
        #expect(response.head.status == .ok, "\(response.text)")
        return try #require(response.head.headerFields[.setCookie]?.split(separator: ";").first.map(String.init))
    }

    /// What the web stores of each secret (its SHA-256, and its id as text) and each name, as bytes.
    static func markers(tokens: [String], links: [String], cookies: [String], names: [String]) -> [String: [UInt8]] {
        var markers: [String: [UInt8]] = [:]
        let sessions = cookies.map { String($0.dropFirst("\(SessionStore.cookieName)=".count)) }
        let secrets = tokens.compactMap { Secret.parse($0, as: .token) } + links.compactMap { Secret.parse($0, as: .link) }
            + sessions.compactMap { Secret.parse($0, as: .session) }
        for secret in secrets {
            markers["hash of \(secret.id)"] = secret.hash
            markers["id \(secret.id)"] = Array(secret.id.utf8)
        }
        #expect(secrets.count == tokens.count + links.count + cookies.count)
        for name in names { markers[name] = Array(name.utf8) }
        return markers
    }

    /// The markers found in any file of `folder`, with the files holding each.
    static func scan(_ folder: URL, for markers: [String: [UInt8]]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL]) ?? []
        for file in files {
            guard let bytes = try? [UInt8](Data(contentsOf: file)) else { continue }
            for (name, marker) in markers where Self.contains(bytes, marker) {
                found[name, default: []].append(file.lastPathComponent)
            }
        }
        return found
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
