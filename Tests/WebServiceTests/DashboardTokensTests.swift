import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import QuenchProtocol
import QuenchRuntime
import Testing
@testable import WebService

/// The dashboard makes the narrowest token for the job the user names, shows it once, lists
/// the user's tokens and revokes them (#39 item 5). The real router in process on a temporary
/// `web.sqlite` (no service behind it: a call past the scope check answers 503).
@Suite struct DashboardTokensTests {
    static let accept = DashboardErrorPagesTests.browserAccept

    @Test func makeListAndRevokeTokensFromTheDashboard() async throws {
        let (app, database) = try TokenScopeTests.app("web-dashboard-tokens")
        let token = try await TokenScopeTests.token(database, [.account])
        _ = try await TokenScopeTests.token(database, user: "ben", [.read])
        try await Application(router: app.makeRouter()).test(.router) { client in
            let browser = try await DashboardErrorPagesTests.signIn(client, token)
            let form: HTTPFields = [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded", .accept: Self.accept]
            func post(_ path: String, _ body: String) async throws -> TestResponse {
                try await client.execute(uri: path, method: .post, headers: form, body: ByteBuffer(string: "csrf=\(browser.csrf)&" + body))
            }

            // The page lists the user's own token (the one this browser signed in with), not ben's.
            let page = try await client.execute(uri: "/tokens?lang=de", method: .get, headers: [.cookie: browser.cookie, .accept: Self.accept])
            let pageText = String(buffer: page.body)
            #expect(page.status == .ok && pageText.contains("Deine Tokens") && pageText.contains("Health Auto Export"), "\(pageText.prefix(400))")
            let anasID = try await database.pool.read { db in try TokenStore.list(db, user: "ana") }.first!.id
            #expect(pageText.contains(#"action="/tokens/\#(anasID)/revoke""#) && pageText.contains("alles"), "\(pageText.prefix(2000))")
            let bensID = try await database.pool.read { db in try TokenStore.list(db, user: "ben") }.first!.id
            #expect(!pageText.contains(bensID))

            // Made for Health Auto Export: shown once, it may only send health data.
            let made = try await post("/tokens", "purpose=health-auto-export&name=iPhone")
            let madeText = String(buffer: made.body)
            #expect(made.status == .ok, "\(madeText.prefix(300))")
            let secret = try #require(madeText.firstMatch(of: /qt_[A-Za-z0-9_-]{43}/).map { String($0.output) }, "\(madeText.prefix(600))")
            #expect(secret != token)
            let stored = try await database.pool.read { db in try TokenStore.list(db, user: "ana") }
            let iPhone = try #require(stored.first { $0.name == "iPhone" })
            #expect(iPhone.scopes == [.ingest])
            let reads = try await client.execute(uri: "/api/v1/today", method: .get, headers: [.authorization: "Bearer \(secret)"])
            #expect(reads.status == .forbidden && String(buffer: reads.body).contains("read"), "\(String(buffer: reads.body))")
            let ingests = try await client.execute(
                uri: "/api/v1/health-auto-export", method: .post, headers: [.authorization: "Bearer \(secret)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"data":{"metrics":[]}}"#))
            #expect(ingests.status != .forbidden && ingests.status != .unauthorized, "\(ingests.status)")
            // Shown once: the list afterwards names it but never holds its secret.
            let again = String(buffer: try await client.execute(uri: "/tokens", method: .get, headers: [.cookie: browser.cookie, .accept: Self.accept]).body)
            #expect(again.contains("iPhone") && !again.contains(secret))

            // A job the page does not offer, or a name too long: refused, nothing made.
            let unknown = try await post("/tokens", "purpose=everything-forever&name=x")
            #expect(unknown.status == .badRequest && String(buffer: unknown.body).contains("Choose what the token is for."))
            let long = try await post("/tokens", "purpose=read-only&name=" + String(repeating: "n", count: 65))
            #expect(long.status == .badRequest && String(buffer: long.body).contains("64"))
            #expect(try await database.pool.read { db in try TokenStore.list(db, user: "ana") }.count == 2)

            // Ben's token cannot be revoked from ana's page; her own can, and is refused afterwards.
            let foreign = try await post("/tokens/\(bensID)/revoke", "")
            #expect(foreign.status == .notFound)
            #expect(try await database.pool.read { db in try TokenStore.list(db, user: "ben") }.count == 1)
            let revoked = try await post("/tokens/\(iPhone.id)/revoke", "")
            #expect(revoked.status == .seeOther && revoked.headers[.location] == "/tokens?done=revoked")
            let after = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(secret)"])
            #expect(after.status == .unauthorized)
        }
    }
}
