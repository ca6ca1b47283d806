import Foundation
import HealthImport
import QuenchProtocol
import QuenchClient

/// Apple Health import against healthkit-to-sqlite (PyPI) on the same export.xml:
/// - whole import: `quench import apple-health FILE` (parse, upload in batches, stored by
///   health-ingest, CURVE) as a process vs `healthkit-to-sqlite --xml FILE DB` as a process;
/// - the parser alone: `quench-bench parse apple-health FILE` as a process.
/// Peak memory is each process's `VmHWM`; health-ingest's is reset before each import
/// (`/proc/<pid>/clear_refs`), so it is that import's peak. CPU time is reported for the CLI,
/// health-ingest, and the services applying its events (goals, intake, analytics) over the
/// import's wall time: they run on the same cores.
///
/// The largest size (the target's) runs in adjacent pairs — the reference, then the import
/// for a fresh user — and reports the median of the pairs' ratios: the reference's time moves
/// by a third with the host's hour, and a pair measures both sides in the same minutes.
///
/// For quick iterations: `QUENCH_BENCH_IMPORT_SIZES=1000000` picks the sizes,
/// `QUENCH_BENCH_IMPORT_REFERENCE=0` skips healthkit-to-sqlite (no ratio is reported then) and
/// `QUENCH_BENCH_IMPORT_PAIRS=N` sets the pairs of the largest size (3; 1 with `--quick`; the
/// smaller sizes run 3 pairs below 100,000 records and 2 from there).
enum ImportBench {
    /// One `quench import apple-health` run and what it cost.
    private struct ImportRun {
        var seconds: Double
        var rssMB: Double
        var cliCPU: Double
        var serviceCPU: Double
        var serviceRSSMB: Double
        var downstreamCPU: [Double]
        var counts: Counts
        /// From the import's end until goals, intake and analytics had applied every event
        /// published until then.
        var caughtUp: Double
    }

