import ChildProcess
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import QuenchTesting

/// A real deployment for the web edge's tests: the services as processes (``TestSystem``
/// live) and `quench-web` as a process in front of them, on a port it chose (its
/// `http.ready.file`). HTTP goes over a real socket (``request(_:_:headers:body:)``).
///
/// ```swift
/// let deployment = try await WebDeployment()
/// let token = try await deployment.token(for: "ana")
/// let today = try await deployment.request(.get, "/api/v1/today", headers: [.authorization: "Bearer \(token)"])
/// #expect(today.status == .ok)
/// ```
final class WebDeployment: Sendable {
    let system: TestSystem
    let web: ServiceProcess
    let port: Int

    /// Starts `services` (the four by default; never a second web edge) and `quench-web` with `arguments`.
    init(_ services: [String] = ServiceName.domain, label: String = "web", arguments: [String] = []) async throws {
        let services = services.filter { $0 != ServiceName.web }
        system = try await TestSystem(.live, services, label: label)
        var upstream: [String: [String: Any]] = [:]
        for name in ServiceName.domain {
            let process = services.contains(name) ? system.liveProcess(name) : nil
            upstream[name] = [
                "rpc": process?.rpcEndpoint ?? "tcp://127.0.0.1:9", "pub": process?.pubEndpoint ?? "tcp://127.0.0.1:9",
                "user": ["pub": process?.userPubEndpoint ?? "tcp://127.0.0.1:9"],
            ]
        }
        let directory = system.directory.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("web-config.json")
        try JSONSerialization.data(withJSONObject: ["upstream": upstream]).write(to: config)
        let ready = directory.appendingPathComponent("http.ready.json")
        web = try ServiceProcess(
            ServiceName.web, dataDirectory: directory,
            arguments: ["--config", config.path, "--http-port", "0", "--http-ready-file", ready.path] + Self.patientTimeouts(besides: arguments) + arguments)
        port = try Self.waitForPort(ready, process: web)
    }

    /// The connection timeouts, long unless a test sets its own (`ConnectionLimitsTests`): a
    /// test's client opens its connection, then writes its request from the cooperative pool,
    /// which a loaded 2-core machine running two suites can leave waiting past the 30 s idle
    /// timeout (a fresh-clone run saw "I/O on closed channel").
    private static func patientTimeouts(besides arguments: [String]) -> [String] {
        ["--http-timeout-idle-ms", "--http-timeout-head-ms", "--http-timeout-body-ms"]
            .filter { !arguments.contains($0) }
            .flatMap { [$0, "600000"] }
    }

    private static func waitForPort(_ file: URL, process: ServiceProcess) throws -> Int {
        struct Ready: Decodable { var port: Int }
        let deadline = Date().addingTimeInterval(90)  // generous for a loaded machine; polled
        while Date() < deadline {
            if let data = try? Data(contentsOf: file), let ready = try? JSONDecoder().decode(Ready.self, from: data) { return ready.port }
            guard process.isRunning else { throw TestFailure("quench-web exited before it served HTTP:\n\(process.logTail())") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("quench-web did not serve HTTP within 90 s:\n\(process.logTail())")
    }

    /// An RPC client of the web service itself (insecure deployment: trusted as the operator).
    func operatorClient() throws -> QuenchTesting.TestClient {
        try system.client(of: web)
    }

    /// A new API token for `user`, made the way `quench tokens create` makes it (`scopes`
    /// nil: the default, `account`).
    func token(for user: String, name: String = "test", scopes: [TokenScope]? = nil) async throws -> String {
        let token = BearerSecret.generate(.token)
        let client = try operatorClient()
        let _: TokenInfo = try await client.call(
            MessageDescriptor.tokensCreate.name, CreateTokenRequest(token: token, name: name, scopes: scopes), user: user,
            idempotencyKey: UUID().uuidString)
        return token
    }

    /// One HTTP request on a new connection.
    func request(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> HummingbirdTesting.TestClient.Response {
        var fields = headers
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        let request = HummingbirdTesting.TestClient.Request(
            uri, method: method, authority: "127.0.0.1:\(port)", headers: fields, body: body.map { ByteBuffer(string: $0) })
        return try await HummingbirdTesting.TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(request)
        }
    }

    /// Starts a deployment, runs `body` with it, and stops it whatever `body` did.
    static func with<T>(
        _ services: [String] = ServiceName.domain, label: String = "web", arguments: [String] = [],
        _ body: (WebDeployment) async throws -> T
    ) async throws -> T {
        let deployment = try await WebDeployment(services, label: label, arguments: arguments)
        do {
            let value = try await body(deployment)
            await deployment.close()
            return value
        } catch {
            await deployment.close()
            throw error
        }
    }

    func close() async {
        web.stop()
        await system.close()
    }
}

extension HummingbirdTesting.TestClient.Response {
    /// The body as text.
    var text: String { body.map { String(buffer: $0) } ?? "" }

    /// The body decoded as JSON.
    func json<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(text.utf8))
    }

    /// The error body's `code`, nil when the body is not an error.
    var errorCode: String? {
        struct Body: Decodable {
            struct Detail: Decodable { var code: String }
            var error: Detail
        }
        return try? json(Body.self).error.code
    }
}

typealias HummingbirdResponse = HummingbirdTesting.TestClient.Response
