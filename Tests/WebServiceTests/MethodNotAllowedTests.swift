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

/// A path served with other methods answers `405` with `Allow` (RFC 9110 §15.5.6), an unknown
/// path stays `404`, and `HEAD` is answered wherever `GET` is, with GET's status and headers
/// and no body (#39 item 7). The real router in process, on a temporary `web.sqlite`.
@Suite struct MethodNotAllowedTests {
    @Test func wrongMethodsAre405WithAllowAndHeadFollowsGet() async throws {
        let (app, database) = try TokenScopeTests.app("web-methods")
        let token = try await TokenScopeTests.token(database, [.account])
        let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
        try await Application(router: app.makeRouter()).test(.router) { client in
            // Each path with the methods its routes serve (OpenAPI's table), HEAD beside GET.
            for (path, method, allow) in [
                ("/api/v1/me", HTTPRequest.Method.put, "DELETE, GET, HEAD"),
                ("/api/v1/intakes/1", .post, "DELETE, PATCH"),
                ("/api/v1/intakes", .delete, "GET, HEAD, POST"),
                ("/health", .post, "GET, HEAD"),
            ] {
                let response = try await client.execute(uri: path, method: method, headers: bearer)
                #expect(response.status == .methodNotAllowed, "\(method) \(path): \(response.status) \(String(buffer: response.body))")
                #expect(response.headers[.allow] == allow, "\(method) \(path)")
                let body = String(buffer: response.body)
                #expect(body.contains(#""code":"unknown_type""#) && body.contains(method.rawValue), "\(body)")
            }
            let unknown = try await client.execute(uri: "/api/v1/nothing-here", method: .get, headers: bearer)
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.allow] == nil)

            let get = try await client.execute(uri: "/api/v1/me", method: .get, headers: bearer)
            let head = try await client.execute(uri: "/api/v1/me", method: .head, headers: bearer)
            #expect(get.status == .ok && head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            // HEAD needs the same credential as GET.
            let anonymous = try await client.execute(uri: "/api/v1/me", method: .head)
            #expect(anonymous.status == .unauthorized)
        }
    }
}
