import Foundation
import QuenchClient
import QuenchProtocol

/// Workout-log parse: `quench-bench parse workouts FILE` (WorkoutLogParser) against
/// `Benchmarks/reference/workouts_csv.py` (a plain Python csv loop that parses every line
/// into typed values), both as processes on the same file, interleaved.
enum WorkoutBench {
    static func run(_ bench: BenchRun) throws {
        let report = bench.report
        let sizes = bench.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        let script = bench.options.repository + "/Benchmarks/reference/workouts_csv.py"
        let me = CommandLine.arguments[0]
        report.note("workouts: reference = Benchmarks/reference/workouts_csv.py: csv.reader, strip, date via month lookup + datetime.date (validated), int sets/reps, float weight, range checks; both print the same counts and checksum (checked)")
        for size in sizes {
            let file = try DataFiles.workouts(bench, lines: size)
            let runs = bench.quick ? 2 : 5
            var quench = Samples(), python = Samples(), rss = Samples()
            for _ in 0..<runs {
                let parsed = try ChildProcess.check([me, "parse", "workouts", file], sampleMemory: true)
                quench.append(parsed.seconds)
                rss.append(Double(parsed.maxRSSKilobytes) / 1024)
                let reference = try ChildProcess.check([bench.options.python, script, file])
                python.append(reference.seconds)
                guard parsed.output.split(separator: " ").prefix(6) == reference.output.split(separator: " ").prefix(6) else {
                    throw BenchError("the parsers disagree: quench '\(parsed.output)' vs python '\(reference.output)'")
                }
            }
            let ratio = python.median / quench.median
            let largest = size == sizes.last
            report.add("workouts \(Format.grouped(Double(size)))", "workout-log parse (process)",
                       value: "\(Format.fixed(quench.median, 3)) s, \(Format.grouped(Double(size) / quench.median)) lines/s, peak RSS \(Format.fixed(rss.max, 1)) MB",
                       reference: "python csv loop \(Format.fixed(python.median, 3)) s",
                       ratio: Format.ratio(ratio) + " faster",
                       target: largest ? "≥ 10× faster" : "", met: largest ? ratio >= 10 : nil,
                       spread: "quench \(quench.spread { Format.fixed($0, 3) }) s, python \(python.spread { Format.fixed($0, 3) }) s")
        }
    }
}

