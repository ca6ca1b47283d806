import Foundation
import QuenchProtocol
import QuenchClient
import ZeroMQ

/// `system.ping` round trips against intake, interleaved in blocks with the raw echo of the
/// same request bytes (answered with a real ping reply of the same size):
/// - raw echo: the blocking DEALER `RawClient` against `RawEchoServer`;
/// - quench (raw client): the same `RawClient` against intake, encoding a fresh envelope and
///   decoding the reply each time (the server's cost plus the codec);
/// - quench (RPCClient): the runtime's client, as the CLI and services use it.
enum PingBench {
    static func run(_ bench: BenchRun, secure: Bool) async throws {
        let report = bench.report
        let label = secure ? "CURVE" : "insecure"
        let deployment = try await bench.intakeAlone(secure: secure)
        let endpoint = try deployment.endpoint(ServiceName.intake)
        let credentials = deployment.credentials(ServiceName.intake, user: "bench")
        let context = try Context(ioThreads: 1)
        let request = { try Envelope(type: MessageDescriptor.systemPing.name, user: "bench", timeZone: "UTC").encoded() }
        let quench = try RawClient(context: context, endpoint: endpoint, curve: credentials)
        let sample = try request()
        let realReply = try quench.roundTrip(sample)
        let echoKeys: CurveKeyPair? = secure ? try CurveKeyPair.generate() : nil
        let echoEndpoint = bench.echoEndpoint(secure: secure)
        let echo = try RawEchoServer(endpoint: echoEndpoint, reply: realReply, curve: echoKeys)
        defer { echo.stop() }
        let echoCredentials = echoKeys.map { keys in
            CurveClientCredentials(publicKey: credentials?.publicKey ?? "", secretKey: credentials?.secretKey ?? "", serverPublicKey: keys.publicKey)
        }
        let echoClient = try RawClient(context: context, endpoint: echoEndpoint, curve: echoCredentials)
        let client = try deployment.client(ServiceName.intake, user: "bench")
        defer {
            quench.close()
            echoClient.close()
        }

        let perBlock = bench.quick ? 500 : 2000
        let blocks = bench.quick ? 3 : 7
        var echoAll = Samples(), rawAll = Samples(), rpcAll = Samples(), blockRatios = Samples(), rpcRatios = Samples()
        for _ in 0..<200 {
            _ = try echoClient.roundTrip(sample)
            _ = try Envelope.decode(try quench.roundTrip(try request()))
            _ = try await client.call(.systemPing, PingRequest())
        }
        for _ in 0..<blocks {
            var echoTimes = Samples(), rawTimes = Samples(), rpcTimes = Samples()
            for _ in 0..<perBlock {
                var start = Clock.nanos()
                _ = try echoClient.roundTrip(sample)
                echoTimes.append(Clock.micros(since: start))
                start = Clock.nanos()
                let reply = try Envelope.decode(try quench.roundTrip(try request()))
                rawTimes.append(Clock.micros(since: start))
                guard reply.error == nil else { throw BenchError("ping failed: \(reply.error!.message)") }
                start = Clock.nanos()
                _ = try await client.call(.systemPing, PingRequest())
                rpcTimes.append(Clock.micros(since: start))
            }
            blockRatios.append(rawTimes.median / echoTimes.median)
            rpcRatios.append(rpcTimes.median / echoTimes.median)
            echoAll.append(contentsOf: echoTimes)
            rawAll.append(contentsOf: rawTimes)
            rpcAll.append(contentsOf: rpcTimes)
        }
        await client.close()
        report.note("ping (\(label)): \(blocks) interleaved blocks × \(perBlock) round trips of each; request \(sample.count) B, reply \(realReply.count) B; spread = min–max of the per-block p50 ratio")
        let echoText = "p50 \(Format.micros(echoAll.median)) / p99 \(Format.micros(echoAll.percentile(99))) µs"
        for (name, samples, ratios) in [("quench, raw DEALER client", rawAll, blockRatios), ("quench, RPCClient", rpcAll, rpcRatios)] {
            let ratio = samples.median / echoAll.median
            report.add("ping \(label)", "system.ping \(name)",
                       value: "p50 \(Format.micros(samples.median)) / p99 \(Format.micros(samples.percentile(99))) µs",
                       reference: "raw echo \(echoText)",
                       ratio: "p50 \(Format.ratio(ratio)), p99 \(Format.ratio(samples.percentile(99) / echoAll.percentile(99)))",
                       target: "p50 ≤ 1.3×", met: ratio <= 1.3, spread: ratios.spread(Format.ratio))
        }
    }
}
