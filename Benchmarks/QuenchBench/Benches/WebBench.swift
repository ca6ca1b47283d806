import ChildProcess
import Foundation
import QuenchClient
import QuenchProtocol
import ZeroMQ

/// Logging a drink through the web edge's HTTP API (`POST /api/v1/intakes`, bearer token,
/// keep-alive connection) against the same `intake.log` round trip made directly over
/// ZeroMQ (CURVE, a user key), interleaved one by one against the same intake: the p50
/// difference is what the web edge adds (issue 31: ≤ 1 ms).
enum WebBench {
    static func run(_ bench: BenchRun) async throws {
        let intake = try await bench.intakeAlone(secure: true)
        let root = "\(bench.options.work)/deploy-web"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let webKeys = try CurveKeyPair.generate(), admin = try CurveKeyPair.generate()
        try KeyFiles.write(webKeys, base: root + "/web")

        // intake admits service:web (its allow-list is re-read within a second).
        let intakeAllow = intake.root + "/keys/allow.json"
        var list = try AllowList.load(path: intakeAllow)
        list.clients.append(AllowList.Client(publicKey: webKeys.publicKey, principal: "service:web"))
        try list.write(to: intakeAllow)
        try AllowList(clients: [AllowList.Client(publicKey: admin.publicKey, principal: "admin")]).write(to: root + "/allow.json")
        guard let intakeKey = intake.nodes[ServiceName.intake]?.keys?.publicKey else { throw BenchError("intake runs without CURVE") }

        let base = bench.options.portBase + 80
        var upstream: [String: Any] = [:]
        for name in ServiceName.domain {
            upstream[name] = name == ServiceName.intake
                ? ["rpc": try intake.endpoint(name), "pub": "tcp://127.0.0.1:7899", "public": ["key": intakeKey]]
                : ["rpc": "tcp://127.0.0.1:\(bench.options.portBase + 98)", "pub": "tcp://127.0.0.1:\(bench.options.portBase + 99)",
                   "public": ["key": try CurveKeyPair.generate().publicKey]]
        }
        let config: [String: Any] = [
            "rpc": ["endpoint": "tcp://127.0.0.1:\(base)"], "pub": ["endpoint": "tcp://127.0.0.1:\(base + 1)"],
            "user": ["pub": ["endpoint": "tcp://127.0.0.1:\(base + 2)"]],
            "data": ["dir": root], "database": ["path": root + "/web.sqlite"], "ready": ["file": root + "/ready.json"],
            "http": ["host": "127.0.0.1", "port": base + 4, "ready": ["file": root + "/http.json"]],
            "log": ["level": "warning"], "upstream": upstream,
            "curve": ["secret": ["key": ["file": root + "/web.secret"]], "allow": ["list": ["file": root + "/allow.json"]]],
        ]
        try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys]).write(to: URL(fileURLWithPath: root + "/config.json"))
        let process = try ChildCommand(
            "\(bench.options.binaries)/quench-web", arguments: ["--config", root + "/config.json"],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") },
            standardInput: .null, standardOutput: .file(root + "/service.log", append: false), standardError: .sameAsStandardOutput
        ).spawn()
        defer { _ = process.stop(signal: SIGTERM, grace: .seconds(20)) }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: root + "/http.json") {
            guard process.isRunning, Date() < deadline else {
                throw BenchError("quench-web did not start: \((try? String(contentsOfFile: root + "/service.log", encoding: .utf8)) ?? "")")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(1500))  // intake re-reads its allow-list

        let operatorClient = try RPCClient(
            endpoint: "tcp://127.0.0.1:\(base)",
            options: RPCClientOptions(attemptTimeout: .seconds(10), attempts: 1, timeZone: "UTC",
                                      curve: CurveClientCredentials(publicKey: admin.publicKey, secretKey: admin.secretKey, serverPublicKey: webKeys.publicKey)))
        let token = BearerSecret.generate(.token)
        _ = try await operatorClient.call(.tokensCreate, CreateTokenRequest(token: token, name: "bench"), user: "bench", idempotencyKey: UUID().uuidString)
        await operatorClient.close()

        let direct = try intake.client(ServiceName.intake, user: "bench")
        let http = try RawHTTP(port: base + 4)
        let headers = ["Authorization": "Bearer \(token)", "X-Time-Zone": "UTC"]
        let body = #"{"volume":250,"fluid":"water"}"#
        let runs = bench.quick ? 300 : 1500
        var api = Samples(), rpc = Samples()
        for round in 0..<(runs + 100) {
            let keyA = "web-bench-rpc-\(round)", keyB = "web-bench-http-\(round)"
            let a = Clock.nanos()
            _ = try await direct.call(.intakeLog, LogIntakeRequest(fluid: "water", volume: 250), idempotencyKey: keyA)
            let b = Clock.nanos()
            let reply = try http.request("POST", "/api/v1/intakes", headers: headers.merging(["Idempotency-Key": keyB]) { $1 }, body: body)
            let c = Clock.nanos()
            guard reply.status == 201 else { throw BenchError("POST /api/v1/intakes: \(reply.status) \(reply.body)") }
            if round >= 100 {
                rpc.append(Double(b - a) / 1e6)
                api.append(Double(c - b) / 1e6)
            }
        }
        await direct.close()
        let overhead = api.median - rpc.median
        bench.report.add(
            "web", "log a drink: POST /api/v1/intakes p50 (bearer, keep-alive, CURVE inside)",
            value: "\(Format.fixed(api.median, 3)) ms", reference: "intake.log direct p50 \(Format.fixed(rpc.median, 3)) ms",
            ratio: "+\(Format.fixed(overhead, 3)) ms", target: "≤ +1 ms p50", met: overhead <= 1,
            spread: "p90 \(Format.fixed(api.percentile(90), 3)) vs \(Format.fixed(rpc.percentile(90), 3)) ms, p99 \(Format.fixed(api.percentile(99), 3)) vs \(Format.fixed(rpc.percentile(99), 3)) ms (\(runs) each, interleaved)")
    }
}