    /// The services that apply health-ingest's events; they share the cores with the import.
    private static let downstream = [ServiceName.goals, ServiceName.intake, ServiceName.analytics]

    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let options = bench.options
        let environment = ProcessInfo.processInfo.environment
        let withReference = environment["QUENCH_BENCH_IMPORT_REFERENCE"] != "0"
        let deployment = try await bench.full()
        let sizes = environment["QUENCH_BENCH_IMPORT_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
            ?? (bench.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000])
        let hk = (options.python as NSString).deletingLastPathComponent + "/healthkit-to-sqlite"
        guard !withReference || FileManager.default.isExecutableFile(atPath: hk) else {
            throw BenchError("\(hk) is missing: run Benchmarks/run.sh (it installs the references into .venv-bench)")
        }
        let me = CommandLine.arguments[0]
        // Pairs per size: the target's size as asked (3 by default), the growth sizes 3 and 2.
        let largestPairs = environment["QUENCH_BENCH_IMPORT_PAIRS"].flatMap { Int($0) }.map { max(1, $0) } ?? (bench.quick ? 1 : 3)
        let pairsOf = Dictionary(sizes.map { size in
            (size, size == sizes.last ? largestPairs : (bench.quick ? 1 : (size >= 100_000 ? 2 : 3)))
        }, uniquingKeysWith: max)
        guard pairsOf.values.reduce(0, +) <= BenchRun.importUsers.count else {
            throw BenchError("at most \(BenchRun.importUsers.count) imports a run (one fresh user each): fewer sizes or QUENCH_BENCH_IMPORT_PAIRS")
        }
        var users = BenchRun.importUsers.makeIterator()
        report.note("import: export.xml from HealthImport's generator (seed 42, every record dated before 2026); healthkit-to-sqlite 1.0.1 with --xml -s into a fresh SQLite file; quench import against health-ingest with all four consents, a fresh user per run; the largest size in adjacent pairs (reference, then import), its ratio the median of the pairs'")
        for size in sizes {
            let file = try DataFiles.appleHealth(bench, records: size)
            let megabytes = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1e6
            let largest = size == sizes.last
            let pairs = pairsOf[size] ?? 1
            let parseRuns = size >= 100_000 ? (size >= 1_000_000 || bench.quick ? 1 : 2) : (bench.quick ? 1 : 3)
            var parse = Samples(), parseRSS = Samples()
            for _ in 0..<parseRuns {
                let parsed = try ChildProcess.check([me, "parse", "apple-health", file], sampleMemory: true)
                parse.append(parsed.seconds)
                parseRSS.append(Double(parsed.maxRSSKilobytes) / 1024)
            }
            var reference = Samples(), referenceRSS = Samples(), ratios = Samples()
            var imports: [ImportRun] = []
            var lastCommand: [String] = []
            for _ in 0..<pairs {
                if withReference {
                    let db = "\(options.work)/hk-\(size).db"
                    try? FileManager.default.removeItem(atPath: db)
                    let ran = try ChildProcess.check([hk, "--xml", "-s", file, db], sampleMemory: true)
                    reference.append(ran.seconds)
                    referenceRSS.append(Double(ran.maxRSSKilobytes) / 1024)
                }
                guard let user = users.next() else { throw BenchError("no import user left for another run") }
                let command = ["\(options.binaries)/quench", "import", "apple-health", file, "--json",
                               "--config", try deployment.clientConfig(user: user)]
                let imported = try await importOnce(deployment, user: user, command: command)
                imports.append(imported)
                lastCommand = command
                if let ran = reference.values.last { ratios.append(ran / imported.seconds) }
            }
            let service = deployment.pid(ServiceName.healthIngest)
            service.map(resetPeak)
            let again = try ChildProcess.check(lastCommand, sampleMemory: true)
            let repeated = Counts(json: again.output)

            let records = Format.grouped(Double(size))
            let whole = Samples(imports.map(\.seconds))
            let rss = imports.map(\.rssMB).max() ?? 0
            let serviceRSS = imports.map(\.serviceRSSMB).max() ?? 0
            let ratio = withReference ? ratios.median : .nan
            let median = { (values: [Double]) in Format.fixed(Samples(values).median, 2) }
            let downstreamCPU = downstream.indices.map { index in
                "\(downstream[index]) \(median(imports.map { $0.downstreamCPU[index] })) s"
            }.joined(separator: ", ")
            let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
            let pairsText = imports.indices.map { index in
                let run = Format.fixed(imports[index].seconds, 2)
                return reference.values.indices.contains(index) ? "\(Format.fixed(reference.values[index], 2))/\(run)" : run
            }.joined(separator: ", ")
            let runsText = pairs == 1 ? "1 run" : "\(pairs) pairs (reference, import): medians, peak RSS the largest; in order \(pairsText) s"
            report.add("import \(records)", "quench import apple-health (whole process, \(Format.fixed(megabytes, 0)) MB xml)",
                       value: "\(Format.fixed(whole.median, 2)) s, \(Format.grouped(Double(size) / whole.median)) records/s, peak RSS \(Format.fixed(rss, 1)) MB",
                       reference: withReference
                           ? "healthkit-to-sqlite \(Format.fixed(reference.median, 2)) s, peak RSS \(Format.fixed(referenceRSS.max, 1)) MB"
                           : "(reference skipped)",
                       ratio: withReference ? Format.ratio(ratio) + " faster" : "",
                       target: largest ? "≥ 20× faster, RSS ≤ 64 MB" : "",
                       met: largest && withReference ? (ratio >= 20 && rss <= 64 && serviceRSS <= 64) : nil,
                       spread: (withReference ? "ratios \(ratios.spread { Format.fixed($0, 2) }); ref \(reference.spread { Format.fixed($0, 2) }) s; " : "")
                           + "import \(whole.spread { Format.fixed($0, 2) }) s",
                       note: "\(runsText); \(imports[0].counts.text); CLI CPU \(median(imports.map(\.cliCPU))) s; health-ingest: peak RSS \(Format.fixed(serviceRSS, 1)) MB, CPU \(median(imports.map(\.serviceCPU))) s; CPU downstream during the import: \(downstreamCPU); the followers caught up \(median(imports.map(\.caughtUp))) s after the import ended; load average \(load)")
            report.add("import \(records)", "re-import of the same file (all duplicates)",
                       value: "\(Format.fixed(again.seconds, 2)) s, peak RSS \(Format.fixed(Double(again.maxRSSKilobytes) / 1024, 1)) MB",
                       note: "\(repeated.text); health-ingest peak RSS \(Format.fixed(Double(deployment.peakRSSKilobytes(ServiceName.healthIngest) ?? 0) / 1024, 1)) MB")
            report.add("import \(records)", "parser alone (quench-bench parse apple-health, process)",
                       value: "\(Format.fixed(parse.median, 3)) s, \(Format.grouped(Double(size) / parse.median)) records/s, peak RSS \(Format.fixed(parseRSS.max, 1)) MB",
                       reference: withReference ? "healthkit-to-sqlite \(Format.fixed(reference.median, 2)) s" : "",
                       ratio: withReference ? Format.ratio(reference.median / parse.median) + " faster" : "",
                       spread: parse.spread { Format.fixed($0, 3) } + " s (\(parseRuns) runs)")
        }
    }

    /// Grants `user` the four consents and runs the import once, with health-ingest's peak
    /// memory reset before it and every process's CPU counted over it.
    private static func importOnce(_ deployment: BenchDeployment, user: String, command: [String]) async throws -> ImportRun {
        let health = try deployment.client(ServiceName.healthIngest, user: user)
        _ = try await health.call(.consentGrant,
                                  ConsentChangeRequest(types: ["steps", "body-mass", "distance", "dietary-water"]), idempotencyKey: UUID().uuidString)
        await health.close()
        let service = deployment.pid(ServiceName.healthIngest)
        service.map(resetPeak)
        let cpuBefore = service.map(cpuSeconds) ?? 0
        let downstreamBefore = downstream.map { deployment.pid($0).map(cpuSeconds) ?? 0 }
        let childCPUBefore = childrenCPUSeconds()
        let imported = try ChildProcess.check(command, sampleMemory: true)
        let cliCPU = childrenCPUSeconds() - childCPUBefore
        let caughtUp = try await followersCaughtUp(deployment, user: user)
        return ImportRun(
            seconds: imported.seconds,
            rssMB: Double(imported.maxRSSKilobytes) / 1024,
            cliCPU: cliCPU,
            serviceCPU: (service.map(cpuSeconds) ?? 0) - cpuBefore,
            serviceRSSMB: Double(deployment.peakRSSKilobytes(ServiceName.healthIngest) ?? 0) / 1024,
            downstreamCPU: zip(downstream, downstreamBefore).map { name, before in (deployment.pid(name).map(cpuSeconds) ?? 0) - before },
            counts: Counts(json: imported.output),
            caughtUp: caughtUp)
    }

    /// Seconds until every follower has applied what its publishers had published when the
    /// call began: `system.health` of the four services every 20 ms, each subscription's
    /// applied seq against its publisher's head (at most 300 s).
    private static func followersCaughtUp(_ deployment: BenchDeployment, user: String) async throws -> Double {
        let began = Clock.nanos()
        var clients: [String: RPCClient] = [:]
        // The deployment's services (not quench-web, which the import does not involve).
        for name in deployment.services { clients[name] = try deployment.client(name, user: user) }
        func health(_ name: String) async throws -> HealthReply {
            guard let client = clients[name] else { throw BenchError("no client for \(name)") }
            return try await client.call(.systemHealth, HealthRequest())
        }
        var heads: [String: UInt64] = [:]
        for name in deployment.services { heads[name] = try await health(name).headSeq }
        var elapsed: Double?
        while elapsed == nil, Clock.seconds(since: began) < 300 {
            var behind = false
            for name in downstream where !behind {
                behind = try await health(name).subscriptions.contains { $0.appliedSeq < heads[$0.publisher, default: 0] }
            }
            if behind {
                try await Task.sleep(for: .milliseconds(20))
            } else {
                elapsed = Clock.seconds(since: began)
            }
        }
        for client in clients.values { await client.close() }
        guard let elapsed else { throw BenchError("the followers had not caught up with the import 300 s after it") }
        return elapsed
    }

    /// The counts of a `quench import apple-health --json` report.
    private struct Counts {
        var seen = 0, imported = 0, duplicates = 0, skipped = 0

        init(json: String) {
            guard let start = json.firstIndex(of: "{"),
                  let object = try? JSONSerialization.jsonObject(with: Data(json[start...].utf8)) as? [String: Any]
            else { return }
            seen = object["recordsSeen"] as? Int ?? 0
            imported = object["imported"] as? Int ?? 0
            duplicates = object["duplicates"] as? Int ?? 0
            skipped = object["skipped"] as? Int ?? 0
        }

        var text: String {
            "seen \(Format.grouped(Double(seen))), imported \(Format.grouped(Double(imported))), duplicates \(Format.grouped(Double(duplicates))), skipped \(Format.grouped(Double(skipped)))"
        }
    }

    /// User + system CPU time of the children this process has waited for.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Resets the process's `VmHWM` to its current RSS.
    private static func resetPeak(_ pid: Int32) {
        try? "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
    }

    /// User + system CPU time of a process so far.
    private static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
