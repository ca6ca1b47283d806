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
        discussion: HelpText.reflow("""
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
            """))

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
            let order = check.order, checked = check.counts
            let outcome = try await HealthUploader(gateway: gateway).upload(
                kind: "workouts", fileName: (path as NSString).lastPathComponent, totalBytes: size
            ) { channel in
                try Self.produce(path: path, parser: parser, order: order, checked: checked, unit: unit, channel: channel) { days in
                    try Self.knownDays(gateway, jobId: channel.jobId, days)
                }
            }
            report.apply(outcome.job)
            try output.emit(report) { report.human(style: output.style) }
            if let error = outcome.parseError {
                throw CLIError.io(tr(ImportText.pathError(path: path, error: diagnostic(error))))
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
        /// The good lines per day, for sending them in day order.
        var order = WorkoutDayOrder()
    }

    /// First pass: every bad line, summarised by problem, before anything is sent.
    static func check(path: String, parser: WorkoutLogParser) throws -> Check {
        var problems: [WorkoutLogText: Int] = [:]
        var summary: [WorkoutImportReport.Problem] = []
        var warmups = 0
        var order = WorkoutDayOrder()
        let counts: WorkoutLogCounts
        do {
            counts = try parser.parse(path: path) { result in
                switch result {
                case .success(let line):
                    if line.warmup { warmups += 1 }
                    order.count(line)
                case .failure(let error):
                    if let k = problems[error.rule] {
                        summary[k].add(error)
                    } else if summary.count < WorkoutImportReport.maxProblems {
                        problems[error.rule] = summary.count
                        summary.append(.init(error))
                    } else {
                        summary[summary.count - 1].others += 1
                    }
                }
            }
        } catch let error as NotAWorkoutLog {
            throw CLIError.invalid(field: "path", message: tr(ImportText.pathError(path: path, error: diagnostic(error))))
        } catch {
            throw CLIError.io(tr(ImportText.pathError(path: path, error: diagnostic(error))))
        }
        return Check(counts: counts, warmups: warmups, problems: summary, order: order)
    }

    /// Runs on the parser thread: good lines into strength-set batches (written by hand, ``ImportBatchBody``),
    /// day by day (``WorkoutDayOrder``: the services keep sets in day order). Identical lines get increasing
    /// `occurrence` numbers in the file's order, so both sets are kept and a re-import matches each.
    ///
    /// Before a pass's sets are sent, `known` (`import.known-days`) is asked which of its days are
    /// stored whole already; those are not sent (a re-import sends nothing), the others are.
    static func produce(
        path: String, parser: WorkoutLogParser, order: WorkoutDayOrder, checked: WorkoutLogCounts, unit: String,
        channel: BatchChannel, known: ([ImportDayDigest]) throws -> Set<String>
    ) throws -> ImportFinishRequest {
        struct Same: Hashable {
            var exercise: Int32
            var sets: Int16
            var reps: Int16
            var weight: UInt64
            var unit: UInt8
        }
        var body = ImportBatchBody(jobId: channel.jobId)
        var counts = checked
        var identity = SampleIdentity()
        for range in order.passes() {
            let pass = try order.read(range, path: path, parser: parser)
            counts = pass.counts
            // Each set's occurrence, and each day's digest (the sum of its sets' identities).
            var occurrences = [Int32](repeating: 0, count: pass.sets.count)
            var days: [(date: LocalDay, text: String, start: Int, end: Int)] = []
            var digests: [ImportDayDigest] = []
            var same: [Same: Int32] = [:]
            var start = 0
            while start < pass.sets.count {
                let end = pass.endOfDay(from: start)
                let date = LocalDay(ordinal: Int(pass.sets[start].day))
                let text = date.description
                same.removeAll(keepingCapacity: true)
                var digest: Int64 = 0
                for index in start..<end {
                    let set = pass.sets[index]
                    let key = Same(exercise: set.exercise, sets: set.sets, reps: set.reps, weight: set.weight.bitPattern, unit: set.unit)
                    let occurrence = same[key, default: 0]
                    same[key] = occurrence + 1
                    occurrences[index] = occurrence
                    digest &+= identity.strength(
                        day: text, exercise: pass.names[Int(set.exercise)], sets: Int(set.sets), reps: Int(set.reps),
                        weight: set.weight, unit: set.fileUnit?.rawValue ?? unit, occurrence: Int(occurrence))
                }
                days.append((date, text, start, end))
                if end - start <= ImportDayDigest.maxSets {
                    digests.append(ImportDayDigest(day: text, sets: end - start, digest: digest))
                }
                start = end
            }
            var stored: Set<String> = []
            for first in stride(from: 0, to: digests.count, by: ImportKnownDaysRequest.maxDays) {
                stored.formUnion(try known(Array(digests[first..<min(digests.count, first + ImportKnownDaysRequest.maxDays)])))
            }
            for day in days where !stored.contains(day.text) {
                for index in day.start..<day.end {
                    let line = pass.line(index, on: day.date)
                    body.append(strength: line, day: day.text, unit: line.unit?.rawValue ?? unit, occurrence: Int(occurrences[index]))
                    if body.count >= ImportBatchRequest.maxSamples {
                        let samples = body.count
                        try channel.put(PendingBatch(body: try body.take(), samples: samples))
                    }
                }
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

    /// `import.known-days` from the parser thread: the thread waits for the reply. A
    /// health-ingest from before the message knows no day (every set is sent).
    static func knownDays(_ gateway: Gateway, jobId: String, _ days: [ImportDayDigest]) throws -> Set<String> {
        do {
            let reply = try Blocking.wait {
                try await gateway.call(.importKnownDays, ImportKnownDaysRequest(jobId: jobId, days: days))
            }
            return Set(reply.known)
        } catch CLIError.rejected(_, let error) where error.code == .unknownType {
            return []
        }
    }
}
