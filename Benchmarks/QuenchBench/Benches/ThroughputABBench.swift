import Foundation
import MessagePack
import QuenchProtocol
import QuenchClient
import ZeroMQ

/// Two builds of intake side by side (`quench-bench throughput-ab --vs DIR`): the executables
/// in `--bin` (A) and in `--vs` (B) run at once, each alone on its own ports and files, and one
/// load driver alternates between them (A B, B A, A B, …), so a change in the host's speed
/// falls on both sides alike. Closed-loop runs give each side's throughput and intake's CPU
/// per log; open-loop runs at one rate for both (half the slower side's throughput) give each
/// side's latency. Each figure is reported as both medians and the median of the rounds'
/// B/A ratios — for deciding whether a change to intake or the runtime helped, which the
/// suite's single build cannot show when the host's speed moves by more than the change.
enum ThroughputABBench {
    static func run(_ bench: BenchRun, vs other: String, secure: Bool, rounds: Int) async throws {
        let label = secure ? "CURVE" : "insecure"
        let sides = [
            try Side(name: "A", deployment: await bench.intakeAlone(secure: secure)),
            try Side(name: "B", deployment: await bench.intakeAlone(secure: secure, binaries: other)),
        ]
        defer { for side in sides { side.driver.close() } }
        let seconds = bench.quick ? 1.0 : 2.0
        let openSeconds = bench.quick ? 2.0 : 5.0
        var rates = [Samples(), Samples()], cpu = [Samples(), Samples()]
        var rateRatios = Samples(), cpuRatios = Samples()
        for round in 0..<rounds {
            var rate = [0.0, 0.0], perLog = [0.0, 0.0]
            for index in round % 2 == 0 ? [0, 1] : [1, 0] {
                let result = try sides[index].closedLoop(seconds: seconds, tag: "closed\(round)")
                rate[index] = result.rate
                perLog[index] = result.cpuPerLog
                rates[index].append(result.rate)
                cpu[index].append(result.cpuPerLog)
            }
            rateRatios.append(rate[1] / rate[0])
            cpuRatios.append(perLog[1] / perLog[0])
        }
        let openRate = min(rates[0].median, rates[1].median) / 2
        var p50s = [Samples(), Samples()], p99s = [Samples(), Samples()]
        var p99Ratios = Samples()
        for round in 0..<rounds {
            var p99 = [0.0, 0.0]
            for index in round % 2 == 0 ? [0, 1] : [1, 0] {
                let latencies = try sides[index].openLoop(rate: openRate, seconds: openSeconds, tag: "open\(round)")
                p50s[index].append(latencies.median / 1000)
                p99[index] = latencies.percentile(99) / 1000
                p99s[index].append(p99[index])
            }
            p99Ratios.append(p99[1] / p99[0])
        }
        let report = bench.report
        let section = "throughput A/B \(label)"
        report.note("\(section): A = \(bench.options.binaries), B = \(other); \(rounds) rounds, sides alternating (A B, B A, …); closed loops of \(Format.fixed(seconds, 1)) s (\(ThroughputBench.clients) clients × \(ThroughputBench.window) in flight), open loops of \(Format.fixed(openSeconds, 1)) s at \(Format.grouped(openRate))/s for both")
        func both(_ samples: [Samples], _ format: @escaping (Double) -> String) -> String {
            "A \(format(samples[0].median)) (\(samples[0].spread(format))), B \(format(samples[1].median)) (\(samples[1].spread(format)))"
        }
        func ratio(_ samples: Samples) -> String {
            "B/A \(Format.fixed(samples.median, 3)) (rounds \(samples.spread { Format.fixed($0, 3) }))"
        }
        report.add(section, "intake.log durable, logs/s", value: both(rates) { Format.grouped($0) }, ratio: ratio(rateRatios))
        report.add(section, "intake CPU per log, µs", value: both(cpu) { Format.fixed($0, 1) }, ratio: ratio(cpuRatios))
        report.add(section, "p99 at \(Format.grouped(openRate))/s, ms", value: both(p99s) { Format.fixed($0, 2) }, ratio: ratio(p99Ratios),
                   note: "p50 A \(Format.fixed(p50s[0].median, 2)), B \(Format.fixed(p50s[1].median, 2)) ms")
    }

    /// One build's intake, its load driver and its process.
    private struct Side {
        let name: String
        let driver: LoadDriver
        let pid: Int32?
        let request: (String) throws -> Envelope

        init(name: String, deployment: BenchDeployment) throws {
            self.name = name
            let body = try MessagePackRaw(encoding: LogIntakeRequest(fluid: "water", volume: 250, unit: "ml"))
            let runID = UUID().uuidString.prefix(8)
            request = { key in
                Envelope(type: MessageDescriptor.intakeLog.name, user: "bench", timeZone: "UTC", idempotencyKey: "\(runID)-\(key)", body: body)
            }
            driver = try LoadDriver(
                context: try Context(ioThreads: 1), endpoint: try deployment.endpoint(ServiceName.intake),
                clients: ThroughputBench.clients, curve: deployment.credentials(ServiceName.intake, user: "bench"),
                warmUp: try request("warm").encoded())
            pid = deployment.pid(ServiceName.intake)
        }

        func closedLoop(seconds: Double, tag: String) throws -> (rate: Double, cpuPerLog: Double) {
            let before = pid.flatMap(CPUTime.process) ?? .nan
            let result = try driver.closedLoop(
                window: ThroughputBench.window, seconds: seconds, make: { try request("\(tag)-\($0)").encoded() },
                isOK: { (try? Envelope.decode($0))?.error == nil })
            guard result.errors == 0 else { throw BenchError("\(name): \(result.errors) error replies to intake.log") }
            // NaN when /proc could not be read (then so is the ratio).
            let used = (pid.flatMap(CPUTime.process) ?? .nan) - before
            return (result.perSecond, used / Double(max(result.completed, 1)) * 1e6)
        }

        func openLoop(rate: Double, seconds: Double, tag: String) throws -> Samples {
            let result = try driver.openLoop(
                rate: rate, seconds: seconds,
                make: { n in
                    let envelope = try request("\(tag)-\(n)")
                    return (envelope.id, try envelope.encoded())
                },
                replyTo: { bytes in
                    guard let envelope = try? Envelope.decode(bytes), let id = envelope.replyTo else { return nil }
                    return (id, envelope.error.map { $0.code })
                })
            guard result.errors == 0, result.unanswered == 0 else {
                throw BenchError("\(name): \(result.errors) errors\(LoadDriver.describe(result.errorKinds)) and \(result.unanswered) unanswered in the open loop")
            }
            return result.latenciesMicros
        }
    }
}
