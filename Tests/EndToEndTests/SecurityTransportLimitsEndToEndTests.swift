import Foundation
import Glibc
import QuenchProtocol
import QuenchRuntime
import Synchronization
import Testing
import ZeroMQ

/// The transport limits of issue #25 against the real intake service over CURVE: a
/// subscription flood on the user stream, connections that never handshake, refused
/// handshakes' log lines, and the raised file limit. Short sizes here; the full sizes are in
/// `Tests/adversarial/test_transport.py` (`QUENCH_ADVERSARIAL_FULL=1`).
@Suite("Security: transport limits", .serialized)
struct SecurityTransportLimitsEndToEndTests {
    @Test("a subscription flood on the user stream: the flooder is dropped and refused, memory stays flat, ana and requests go on")
    func subscriptionFlood() async throws {
        let system = try SecureIntake("sec-sub-flood", arguments: [
            "--limits-user-stream-max-subscriptions", "32", "--limits-user-stream-refusal-seconds", "30",
        ])
        defer { Task { await system.close() } }
        let anaStream = EventCollector(endpoint: system.service.userPubEndpoint, prefixes: ["ana/"], curve: try system.keys.options("ana").curve)
        defer { anaStream.stop() }
        let admin = try system.client("admin")
        _ = try await admin.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        try await Task.sleep(for: .milliseconds(500))
        let rssBefore = try residentKilobytes(system.service.pid)
        let baseline = try await medianPing(admin, count: 10)

        // bob's subscriber sends 2,000 distinct 250-byte prefixes.
        let bob = try system.keys.options("bob").curve!
        let context = try Context()
        let flooder = try context.makeSocket(.sub)
        try flooder.setLinger(0)
        try flooder.setCurveServerKey(bob.serverPublicKey)
        try flooder.setCurveKeys(publicKey: bob.publicKey, secretKey: bob.secretKey)
        try flooder.monitor("inproc://flood-monitor", events: [.handshakeSucceeded, .handshakeFailedAuth, .disconnected])
        let monitor = try context.makeSocket(.pair)
        try monitor.setReceiveTimeout(100)
        try monitor.connect("inproc://flood-monitor")
        try flooder.connect(system.service.userPubEndpoint)
        for index in 0..<2000 {
            try flooder.subscribe("bob/" + String(format: "%06d", index) + String(repeating: "x", count: 240))
        }

        // Requests are answered meanwhile, about as fast as just before the flood (the median,
        // against a baseline: a loaded machine, e.g. the whole suite in parallel, slows every
        // call on its own).
        let during = try await medianPing(admin, count: 20)
        #expect(during < max(.milliseconds(300), baseline * 3), "median ping \(during) during the flood, \(baseline) before")

        // bob is dropped, and refused (ZAP 400) when his SUB reconnects.
        let events = monitorEvents(monitor, timeout: patientWait) { events in
            events.contains { $0.event == .handshakeFailedAuth && $0.value == 400 }
        }
        let refused = events.contains { $0.event == .handshakeFailedAuth && $0.value == 400 }
        #expect(refused, "bob's reconnect was not refused: \(events.map { "\($0.event.rawValue)/\($0.value)" })")
        #expect(events.contains { $0.event == .disconnected })
        #expect(system.service.logTail(400).contains("dropped a principal from the user event stream"))

        // The stream was reopened: ana resubscribed by herself and gets her events.
        var sent = 0
        let anaHears = await eventually {
            sent += 1
            _ = try? await admin.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 100 + Double(sent)), user: "ana") as IntakeRecord
            try? await Task.sleep(for: .milliseconds(100))
            return !anaStream.domainEvents.isEmpty
        }
        #expect(anaHears)

        let rssAfter = try residentKilobytes(system.service.pid)
        #expect(rssAfter - rssBefore < 30_000, "RSS grew from \(rssBefore) kB to \(rssAfter) kB")
        let metrics = try await admin.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
        let samples = MetricsEndToEndTests.samples(metrics.text)
        #expect(samples[#"quench_refusals_total{service="intake",kind="subscription_flood"}"#] == 1, "\(metrics.text)")
        #expect((samples[#"quench_refusals_total{service="intake",kind="handshake"}"#] ?? 0) >= 1)
        flooder.transferOwnership()
        monitor.transferOwnership()
        flooder.close()
        monitor.close()
        context.terminate()
    }

    @Test("a subscription longer than limits.user.stream.max.subscription.bytes is refused and counted")
    func longSubscription() async throws {
        let system = try SecureIntake("sec-sub-long", arguments: ["--limits-user-stream-max-subscription-bytes", "32"])
        defer { Task { await system.close() } }
        let long = "ana/" + String(repeating: "y", count: 100)
        let anaStream = EventCollector(endpoint: system.service.userPubEndpoint, prefixes: [long], curve: try system.keys.options("ana").curve)
        defer { anaStream.stop() }
        let admin = try system.client("admin")
        let counted = await eventually {
            let metrics = try? await admin.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
            return MetricsEndToEndTests.samples(metrics?.text ?? "")[#"quench_refusals_total{service="intake",kind="subscription"}"#] == 1
        }
        #expect(counted)
        #expect(system.service.logTail(400).contains("refused a user-stream subscription longer than limits.user.stream.max.subscription.bytes"))
    }

    @Test("a connection that never sends a greeting is closed after limits.handshake.timeout.ms")
    func idleConnectionClosed() async throws {
        let system = try SecureIntake("sec-idle", arguments: ["--limits-handshake-timeout-ms", "500"])
        defer { Task { await system.close() } }
        for endpoint in [system.service.rpcEndpoint, system.service.pubEndpoint, system.service.userPubEndpoint] {
            let start = ContinuousClock.now
            let closed = try closedByPeer(endpoint, within: .seconds(5))
            let elapsed = ContinuousClock.now - start
            #expect(closed, "\(endpoint) kept an idle connection open for 5 s")
            #expect(elapsed >= .milliseconds(400), "closed after \(elapsed)")
        }
        // A real client still gets through; each closed connection was counted.
        let admin = try system.client("admin")
        _ = try await admin.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        let metrics = try await admin.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
        let incomplete = MetricsEndToEndTests.samples(metrics.text)[#"quench_refusals_total{service="intake",kind="handshake_incomplete"}"#] ?? 0
        #expect(incomplete >= 3, "\(metrics.text)")
    }

    @Test("refused handshakes are counted; their log lines are bounded by log.refusals.per.minute")
    func refusedHandshakesRateLimited() async throws {
        let system = try SecureIntake("sec-refusal-log", arguments: ["--log-refusals-per-minute", "5"])
        defer { Task { await system.close() } }
        let context = try Context()
        var sockets: [Socket] = []
        for _ in 0..<60 {
            let stranger = try CurveKeyPair.generate()
            let socket = try context.makeSocket(.dealer)
            try socket.setLinger(0)
            try socket.setReconnectInterval(60_000, max: 60_000)
            try socket.setCurveServerKey(system.keys.server.publicKey)
            try socket.setCurveKeys(publicKey: stranger.publicKey, secretKey: stranger.secretKey)
            try socket.connect(system.service.rpcEndpoint)
            sockets.append(socket)
        }
        let admin = try system.client("admin")
        var samples: [String: Double] = [:]
        let counted = await eventually {
            let metrics = try? await admin.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
            samples = MetricsEndToEndTests.samples(metrics?.text ?? "")
            return (samples[#"quench_refusals_total{service="intake",kind="handshake"}"#] ?? 0) >= 60
        }
        #expect(counted, "\(samples.filter { $0.key.contains("refus") || $0.key.contains("suppress") })")
        let refused = samples[#"quench_refusals_total{service="intake",kind="handshake"}"#] ?? 0
        #expect(samples[#"quench_log_lines_suppressed_total{service="intake",kind="handshake"}"#] == refused - 5)
        let lines = system.service.logTail(100_000).split(separator: "\n").filter { $0.contains("refused an unknown client key") }
        #expect(lines.count == 5)
        for socket in sockets {
            socket.transferOwnership()
            socket.close()
        }
        context.terminate()
    }

    @Test("the service raises its open-files limit to limits.max.open.files (as far as it may)")
    func openFilesRaised() async throws {
        var own = rlimit()
        _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &own)
        let wanted = Int(own.rlim_max) + 1000
        // Privileged (CAP_SYS_RESOURCE) processes may raise their hard limit: then the target.
        var probe = rlimit(rlim_cur: own.rlim_cur, rlim_max: own.rlim_max + 1000)
        let privileged = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &probe) == 0
        _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &own)
        let expected = privileged ? wanted : Int(own.rlim_max)
        // The service inherits a low soft limit (as under many supervisors: 1024) while it starts.
        // The headroom is for the tests running meanwhile in this process (in-process services
        // open their SQLite files here): they must not run out, nor Process find an fd past it.
        let inUse = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 256
        var low = rlimit(rlim_cur: rlim_t(min(Int(own.rlim_max), max(1024, inUse + 4096))), rlim_max: own.rlim_max)
        let saved = own
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &low)
        let system: SecureIntake
        do {
            system = try SecureIntake("sec-nofile", arguments: ["--limits-max-open-files", "\(wanted)"])
        } catch {
            var restore = saved
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &restore)
            throw error
        }
        var restore = saved
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &restore)
        defer { Task { await system.close() } }
        let limits = try String(contentsOfFile: "/proc/\(system.service.pid)/limits", encoding: .utf8)
        let line = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }.map(String.init) ?? ""
        let soft = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) } ?? 0
        #expect(Int(low.rlim_cur) < expected)
        #expect(soft == expected, "\(line)")
        #expect(system.service.logTail(200).contains("open files limit (RLIMIT_NOFILE)"))
    }
}

