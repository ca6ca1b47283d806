import HealthImport
import QuenchProtocol

/// What `quench import health-auto-export` prints (and the HTTP endpoint replies):
/// `points + workouts = imported + duplicates + skipped`, with the points of other metrics
/// among `skipped` (`other-type`).
struct HealthAutoExportReport: Encodable {
    var jobId: String
    var status: String
    /// Points of every metric plus workouts.
    var recordsSeen: Int
    var imported: Int
    var duplicates: Int
    /// Stored points of earlier payloads that a re-sent point with a new value replaced.
    var replaced: Int
    var skipped: Int
    var skippedByReason: [String: Int]
    var skippedForConsent: [String: Int]
    /// Points of metrics not imported, by metric name.
    var otherMetrics: [String: Int]
    /// Items of the payload's other sections, by name.
    var otherSections: [String: Int]
    /// Unreadable points by field and rule.
    var problems: [HealthAutoExportProblem]
    var byType: [String: TypeCounts]

    init(_ outcome: HealthAutoExportImport.Outcome) {
        let job = outcome.job
        jobId = job.jobId
        status = job.status
        recordsSeen = job.recordsSeen
        imported = job.imported
        duplicates = job.duplicates
        replaced = job.byType.values.reduce(0) { $0 + ($1.replaced ?? 0) }
        skipped = job.skipped.values.reduce(0, +)
        skippedByReason = job.skipped
        skippedForConsent = job.skippedForConsent
        otherMetrics = outcome.summary.otherMetrics
        otherSections = outcome.summary.otherSections
        problems = outcome.summary.problems
        byType = job.byType
    }

    func human(style: Style) -> String {
        var lines = [
            "\(style.bold("Imported \(Format.thousands(Int64(imported)))")) of \(Format.thousands(Int64(recordsSeen))) points"
                + " (\(Format.thousands(Int64(duplicates))) duplicates, \(Format.thousands(Int64(replaced))) replaced an earlier value,"
                + " \(Format.thousands(Int64(skipped))) skipped) as job \(jobId)",
        ]
        if !byType.isEmpty {
            var table = Table(["TYPE", "IMPORTED", "DUPLICATES", "REPLACED"], alignments: [.left, .right, .right, .right])
            for (type, counts) in byType.sorted(by: { $0.key < $1.key }) {
                table.add([type, Format.thousands(Int64(counts.imported)), Format.thousands(Int64(counts.duplicates)),
                           Format.thousands(Int64(counts.replaced ?? 0))])
            }
            lines.append(table.render(style: style))
        }
        for problem in problems {
            lines.append(style.red("\(problem.count) × \(problem.field): \(problem.rule)") + style.dim(" (e.g. \(problem.examples.joined(separator: "; ")))"))
        }
        for (consent, count) in skippedForConsent.sorted(by: { $0.key < $1.key }) {
            lines.append(style.yellow("\(Format.thousands(Int64(count))) \(consent) points skipped: no consent")
                + style.dim(" (quench consent grant \(consent), then send again)"))
        }
        if !otherMetrics.isEmpty {
            let list = otherMetrics.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            lines.append(style.dim("Other metrics, not imported: " + list.joined(separator: ", ")))
        }
        if !otherSections.isEmpty {
            let list = otherSections.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            lines.append(style.dim("Other sections, not imported: " + list.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }
}
