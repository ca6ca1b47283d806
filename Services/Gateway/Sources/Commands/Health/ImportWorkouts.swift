import ArgumentParser
import Foundation
import HealthImport
import QuenchProtocol
import QuenchStrings

/// `quench import workouts PATH [--strict] [--unit kg|lb]`
struct ImportWorkouts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Import a strength log: Strong, Hevy, FitNotes or Fitbod exports, or lines like `Oct 11 2020,Back Squat,1,10,45`.",
        discussion: """
            The format is known from the file's header: Strong, Hevy, FitNotes and Fitbod CSV
            exports, any CSV with date, exercise, reps and weight columns, or plain lines of date,
            exercise, sets, reps, weight. Weights are in the unit the file states (`Weight Unit`,
            `weight_kg`, `Weight(lbs)`); else in --unit, else in your stored preference
            (`quench units`), else pounds (45 is the empty Olympic bar in lb). Warm-up sets are
            imported and marked. A time with a zone is put on your day in your zone.

            Bad lines are summarised by problem with their first line numbers; by default the good
            lines are imported; with --strict nothing is imported if any line is bad. A file with
            nothing importable, or that is no workout log (an Apple Health export, a binary file),
            ends with a non-zero exit. Needs the `workouts` consent. Two identical sets on one day
            are two sets; importing the file again adds nothing. `quench imports` lists imports,
            `quench imports undo JOB` takes one back.

            Example:
              quench import workouts strong.csv --unit kg --strict
            """)

    enum WeightUnit: String, ExpressibleByArgument, CaseIterable {
        case kg, lb
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The workout log (CSV).")
    var path: String

    @Flag(help: "Import nothing if any line is bad.")
    var strict = false

    @Option(help: "The unit of weights the file does not state: kg or lb (default: your preference, else lb).")
    var unit: WeightUnit?

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let size = try fileSize(path)
            let parser = WorkoutLogParser(userOffset: Self.offsets(zone: gateway.timeZone))
            let check = try Self.check(path: path, parser: parser)
            var report = WorkoutImportReport(check, strict: strict)
            if strict, check.counts.bad > 0 {
                try output.emit(report) { report.human(style: output.style) }
                throw CLIError.rejected(service: "quench", error: QuenchError.invalidArgument(
                    "path", tr(ImportText.strictBadLines(bad: check.counts.bad, path: path))))
            }
            guard check.good > 0 else {
                try output.emit(report) { report.human(style: output.style) }
                let message = check.counts.lines == 0
                    ? tr(ImportText.noWorkoutSets(path: path)) : tr(ImportText.noneImportable(path: path, lines: check.counts.lines))
                throw CLIError.invalid(field: "path", message: message)
            }
            var chosen = self.unit?.rawValue ?? ""
            if self.unit == nil { chosen = try await Self.preferredUnit(gateway) }
            report.defaultUnit = chosen
            let path = self.path
            let unit = chosen
            let outcome = try await HealthUploader(gateway: gateway).upload(
                kind: "workouts", fileName: (path as NSString).lastPathComponent, totalBytes: size
            ) { channel in
                try Self.produce(path: path, parser: parser, unit: unit, channel: channel)
            }
            report.apply(outcome.job)
            try output.emit(report) { report.human(style: output.style) }
            if let error = outcome.parseError {
                throw CLIError.io(tr(ImportText.pathError(path: path, error: "\(error)")))
            }
        }
    }

    /// The stored weight unit (`units.get`) when the user set one, else lb (the seed's logs are in pounds).
    static func preferredUnit(_ gateway: Gateway) async throws -> String {
        let units: UnitsReply = try await gateway.call(.unitsGet, UnitsGetRequest())
        return units.stored ? units.weight : "lb"
    }

    /// The zone's offset at an instant, cached per hour-aligned instant is not needed: dates with zones are rare per file.
    static func offsets(zone: String) -> @Sendable (Int64) -> Int {
        let timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!
        return { epoch in timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch))) }
    }

    /// What the first pass saw.
    struct Check {
        var counts: WorkoutLogCounts
        var good: Int { counts.lines - counts.bad }
        var warmups = 0
        var problems: [WorkoutImportReport.Problem] = []
    }

    /// First pass: every bad line, summarised by problem, before anything is sent.
    static func check(path: String, parser: WorkoutLogParser) throws -> Check {
        var problems: [String: Int] = [:]
        var summary: [WorkoutImportReport.Problem] = []
        var warmups = 0
        let counts: WorkoutLogCounts
        do {
            counts = try parser.parse(path: path) { result in
                switch result {
                case .success(let line):
                    if line.warmup { warmups += 1 }
                case .failure(let error):
                    if let k = problems[error.problem] {
                        summary[k].add(error)
                    } else if summary.count < WorkoutImportReport.maxProblems {
                        problems[error.problem] = summary.count
                        summary.append(.init(error))
                    } else {
                        summary[summary.count - 1].others += 1
                    }
                }
            }
        } catch let error as NotAWorkoutLog {
            throw CLIError.invalid(field: "path", message: tr(ImportText.pathError(path: path, error: "\(error)")))
        } catch {
            throw CLIError.io(tr(ImportText.pathError(path: path, error: "\(error)")))
        }
        return Check(counts: counts, warmups: warmups, problems: summary)
    }

    /// Runs on the parser thread: good lines into strength-set batches (written by hand, ``ImportBatchBody``). Identical lines
    /// get increasing `occurrence` numbers, so both sets are kept and a re-import matches each.
    static func produce(path: String, parser: WorkoutLogParser, unit: String, channel: BatchChannel) throws -> ImportFinishRequest {
        var occurrences: [String: Int] = [:]
        var body = ImportBatchBody(jobId: channel.jobId)
        let counts = try parser.parse(path: path) { result in
            guard case .success(let line) = result else { return }
            let day = Self.dayText(line.year, line.month, line.day)
            let lineUnit = line.unit?.rawValue ?? unit
            let key = "\(day)\u{0}\(line.exercise)\u{0}\(line.sets)\u{0}\(line.reps)\u{0}\(line.weight)\u{0}\(lineUnit)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            body.append(strength: line, day: day, unit: lineUnit, occurrence: occurrence)
            if body.count >= ImportBatchRequest.maxSamples {
                let samples = body.count
                try channel.put(PendingBatch(body: try body.take(), samples: samples))
            }
        }
        if !body.isEmpty {
            let samples = body.count
            try channel.put(PendingBatch(body: try body.take(), samples: samples))
        }
        var skipped = counts.skipped
        if counts.bad > 0 { skipped["bad-line"] = counts.bad }
        return ImportFinishRequest(jobId: "", recordsSeen: counts.lines + counts.skipped.values.reduce(0, +), skipped: skipped.isEmpty ? nil : skipped)
    }

    /// `YYYY-MM-DD` without a formatter.
    static func dayText(_ year: Int, _ month: Int, _ day: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + two(month) + "-" + two(day)
    }
}
