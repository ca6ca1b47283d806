public import QuenchProtocol

/// What an import of a payload reports: the CLI's `--json` output and the HTTP endpoint's
/// reply. `recordsSeen` (every metric's points plus the workouts) = `imported + duplicates +
/// skipped`, the points of other metrics among `skipped` (`other-type`).
public struct HealthAutoExportReport: Codable, Sendable, Equatable {
    public var jobId: String
    public var status: String
    /// Points of every metric plus workouts.
    public var recordsSeen: Int
    public var imported: Int
    public var duplicates: Int
    /// Stored points of earlier payloads that a re-sent point with a new value replaced.
    public var replaced: Int
    public var skipped: Int
    public var skippedByReason: [String: Int]
    public var skippedForConsent: [String: Int]
    /// Points of metrics not imported, by metric name.
    public var otherMetrics: [String: Int]
    /// Items of the payload's other sections, by name.
    public var otherSections: [String: Int]
    /// Unreadable points by field and rule.
    public var problems: [HealthAutoExportProblem]
    public var byType: [String: TypeCounts]

    public init(_ outcome: HealthAutoExportImport.Outcome) {
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
}