/// The median round trip of `count` pings, 25 ms apart.
func medianPing(_ client: RPCClient, count: Int) async throws -> Duration {
    var times: [Duration] = []
    for _ in 0..<count {
        let start = ContinuousClock.now
        _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        times.append(ContinuousClock.now - start)
        try await Task.sleep(for: .milliseconds(25))
    }
    return times.sorted()[count / 2]
}

/// Reads a socket monitor (on the calling thread) until `done` holds for what was read or
/// `timeout` passes.
func monitorEvents(_ monitor: Socket, timeout: Duration, until done: ([MonitorEvent]) -> Bool) -> [MonitorEvent] {
    monitor.transferOwnership()
    var events: [MonitorEvent] = []
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline && !done(events) {
        if let frames = try? monitor.receiveMultipart(maxFrames: 2), let event = MonitorEvent(frames: frames) {
            events.append(event)
        }
    }
    return events
}

/// `VmRSS` of a process, in kB.
func residentKilobytes(_ pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) }) else {
        throw TestFailure("no VmRSS for \(pid)")
    }
    return value
}

/// Opens a TCP connection to `endpoint` (`tcp://127.0.0.1:PORT`), sends nothing, and reads
/// until the peer closes it; true when it did within `limit`.
func closedByPeer(_ endpoint: String, within limit: Duration) throws -> Bool {
    guard let colon = endpoint.lastIndex(of: ":"), let port = UInt16(endpoint[endpoint.index(after: colon)...]) else {
        throw TestFailure("not a tcp endpoint: \(endpoint)")
    }
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw TestFailure("connect: \(errno)") }
    let deadline = ContinuousClock.now + limit
    var buffer = [UInt8](repeating: 0, count: 256)
    while ContinuousClock.now < deadline {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) >= 0 else { return false }
        guard poller.revents != 0 else { continue }
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return true }
    }
    return false
}
