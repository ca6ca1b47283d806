import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// An intake service running CURVE with its own keys and allow-list, plus helpers to call it
/// as a given key and to expect a refusal.
final class SecureIntake: @unchecked Sendable {
    let keys: SecurityKeys
    let service: ServiceProcess
    private var clients: [RPCClient] = []

    init(
        _ label: String, admit principals: [String: String] = ["admin": "admin", "ana": "user:ana", "bob": "user:bob"],
        arguments: [String] = []
    ) throws {
        let folder = temporaryDirectory(label)
        keys = try SecurityKeys(folder.appendingPathComponent("keys"))
        try keys.writeAllowList(principals)
        service = try ServiceProcess(
            "intake", dataDirectory: folder.appendingPathComponent("intake"),
            arguments: keys.serviceArguments + ["--upstream-health-ingest-public-key=\(try CurveKeyPairFixture.publicKey())"] + arguments,
            insecure: false)
    }

    /// A client authenticating with `name`'s key (closed by `close()`).
    func client(_ name: String, user: String? = nil, attemptTimeout: Duration = .seconds(2), endpoint: String? = nil) throws -> RPCClient {
        let client = try RPCClient(
            endpoint: endpoint ?? service.rpcEndpoint, options: try keys.options(name, user: user, attemptTimeout: attemptTimeout))
        clients.append(client)
        return client
    }

    func close() async {
        for client in clients { await client.close() }
        service.stop()
    }
}

extension RPCClient {
    /// A command with a fresh idempotency key.
    func command<Request: Encodable, Reply: Decodable>(
        _ type: String, _ body: Request, as replyType: Reply.Type = Reply.self, user: String? = nil
    ) async throws -> Reply {
        try await call(type, body, as: Reply.self, user: user, idempotencyKey: UUID().uuidString)
    }
}

/// Runs `body`, which must fail with a `QuenchError` of `code`; returns that error.
@discardableResult
func expectRefusal(
    _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> QuenchError? {
    do {
        try await body()
        Issue.record("expected \(code.rawValue), but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as QuenchError {
        #expect(error.code == code, "expected \(code.rawValue), got \(error.code.rawValue): \(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
