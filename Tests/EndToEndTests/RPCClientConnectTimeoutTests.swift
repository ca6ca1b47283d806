import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
import ZeroMQ

/// `RPCClientOptions.connectTimeout` (issue 25 item 9): no TCP connection within it fails the
/// call at once; a peer that accepts the connection but is slow to answer is waited for as
/// before (attempt timeouts), never cut short by it.
@Suite("RPC client: connect timeout")
struct RPCClientConnectTimeoutTests {
    @Test("nothing listening: unavailable after the connect timeout, not after every attempt")
    func refusedConnection() async throws {
        let client = try RPCClient(
            endpoint: TestPorts.endpoint(),
            options: RPCClientOptions(attemptTimeout: .seconds(5), attempts: 3, connectTimeout: .milliseconds(300)))
        let started = ContinuousClock.now
        do {
            _ = try await client.call(MessageType.ping, PingRequest(), as: PingReply.self)
            Issue.record("a call to nothing succeeded")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("could not connect"), "\(error.message)")
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(2), "took \(elapsed)")
        await client.close()
    }

    @Test("a peer that accepts but does not answer is waited for by the attempt timeout")
    func connectedButSilent() async throws {
        let endpoint = TestPorts.endpoint()
        let router = try SharedContext.context.makeSocket(.router)
        try router.setLinger(0)
        try router.bind(endpoint)
        defer { router.close() }
        let client = try RPCClient(
            endpoint: endpoint,
            options: RPCClientOptions(attemptTimeout: .milliseconds(1200), attempts: 1, connectTimeout: .milliseconds(200)))
        let started = ContinuousClock.now
        do {
            _ = try await client.call(MessageType.ping, PingRequest(), as: PingReply.self)
            Issue.record("a silent peer answered")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("no reply"), "\(error.message)")
        }
        #expect(ContinuousClock.now - started >= .milliseconds(1100))
        await client.close()
    }
}
