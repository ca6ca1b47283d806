import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
@testable import WebService

/// The `Authorization` header's scheme is case-insensitive (RFC 9110 §11.1): `bearer`,
/// `BEARER` and `Bearer` name the same token; another scheme, or none, is refused. The real
/// router in process (``WebApp/makeRouter()``), on a temporary `web.sqlite`.
@Suite struct BearerSchemeTests {
    @Test func theBearerSchemeIsReadInAnyCase() async throws {
        let database = try ServiceDatabase(path: TestScratch.file("web-bearer", named: "web.sqlite").path, migrator: WebSchema.migrator)
        let token = Secret.generate(.token)
        _ = try await database.pool.write { db in try TokenStore.insert(db, secret: token, user: "ana", name: "t", scopes: [.account], now: Date()) }
        let app = WebApp(
            config: WebConfig(), backend: Backend(services: [:], timeout: .seconds(1), logger: Logger(label: "test")), database: database,
            logger: Logger(label: "test"))
        try await Application(router: app.makeRouter()).test(.router) { client in
            for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
                for spaces in [" ", "  "] {
                    let response = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: scheme + spaces + token.text])
                    #expect(response.status == .ok, "\(scheme)\(spaces)…: \(String(buffer: response.body))")
                    #expect(String(buffer: response.body).contains(#""user":"ana""#))
                }
            }
            for refused in ["Basic \(token.text)", "Bearer", "Bearer ", "Bearer\(token.text)", "Token \(token.text)", token.text] {
                let response = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: refused])
                #expect(response.status == .unauthorized, "\(refused.prefix(12))…")
            }
        }
    }
}
