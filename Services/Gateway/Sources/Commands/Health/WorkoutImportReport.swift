import QuenchProtocol

/// What `quench import workouts` prints.
struct WorkoutImportReport: Encodable {
    struct LineError: Encodable {
        var line: Int
        var message: String
    }

    var lines: Int
    var imported = 0
    var duplicates = 0
    var badLines: Int
    /// The bad lines (the first 1000).
    var errors: [LineError]
    var strict: Bool
    /// Lines the service did not store (out of range, no consent).
    var skipped = 0
    var jobId: String?

    init(lines: Int, badLines: Int, errors: [LineError], strict: Bool) {
        self.lines = lines
        self.badLines = badLines
        self.errors = errors
        self.strict = strict
    }

    mutating func apply(_ job: ImportJob) {
        jobId = job.jobId
        imported = job.imported
        duplicates = job.duplicates
        skipped = job.skipped.filter { $0.key != "bad-line" }.values.reduce(0, +)
    }

    func human(style: Style) -> String {
        var out: [String] = []
        if strict, badLines > 0 {
            out.append(style.red("Nothing imported: \(badLines) of \(lines) lines are bad (--strict)."))
        } else {
            out.append("\(style.bold("Imported \(imported)")) of \(lines) lines (\(duplicates) duplicates, \(badLines) bad"
                + (skipped > 0 ? ", \(skipped) skipped" : "") + ").")
        }
        for error in errors {
            out.append("  line \(error.line): \(error.message)")
        }
        if badLines > errors.count {
            out.append(style.dim("  … and \(badLines - errors.count) more"))
        }
        return out.joined(separator: "\n")
    }
}
