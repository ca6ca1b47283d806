import Foundation

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
