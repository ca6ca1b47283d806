import HealthImport
import QuenchProtocol
import QuenchStrings

/// What `quench import workouts` prints.
struct WorkoutImportReport: Encodable {
    struct LineError: Encodable {
        var line: Int
        var message: String
    }

    /// The bad lines breaking one rule: how many, the first line numbers, the first message.
    struct Problem: Encodable {
        var problem: String
        var count: Int
        /// The first ``WorkoutImportReport/maxLinesPerProblem`` line numbers.
        var lines: [Int]
        /// The first line's message (with its value).
        var example: String
        /// Bad lines of further problems counted here once ``WorkoutImportReport/maxProblems`` are listed.
        var others = 0
        /// The rule and the first line's message as catalog messages (shown in the user's language;
        /// `--json` keeps the English `problem` and `example`).
        var rule: WorkoutLogText
        var detail: WorkoutLogText

        enum CodingKeys: String, CodingKey {
            case problem, count, lines, example, others
        }

        init(_ error: WorkoutLineError) {
            problem = error.problem
            count = 1
            lines = [error.lineNumber]
            example = error.message
            rule = error.rule
            detail = error.detail
        }

        mutating func add(_ error: WorkoutLineError) {
            count += 1
            if lines.count < WorkoutImportReport.maxLinesPerProblem { lines.append(error.lineNumber) }
        }
    }

    static let maxProblems = 20
    static let maxLinesPerProblem = 5

    /// The format the header named (`plain`, `strong`, `hevy`, `fitnotes`, `fitbod`, `csv`).
    var format: String
    var lines: Int
    var imported = 0
    var duplicates = 0
    var badLines: Int
    /// Rows that are not strength sets (timed or distance sets), not imported.
    var notStrength: Int
    var warmups: Int
    /// Bad lines by problem (the first 20 problems).
    var problems: [Problem]
    /// The first line of each problem, as `{line, message}` (compatible with earlier output).
    var errors: [LineError]
    var strict: Bool
    /// The unit of weights the file does not state.
    var defaultUnit: String?
    /// Lines the service did not store (out of range, no consent).
    var skipped = 0
    var jobId: String?

    init(_ check: ImportWorkouts.Check, strict: Bool) {
        format = check.counts.format.rawValue
        lines = check.counts.lines
        badLines = check.counts.bad
        notStrength = check.counts.skipped.values.reduce(0, +)
        warmups = check.warmups
        problems = check.problems
        errors = check.problems.map { LineError(line: $0.lines[0], message: $0.example) }
        self.strict = strict
    }

    mutating func apply(_ job: ImportJob) {
        jobId = job.jobId
        imported = job.imported
        duplicates = job.duplicates
        skipped = job.skipped.filter { $0.key != "bad-line" && $0.key != "no-reps" }.values.reduce(0, +)
    }

    func human(style: Style) -> String {
        var out: [String] = []
        let name = WorkoutLogFormat(rawValue: format).map { tr($0.name) } ?? format
        if strict, badLines > 0 {
            out.append(style.red(tr(ImportText.nothingImportedStrict(bad: badLines, lines: lines))))
        } else if lines == badLines {
            out.append(style.red(lines == 0 ? tr(ImportText.nothingImportedNoSets(format: name)) : tr(ImportText.nothingImportedAllBad(lines: lines, format: name))))
        } else {
            out.append(tr(ImportText.importedSets(
                imported: style.bold(tr(ImportText.imported(Format.thousands(Int64(imported))))), lines: lines, format: name, duplicates: duplicates, bad: badLines))
                + (skipped > 0 ? tr(ImportText.skippedCount(skipped)) : "") + ")" + (jobId.map { tr(ImportText.asJob($0)) } ?? "") + ".")
        }
        if warmups > 0 { out.append(style.dim(tr(ImportText.warmups(warmups)))) }
        if notStrength > 0 { out.append(style.dim(tr(ImportText.withoutReps(notStrength)))) }
        if let defaultUnit { out.append(style.dim(tr(ImportText.defaultUnit(defaultUnit)))) }
        for problem in problems {
            let more = problem.count > problem.lines.count ? ", …" : ""
            let lineList = problem.lines.map(String.init).joined(separator: ", ") + more
            out.append(tr(ImportText.problemLines(
                count: problem.count, problem: tr(problem.rule), lines: lineList, example: tr(problem.detail), lineCount: problem.lines.count)))
            if problem.others > 0 { out.append(style.dim(tr(ImportText.otherProblems(problem.others)))) }
        }
        return out.joined(separator: "\n")
    }
}
