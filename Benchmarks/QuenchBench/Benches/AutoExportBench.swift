import Foundation
import HealthImport
import QuenchClient
import QuenchProtocol

/// A Health Auto Export payload of 50,000 points (``HealthAutoExportGenerator``, seed 42: per-minute
/// steps and distance, heart rate not imported, water, weights, a workout a day) through
/// `quench import health-auto-export FILE` (a process: read, parse, 25 `import.batch`es,
/// stored by health-ingest with CURVE, the followers running); then the same file again (all
/// duplicates), then the next sync with every value changed (all replaced). Target: ≤ 2 s.
enum AutoExportBench {
    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let options = bench.options
        let points = Int(ProcessInfo.processInfo.environment["QUENCH_BENCH_HAE_POINTS"] ?? "") ?? 50_000
        let deployment = try await bench.full()
        let user = BenchRun.autoExportUser
        let first = HealthAutoExportGenerator.payload(points: points, seed: 42)
        let changed = HealthAutoExportGenerator.payload(points: points, seed: 43)
        let path = "\(options.work)/hae-\(points).json", next = "\(options.work)/hae-\(points)-next.json"
        try first.write(to: URL(fileURLWithPath: path))
        try changed.write(to: URL(fileURLWithPath: next))
        let parseStart = Clock.nanos()
        let payload = try HealthAutoExportParser().parse(first)
        let parse = Clock.seconds(since: parseStart)
        let health = try deployment.client(ServiceName.healthIngest, user: user)
        _ = try await health.call(.consentGrant, ConsentChangeRequest(types: ["steps", "distance", "body-mass", "dietary-water", "workouts"]),
                                  idempotencyKey: UUID().uuidString)
        await health.close()
        let config = try deployment.clientConfig(user: user)
        func send(_ file: String) throws -> (ChildProcess.Outcome, [String: Any]) {
            let outcome = try ChildProcess.check(["\(options.binaries)/quench", "import", "health-auto-export", file, "--json", "--config", config],
                                                 sampleMemory: true)
            guard let start = outcome.output.firstIndex(of: "{"),
                  let object = try JSONSerialization.jsonObject(with: Data(outcome.output[start...].utf8)) as? [String: Any]
            else { throw BenchError("no JSON report: \(outcome.output.prefix(300))") }
            return (outcome, object)
        }
        let (imported, counts) = try send(path)
        let (again, repeated) = try send(path)
        let (grown, replaced) = try send(next)
        let stored = payload.records.count + payload.workouts.count
        // The next sync's values come from another seed: a few equal the first ones by chance (duplicates).
        let changedCount = replaced["replaced"] as? Int ?? -1
        guard counts["imported"] as? Int == stored, repeated["duplicates"] as? Int == stored,
              changedCount + (replaced["duplicates"] as? Int ?? 0) == stored else {
            throw BenchError("unexpected counts: \(counts["imported"] ?? "-"), \(repeated["duplicates"] ?? "-"), \(changedCount) of \(stored)")
        }
        let size = Format.grouped(Double(points))
        report.note("health auto export: a generated payload of \(size) points (\(Format.fixed(Double(first.count) / 1_048_576, 1)) MiB, \(stored) stored: steps, distance, water, weights and workouts; heart rate counted, not stored) through `quench import health-auto-export` as a process against the full deployment (CURVE), a fresh user")
        report.add("health auto export \(size) points", "quench import health-auto-export (process: read, parse, batches, stored)",
                   value: "\(Format.fixed(imported.seconds, 2)) s (parse in process \(Format.fixed(parse, 2)) s), \(Format.grouped(Double(points) / imported.seconds)) points/s, CLI peak RSS \(Format.fixed(Double(imported.maxRSSKilobytes) / 1024, 1)) MB",
                   target: "≤ 2 s", met: imported.seconds <= 2)
        report.add("health auto export \(size) points", "the same payload again (all duplicates)",
                   value: "\(Format.fixed(again.seconds, 2)) s, CLI peak RSS \(Format.fixed(Double(again.maxRSSKilobytes) / 1024, 1)) MB")
        report.add("health auto export \(size) points", "the next sync, every value redrawn (replaced, or duplicates where equal by chance)",
                   value: "\(Format.fixed(grown.seconds, 2)) s, \(Format.grouped(Double(changedCount))) replaced")
    }
}