/// The whole workout import: `quench import workouts FILE --unit kg` (parse, upload in
/// batches, stored by health-ingest, announced in batch events) until analytics answers
/// `orm` with every exercise's final record, against `workouts_csv.py --orm` (the same parse,
/// SQLite insert, one-rep max per exercise per day) in the same run on the same file; then the
/// re-import of the same file (all duplicates). A fresh user per size.
enum WorkoutImportBench {
    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let options = bench.options
        let environment = ProcessInfo.processInfo.environment
        let sizes = environment["QUENCH_BENCH_WORKOUT_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
            ?? (bench.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000])
        guard sizes.count <= BenchRun.workoutUsers.count else { throw BenchError("at most \(BenchRun.workoutUsers.count) sizes") }
        let deployment = try await bench.full()
        let script = options.repository + "/Benchmarks/reference/workouts_csv.py"
        report.note("workout import: the generated log (seed 42) with --unit kg, a fresh user per size; quench = the `quench import workouts` process plus the wait until analytics' `orm` gives every exercise the record workouts_csv.py --orm computed (csv + sqlite3 executemany + one-rep max per exercise per day), which runs in the same minutes")
        for (size, user) in zip(sizes, BenchRun.workoutUsers) {
            let file = try DataFiles.workouts(bench, lines: size)
            let db = "\(options.work)/workouts-\(size).db"
            try? FileManager.default.removeItem(atPath: db)
            let reference = try ChildProcess.check([options.python, script, "--orm", db, file])
            let expected = try records(reference.output)
            let health = try deployment.client(ServiceName.healthIngest, user: user)
            _ = try await health.call(.consentGrant, ConsentChangeRequest(types: ["workouts"]), idempotencyKey: UUID().uuidString)
            await health.close()
            let command = ["\(options.binaries)/quench", "import", "workouts", file, "--unit", "kg", "--json",
                           "--config", try deployment.clientConfig(user: user)]
            let services = [ServiceName.healthIngest, ServiceName.analytics]
            let before = services.map { deployment.pid($0).flatMap(CPUTime.process) ?? 0 }
            let imported = try ChildProcess.check(command, sampleMemory: true)
            let answered = try await untilAnswered(deployment, user: user, expected: expected)
            let total = imported.seconds + answered
            let used = zip(services, before).map { (deployment.pid($0).flatMap(CPUTime.process) ?? 0) - $1 }
            let cpu = imported.cpuSeconds + used.reduce(0, +)
            let again = try ChildProcess.check(command, sampleMemory: true)
            let first = counts(imported.output), second = counts(again.output)
            guard second.duplicates == first.imported, second.imported == 0 else {
                throw BenchError("the re-import was not all duplicates: \(again.output.prefix(300))")
            }
            let ratio = reference.seconds / total
            let reimport = total / again.seconds
            let largest = size == sizes.last
            report.add("workout import \(Format.grouped(Double(size)))", "quench import workouts until orm answers (processes)",
                       value: "\(Format.fixed(total, 2)) s (import \(Format.fixed(imported.seconds, 2)) s + analytics \(Format.fixed(answered, 2)) s), \(Format.grouped(Double(size) / total)) sets/s, CLI peak RSS \(Format.fixed(Double(imported.maxRSSKilobytes) / 1024, 1)) MB",
                       reference: "workouts_csv.py --orm \(Format.fixed(reference.seconds, 2)) s",
                       ratio: Format.ratio(ratio) + " faster",
                       target: largest ? "≥ 10× faster" : "", met: largest ? ratio >= 10 : nil,
                       note: "imported \(Format.grouped(Double(first.imported))) in \(Format.grouped(Double((first.imported + 499) / 500))) strength batch events; \(expected.count) exercises")
            // CPU, for a machine whose other work takes the cores: the reference's process
            // against the CLI's plus what health-ingest and analytics spent meanwhile.
            report.add("workout import \(Format.grouped(Double(size)))", "CPU (user + system) of the import until orm answers",
                       value: "\(Format.fixed(cpu, 2)) s (CLI \(Format.fixed(imported.cpuSeconds, 2)), health-ingest \(Format.fixed(used[0], 2)), analytics \(Format.fixed(used[1], 2)))",
                       reference: "workouts_csv.py --orm \(Format.fixed(reference.cpuSeconds, 2)) s",
                       ratio: Format.ratio(reference.cpuSeconds / cpu) + " less CPU")
            report.add("workout import \(Format.grouped(Double(size)))", "re-import of the same file (all duplicates)",
                       value: "\(Format.fixed(again.seconds, 2)) s, peak RSS \(Format.fixed(Double(again.maxRSSKilobytes) / 1024, 1)) MB",
                       ratio: Format.ratio(reimport) + " faster than the first",
                       target: largest ? "≥ 5× faster than the first" : "", met: largest ? reimport >= 5 : nil)
        }
    }

    /// The reference's second line: `{"exercise": best, …}`.
    private static func records(_ output: String) throws -> [String: Double] {
        guard let line = output.split(separator: "\n").last,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double]
        else { throw BenchError("workouts_csv.py --orm printed no records: \(output.prefix(300))") }
        return object
    }

    private static func counts(_ output: String) -> (imported: Int, duplicates: Int) {
        guard let start = output.firstIndex(of: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(output[start...].utf8)) as? [String: Any]
        else { return (0, 0) }
        return (object["imported"] as? Int ?? 0, object["duplicates"] as? Int ?? 0)
    }

    /// Seconds until analytics' `orm` gives each exercise the expected record (polled every 20 ms, at most 600 s).
    private static func untilAnswered(_ deployment: BenchDeployment, user: String, expected: [String: Double]) async throws -> Double {
        let began = Clock.nanos()
        let analytics = try deployment.client(ServiceName.analytics, user: user)
        defer { Task { await analytics.close() } }
        var last: [String: Double] = [:]
        while Clock.seconds(since: began) < 600 {
            let reply = try await analytics.call(.analyticsOneRepMax, OneRepMaxRequest(limit: 1))
            last = [:]
            for exercise in reply.exercises {
                if let record = exercise.personalRecord {
                    last[exercise.name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()] = record.oneRepMax
                }
            }
            if last.count == expected.count, expected.allSatisfy({ key, value in abs((last[key] ?? -1) - value) < 0.006 }) {
                return Clock.seconds(since: began)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("analytics' orm did not reach the reference's records in 600 s: \(last) vs \(expected)")
    }
}
