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
            _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
            Issue.record("a call to nothing succeeded")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("could not connect"), "\(error.message)")
        }
        // The message tells the connect timeout ("could not connect") from the attempts ("no
        // reply", after 3 × 5 s); the time is not checked from above: in the parallel suite this
        // task may wait long for a thread (the CLI tests time the real process instead).
        #expect(ContinuousClock.now - started >= .milliseconds(250))
        await client.close()
    }

    @Test("a peer that accepts but does not answer is waited for by the attempt timeout")
    func connectedButSilent() async throws {
        let endpoint = TestPorts.endpoint()
        let router = try SharedContext.context.makeSocket(.router)
        try router.setLinger(0)
        try router.bind(endpoint)
        // The test's awaits may resume on another thread: hand the socket over for the close.
        router.transferOwnership()
        defer {
            router.transferOwnership()
            router.close()
        }
        let client = try RPCClient(
            endpoint: endpoint,
            options: RPCClientOptions(attemptTimeout: .milliseconds(1200), attempts: 1, connectTimeout: .milliseconds(200)))
        let started = ContinuousClock.now
        do {
            _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
            Issue.record("a silent peer answered")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("no reply"), "\(error.message)")
        }
        #expect(ContinuousClock.now - started >= .milliseconds(1100))
        await client.close()
    }
}
