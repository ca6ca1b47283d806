import ArgumentParser
import Foundation
import HealthImport
import QuenchProtocol

/// `quench import workouts PATH [--strict] [--unit kg|lb]`
struct ImportWorkouts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Import a strength log: lines like `Oct 11 2020,Back Squat,1,10,45`.",
        discussion: """
            Each line is date, exercise, sets, reps, weight. Weights are in pounds unless you say
            --unit kg (45 is the empty Olympic bar in lb). A bad line is reported with its number
            and what is wrong; by default the good lines are imported and the bad ones listed;
            with --strict nothing is imported if any line is bad. Needs the `workouts` consent.
            Two identical lines on one day are two sets; importing the file again adds nothing.

            Example:
              quench import workouts lifts.csv --unit kg --strict
            """)

    enum WeightUnit: String, ExpressibleByArgument, CaseIterable {
        case kg, lb
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The workout log (CSV).")
    var path: String

    @Flag(help: "Import nothing if any line is bad.")
    var strict = false

    @Option(help: "The unit of the weights: kg or lb.")
    var unit: WeightUnit = .lb

    static let maxListedErrors = 1000

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let size = try fileSize(path)
            let check = try Self.check(path: path)
            var report = WorkoutImportReport(lines: check.lines, badLines: check.bad, errors: check.errors, strict: strict)
            if strict, check.bad > 0 {
                try output.emit(report) { report.human(style: output.style) }
                throw CLIError.rejected(service: "quench", error: QuenchError.invalidArgument(
                    "path", "\(check.bad) bad line\(check.bad == 1 ? "" : "s") in \(path); nothing imported (--strict)"))
            }
            let path = self.path
            let unit = self.unit.rawValue
            let outcome = try await HealthUploader(gateway: gateway).upload(
                kind: "workouts", fileName: (path as NSString).lastPathComponent, totalBytes: size
            ) { channel in
                try Self.produce(path: path, unit: unit, channel: channel)
            }
            report.apply(outcome.job)
            try output.emit(report) { report.human(style: output.style) }
            if let error = outcome.parseError {
                throw CLIError.io("\(path): \(error)")
            }
        }
    }

    /// First pass: every bad line, before anything is sent.
    static func check(path: String) throws -> (lines: Int, bad: Int, errors: [WorkoutImportReport.LineError]) {
        var errors: [WorkoutImportReport.LineError] = []
        let counts: (lines: Int, bad: Int)
        do {
            counts = try WorkoutLogParser().parse(path: path) { result in
                if case .failure(let error) = result, errors.count < maxListedErrors {
                    errors.append(.init(line: error.lineNumber, message: error.message))
                }
            }
        } catch {
            throw CLIError.io("\(path): \(error)")
        }
        return (counts.lines, counts.bad, errors)
    }

    /// Runs on the parser thread: good lines into strength-set batches. Identical lines
    /// get increasing `occurrence` numbers, so both sets are kept and a re-import matches each.
    static func produce(path: String, unit: String, channel: BatchChannel) throws -> ImportFinishRequest {
        var occurrences: [String: Int] = [:]
        var samples: [SampleInput] = []
        let counts = try WorkoutLogParser().parse(path: path) { result in
            guard case .success(let line) = result else { return }
            let day = LocalDay(year: line.year, month: line.month, day: line.day)?.description ?? ""
            let key = "\(day)\u{0}\(line.exercise)\u{0}\(line.sets)\u{0}\(line.reps)\u{0}\(line.weight)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            samples.append(SampleInput(
                type: SampleType.strength.rawValue, value: line.weight, unit: unit, source: "workout log", day: day,
                exercise: line.exercise, sets: line.sets, reps: line.reps, occurrence: occurrence))
            if samples.count >= ImportBatchRequest.maxSamples {
                try channel.put(PendingBatch(jobId: channel.jobId, sources: [], samples: samples))
                samples.removeAll(keepingCapacity: true)
            }
        }
        if !samples.isEmpty {
            try channel.put(PendingBatch(jobId: channel.jobId, sources: [], samples: samples))
        }
        return ImportFinishRequest(jobId: "", recordsSeen: counts.lines, skipped: counts.bad > 0 ? ["bad-line": counts.bad] : nil)
    }
}
