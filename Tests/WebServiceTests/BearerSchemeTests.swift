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
        let (app, database) = try TokenScopeTests.app("web-bearer")
        let token = try await TokenScopeTests.token(database, [.account])
        try await Application(router: app.makeRouter()).test(.router) { client in
            for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
                for spaces in [" ", "  "] {
                    let response = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: scheme + spaces + token])
                    #expect(response.status == .ok, "\(scheme)\(spaces)…: \(String(buffer: response.body))")
                    #expect(String(buffer: response.body).contains(#""user":"ana""#))
                }
            }
            for refused in ["Basic \(token)", "Bearer", "Bearer ", "Bearer\(token)", "Token \(token)", token] {
                let response = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: refused])
                #expect(response.status == .unauthorized, "\(refused.prefix(12))…")
            }
        }
    }
}
