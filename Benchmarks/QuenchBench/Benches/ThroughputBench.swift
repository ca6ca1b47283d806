import Foundation
import MessagePack
import QuenchProtocol
import QuenchClient
import ZeroMQ

/// Durable `intake.log` throughput: 16 DEALER clients with 8 requests in flight each, every
/// request a real command with its own idempotency key, answered only after its group
/// commit. Runs alternate with the same driver against the raw echo (answering with the request's
/// own bytes). Then open-loop runs at half the measured rate for latency (the median of their
/// p99s), each after a run at the same rate against the echo.
enum ThroughputBench {
    static let clients = 16
    static let window = 8

    static func run(_ bench: BenchRun, secure: Bool) async throws {
        let report = bench.report
        let label = secure ? "CURVE" : "insecure"
        let deployment = try await bench.intakeAlone(secure: secure)
        let endpoint = try deployment.endpoint(ServiceName.intake)
        let credentials = deployment.credentials(ServiceName.intake, user: "bench")
        let context = try Context(ioThreads: 1)
        let body = try MessagePackRaw(encoding: LogIntakeRequest(fluid: "water", volume: 250, unit: "ml"))
        let runID = UUID().uuidString.prefix(8)
        func request(_ n: Int, _ prefix: String) -> Envelope {
            Envelope(type: MessageDescriptor.intakeLog.name, user: "bench", timeZone: "UTC", idempotencyKey: "\(runID)-\(prefix)-\(n)", body: body)
        }
        let warm = try request(0, "warm").encoded()
        let probe = try RawClient(context: context, endpoint: endpoint, curve: credentials)
        let realReply = try probe.roundTrip(try request(1, "probe").encoded())
        probe.close()
        guard try Envelope.decode(realReply).error == nil else { throw BenchError("intake.log failed: \(try Envelope.decode(realReply).error!.message)") }

        let echoKeys: CurveKeyPair? = secure ? try CurveKeyPair.generate() : nil
        let echoEndpoint = bench.echoEndpoint(secure: secure)
        // The echo answers each request with its own bytes (an envelope of the reply's size),
        // so the open loop can match echoed replies to requests by id.
        let echo = try RawEchoServer(endpoint: echoEndpoint, reply: nil, curve: echoKeys)
        defer { echo.stop() }
        let echoCredentials = echoKeys.map {
            CurveClientCredentials(publicKey: credentials?.publicKey ?? "", secretKey: credentials?.secretKey ?? "", serverPublicKey: $0.publicKey)
        }
        let echoDriver = try LoadDriver(context: context, endpoint: echoEndpoint, clients: clients, curve: echoCredentials, warmUp: warm)
        let quenchDriver = try LoadDriver(context: context, endpoint: endpoint, clients: clients, curve: credentials, warmUp: warm)
        defer {
            echoDriver.close()
            quenchDriver.close()
        }
        let isOK: ([UInt8]) -> Bool = { bytes in (try? Envelope.decode(bytes))?.error == nil }
        let runs = bench.quick ? 3 : 5
        let seconds = bench.quick ? 1.5 : 3.0
        var echoRates = Samples(), quenchRates = Samples()
        var serviceCPU = Samples(), driverCPU = Samples()
        let servicePID = deployment.pid(ServiceName.intake)
        var errors = 0
        for run in 0..<runs {
            let echoResult = try echoDriver.closedLoop(window: window, seconds: seconds, make: { _ in warm }, isOK: isOK)
            echoRates.append(echoResult.perSecond)
            let serviceBefore = servicePID.flatMap(CPUTime.process), driverBefore = CPUTime.current()
            let quenchResult = try quenchDriver.closedLoop(
                window: window, seconds: seconds, make: { try request($0, "closed\(run)").encoded() }, isOK: isOK)
            quenchRates.append(quenchResult.perSecond)
            let logs = Double(max(quenchResult.completed, 1))
            if let before = serviceBefore, let after = servicePID.flatMap(CPUTime.process) {
                serviceCPU.append((after - before) / logs * 1e6)
            }
            driverCPU.append((CPUTime.current() - driverBefore) / logs * 1e6)
            errors += quenchResult.errors
        }
        report.note("throughput (\(label)): \(clients) DEALER clients × \(window) in flight, \(runs) alternating runs of \(seconds) s each; every reply decoded and checked; \(errors) error replies; CPU per log: intake \(Format.fixed(serviceCPU.median, 1)) µs, load driver \(Format.fixed(driverCPU.median, 1)) µs (medians of the runs)")
        let ratio = quenchRates.median / echoRates.median
        report.add("throughput \(label)", "intake.log durable, 16 clients",
                   value: "\(Format.grouped(quenchRates.median)) logs/s",
                   reference: "raw echo \(Format.grouped(echoRates.median)) msg/s",
                   ratio: Format.fixed(ratio * 100, 1) + " % of echo",
                   target: "≥ 20,000 logs/s", met: quenchRates.median >= 20_000 && errors == 0,
                   spread: quenchRates.spread(Format.grouped))

        let rate = quenchRates.median / 2
        let openSeconds = bench.quick ? 2.0 : 5.0
        let make: (Int, String) throws -> (id: String, bytes: [UInt8]) = { n, prefix in
            let envelope = request(n, prefix)
            return (envelope.id, try envelope.encoded())
        }
        let replyTo: ([UInt8]) -> (id: String, error: String?)? = { bytes in
            guard let envelope = try? Envelope.decode(bytes), let id = envelope.replyTo else { return nil }
            return (id, envelope.error.map { $0.code })
        }
        // The echo sends the request back: its id is the one to match.
        let echoed: ([UInt8]) -> (id: String, error: String?)? = { bytes in
            (try? Envelope.decode(bytes)).map { ($0.id, nil) }
        }
        // Several open-loop runs, each with its own p99: one stall of the machine inside a
        // single run decides its tail, so the verdict is on the median of the runs. Each is
        // paired with a run of the same driver at the same rate against the raw echo, which
        // shows what the machine alone (two processes, libzmq, the same security) does to
        // the tail at that moment.
        let openRuns = bench.quick ? 2 : 5
        _ = try quenchDriver.openLoop(rate: rate, seconds: 1, make: { try make($0, "warmopen") }, replyTo: replyTo)
        _ = try echoDriver.openLoop(rate: rate, seconds: 1, make: { try make($0, "warmecho") }, replyTo: echoed)
        var open = OpenLoopSummary(), echoOpen = OpenLoopSummary()
        for run in 0..<openRuns {
            echoOpen.add(try echoDriver.openLoop(rate: rate, seconds: openSeconds, make: { try make($0, "echo\(run)") }, replyTo: echoed))
            open.add(try quenchDriver.openLoop(rate: rate, seconds: openSeconds, make: { try make($0, "open\(run)") }, replyTo: replyTo))
        }
        report.add("throughput \(label)", "intake.log latency at half load (\(Format.grouped(rate))/s, open loop, \(openRuns) runs of \(openSeconds) s)",
                   value: open.text,
                   reference: "raw echo, same rate: " + echoOpen.text,
                   ratio: "p99 " + Format.fixed(open.p99s.median / max(echoOpen.p99s.median, 0.001), 2) + "×",
                   target: "p99 ≤ 5 ms", met: open.p99s.median <= 5 && open.errors == 0 && open.unanswered == 0,
                   spread: "p99 " + open.p99s.spread { Format.fixed($0, 2) } + " ms; echo p99 " + echoOpen.p99s.spread { Format.fixed($0, 2) } + " ms",
                   note: "\(open.sent) sent, \(open.errors) errors\(open.errorKindsText), \(open.unanswered) unanswered")
    }
}

/// The runs of one open-loop series: the median of their p50s and p99s, the worst reply.
private struct OpenLoopSummary {
    var p50s = Samples(), p99s = Samples(), maxima = Samples()
    var sent = 0, errors = 0, unanswered = 0
    var errorKinds: [String: Int] = [:]

    mutating func add(_ run: LoadDriver.OpenLoopResult) {
        p50s.append(run.latenciesMicros.median / 1000)
        p99s.append(run.latenciesMicros.percentile(99) / 1000)
        maxima.append(run.latenciesMicros.max / 1000)
        sent += run.sent
        errors += run.errors
        errorKinds.merge(run.errorKinds, uniquingKeysWith: +)
        unanswered += run.unanswered
    }

    /// " (resource_exhausted 120, …)", or nothing when there were no errors.
    var errorKindsText: String { LoadDriver.describe(errorKinds) }

    var text: String {
        "p50 \(Format.fixed(p50s.median, 2)) / p99 \(Format.fixed(p99s.median, 2)) ms (medians of the runs); max \(Format.fixed(maxima.max, 1)) ms"
    }
}
