import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchStrings
import Testing

/// A service that dies after the client connected and sent a request: the socket monitor's
/// disconnect ends the attempt at once (the client reconnects and resends, or fails with
/// `unavailable`), instead of the attempt timeout running out. Real intake processes: stopped
/// (SIGSTOP) so the request waits unread in the kernel, then SIGKILLed mid-request. A frozen
/// service's connection ends by itself once its heartbeat's TTL passes (6 s without traffic),
/// so each test runs on a thread of its own (``onOwnThread(_:_:)``): on a busy 2-core machine
/// the cooperative pool's threads, held by tests waiting for processes, delayed the steps
/// between the freeze and the kill past it.
@Suite("RPC client: the service closes the connection mid-request")
struct RPCClientDisconnectTests {
    /// Far above what any step takes, even on a loaded machine: reaching it means the client
    /// waited for the attempt to time out.
    static let attemptTimeout: Duration = .seconds(30)

    struct Case: Sendable, CustomTestStringConvertible {
        var attempts: Int
        var connectTimeout: Duration?
        /// The connect timeout as the message gives it.
        var seconds: String?
        var reconnects: Int
        var testDescription: String
    }

    static let cases = [
        Case(attempts: 1, connectTimeout: nil, seconds: nil, reconnects: 0, testDescription: "one attempt (the web's erase)"),
        Case(attempts: 3, connectTimeout: .milliseconds(800), seconds: "0.8", reconnects: 1, testDescription: "attempts left and a connect timeout (the CLI)"),
    ]

    @Test("a service killed mid-request: unavailable, saying it closed the connection, long before the attempt timeout", arguments: cases)
    func killedMidRequest(_ setup: Case) async throws {
        try await onOwnThread("rpc-disconnect-killed") { try await killedMidRequestSteps(setup) }
    }

    private func killedMidRequestSteps(_ setup: Case) async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("rpc-disconnect-killed"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(
                attemptTimeout: Self.attemptTimeout, attempts: setup.attempts, timeZone: "UTC", user: "ana", connectTimeout: setup.connectTimeout))
        _ = try await client.call(.systemPing, PingRequest())

        try await Self.freeze(service)
        let started = ContinuousClock.now
        async let call = client.call(.systemPing, PingRequest())
        #expect(await eventually { await client.pendingCount() == 1 })
        _ = try await offThePool { service.stop(signal: SIGKILL) }

        do {
            _ = try await call
            Issue.record("a killed service answered")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(ClientText(clientMessage: error.message) == .connectionClosed(endpoint: service.rpcEndpoint, seconds: setup.seconds), "\(error.message)")
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < Self.attemptTimeout, "the call waited \(elapsed), its attempt timeout")
        #expect(await client.reconnectCount() == setup.reconnects)
        await client.close()
    }

    @Test("a service killed and restarted on its port mid-request: the resent request is answered, stored once")
    func restartedMidRequest() async throws {
        try await onOwnThread("rpc-disconnect-restarted") { try await restartedMidRequestSteps() }
    }

    private func restartedMidRequestSteps() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("rpc-disconnect-restarted"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: Self.attemptTimeout, attempts: 2, timeZone: "UTC", user: "ana"))
        _ = try await client.call(.systemPing, PingRequest())

        // Nothing pending: the drop changes nothing; libzmq reconnects the same socket.
        try await offThePool {
            service.stop(signal: SIGKILL)
            try service.start()
        }
        _ = try await client.call(.systemPing, PingRequest())
        #expect(await client.reconnectCount() == 0)

        try await Self.freeze(service)
        let started = ContinuousClock.now
        async let call = client.call(.intakeLog, LogIntakeRequest(volume: 250), idempotencyKey: "disconnect-restart-1")
        #expect(await eventually { await client.pendingCount() == 1 })
        try await offThePool {
            service.stop(signal: SIGKILL)
            try service.start()
        }
        let record = try await call
        let elapsed = ContinuousClock.now - started
        #expect(record.volumeMl == 250)
        #expect(elapsed < Self.attemptTimeout, "the call waited \(elapsed), its attempt timeout")
        #expect(await client.reconnectCount() == 1)
        #expect(try SQLiteFiles.integer(service.databasePath, "SELECT COUNT(*) FROM intake") == 1)
        await client.close()
        service.stop()
    }

    @Test("a service killed while the client is idle and not restarted: the next call fails within the connect timeout, not the attempt timeout")
    func killedWhileIdle() async throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("rpc-disconnect-idle"))
        let client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(
                attemptTimeout: Self.attemptTimeout, attempts: 3, timeZone: "UTC", user: "ana", connectTimeout: .milliseconds(800)))
        _ = try await client.call(.systemPing, PingRequest())
        _ = try await offThePool { service.stop(signal: SIGKILL) }
        // The drop reaches the client's monitor shortly after the kill.
        try await Task.sleep(for: .milliseconds(500))

        let started = ContinuousClock.now
        do {
            _ = try await client.call(.systemPing, PingRequest())
            Issue.record("a killed service answered")
        } catch let error as QuenchError {
            #expect(error.code == .unavailable)
            #expect(ClientText(clientMessage: error.message) == .connectTimeout(endpoint: service.rpcEndpoint, seconds: "0.8"), "\(error.message)")
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < Self.attemptTimeout, "the call waited \(elapsed), its attempt timeout")
        await client.close()
    }

    /// Stops the process (SIGSTOP) and waits until every thread of it has stopped, so that
    /// nothing it does answers the call sent next (the signal is delivered asynchronously).
    static func freeze(_ service: ServiceProcess) async throws {
        #expect(kill(service.pid, SIGSTOP) == 0)
        let tasks = URL(fileURLWithPath: "/proc/\(service.pid)/task")
        let stopped = await eventually {
            let threads = (try? FileManager.default.contentsOfDirectory(at: tasks, includingPropertiesForKeys: nil)) ?? []
            return !threads.isEmpty && threads.allSatisfy { thread in
                // The state follows the command name in parentheses: "pid (comm) T ...".
                guard let stat = try? String(contentsOf: thread.appendingPathComponent("stat"), encoding: .utf8),
                      let close = stat.range(of: ") ", options: .backwards) else { return false }
                return stat[close.upperBound...].hasPrefix("T")
            }
        }
        try #require(stopped, "\(service.name) did not stop")
    }
}
