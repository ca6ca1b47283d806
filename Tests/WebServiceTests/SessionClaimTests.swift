import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
@testable import WebService

/// A session is made in one transaction with the check of what signed it in, so a token or
/// link deleted (revoked, erased) after the route checked it makes none.
@Suite struct SessionClaimTests {
    @Test func aSignInWhoseTokenOrLinkWentMakesNoSession() async throws {
        let database = try ServiceDatabase(path: TestScratch.file("web-claim", named: "web.sqlite").path, migrator: WebSchema.migrator)
        let sessions = SessionStore(database: database, lifetime: 3600, cache: SecretCache())
        let token = Secret.generate(.token), link = Secret.generate(.link)
        try await database.pool.write { db in
            _ = try TokenStore.insert(db, secret: token, user: "ana", name: "t", scopes: [.account], now: Date())
            _ = try SignInLinkStore.insert(db, secret: link, user: "ana", expiresAt: Date().addingTimeInterval(60))
        }
        #expect(try await sessions.create(.token(id: token.id, user: "ana"))?.session.user == "ana")
        #expect(try await sessions.create(.token(id: token.id, user: "bob")) == nil, "the token is ana's")
        // Erased after the route read the token, before the session is written.
        let erased = try await database.pool.write { db in try WebUserStore.erase(db, user: "ana") }
        #expect(erased == .init(tokens: 1, sessions: 1, signInLinks: 1, revokeReplies: 0))
        #expect(try await sessions.create(.token(id: token.id, user: "ana")) == nil)
        #expect(try await sessions.create(.link(link.text)) == nil)
        let left = try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session") }
        #expect(left == 0)

        // A link signs in once.
        let another = Secret.generate(.link)
        try await database.pool.write { db in _ = try SignInLinkStore.insert(db, secret: another, user: "bob", expiresAt: Date().addingTimeInterval(60)) }
        #expect(try await sessions.create(.link(another.text))?.session.user == "bob")
        #expect(try await sessions.create(.link(another.text)) == nil)
    }
}
