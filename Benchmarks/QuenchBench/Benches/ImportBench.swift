import Foundation
import HealthImport
import QuenchProtocol
import QuenchRuntime

/// Apple Health import against healthkit-to-sqlite (PyPI) on the same export.xml:
/// - whole import: `quench import apple-health FILE` (parse, upload in batches, stored by
///   health-ingest, CURVE) as a process vs `healthkit-to-sqlite --xml FILE DB` as a process;
/// - the parser alone: `quench-bench parse apple-health FILE` as a process.
/// Peak memory is each process's `ru_maxrss`.
enum ImportBench {
    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let options = bench.options
        let deployment = try await bench.full()
        let sizes = bench.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        let hk = (options.python as NSString).deletingLastPathComponent + "/healthkit-to-sqlite"
        guard FileManager.default.isExecutableFile(atPath: hk) else {
            throw BenchError("\(hk) is missing: run Benchmarks/run.sh (it installs the references into .venv-bench)")
        }
        let me = CommandLine.arguments[0]
        var users = (1...6).map { "import\($0)" }.makeIterator()
        report.note("import: export.xml from HealthImport's generator (seed 42); healthkit-to-sqlite 1.0.1 with --xml -s into a fresh SQLite file; quench import against health-ingest with all four consents, a fresh user per run")
        for size in sizes {
            let file = try DataFiles.appleHealth(bench, records: size)
            let megabytes = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1e6
            let runs = size >= 100_000 ? (size >= 1_000_000 || bench.quick ? 1 : 2) : (bench.quick ? 1 : 3)
            var parse = Samples(), parseRSS = Samples(), reference = Samples(), referenceRSS = Samples()
            for _ in 0..<runs {
                let parsed = try ChildProcess.check([me, "parse", "apple-health", file], sampleMemory: true)
                parse.append(parsed.seconds)
                parseRSS.append(Double(parsed.maxRSSKilobytes) / 1024)
                let db = "\(options.work)/hk-\(size).db"
                try? FileManager.default.removeItem(atPath: db)
                let ran = try ChildProcess.check([hk, "--xml", "-s", file, db], sampleMemory: true)
                reference.append(ran.seconds)
                referenceRSS.append(Double(ran.maxRSSKilobytes) / 1024)
            }
            let records = Format.grouped(Double(size))
            guard let user = users.next() else { break }
            let health = try deployment.client(ServiceName.healthIngest, user: user)
            _ = try await health.call(HealthMessage.consentGrant,
                                      ConsentChangeRequest(types: ["steps", "body-mass", "distance", "dietary-water"]),
                                      as: ConsentListReply.self, idempotencyKey: UUID().uuidString)
            await health.close()
            let imported = try ChildProcess.check(
                ["\(options.binaries)/quench", "import", "apple-health", file, "--config", try deployment.clientConfig(user: user)],
                sampleMemory: true)
            let whole = imported.seconds
            let ratio = reference.median / whole
            let rss = Double(imported.maxRSSKilobytes) / 1024
            let largest = size == sizes.last
            report.add("import \(records)", "quench import apple-health (whole process, \(Format.fixed(megabytes, 0)) MB xml)",
                       value: "\(Format.fixed(whole, 2)) s, \(Format.grouped(Double(size) / whole)) records/s, peak RSS \(Format.fixed(rss, 1)) MB",
                       reference: "healthkit-to-sqlite \(Format.fixed(reference.median, 2)) s, peak RSS \(Format.fixed(referenceRSS.median, 1)) MB",
                       ratio: Format.ratio(ratio) + " faster",
                       target: largest ? "≥ 20× faster, RSS ≤ 64 MB" : "", met: largest ? (ratio >= 20 && rss <= 64) : nil,
                       spread: "ref \(reference.spread { Format.fixed($0, 2) }) s",
                       note: "1 run; health-ingest peak RSS so far \(Format.fixed(Double(deployment.peakRSSKilobytes(ServiceName.healthIngest) ?? 0) / 1024, 1)) MB")
            report.add("import \(records)", "parser alone (quench-bench parse apple-health, process)",
                       value: "\(Format.fixed(parse.median, 3)) s, \(Format.grouped(Double(size) / parse.median)) records/s, peak RSS \(Format.fixed(parseRSS.max, 1)) MB",
                       reference: "healthkit-to-sqlite \(Format.fixed(reference.median, 2)) s",
                       ratio: Format.ratio(reference.median / parse.median) + " faster",
                       spread: parse.spread { Format.fixed($0, 3) } + " s (\(runs) runs)")
        }
    }
}
