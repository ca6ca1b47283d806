import QuenchProtocol
import QuenchStrings

/// What `quench import apple-health` prints: `recordsSeen = imported + duplicates + skipped`.
struct AppleHealthImportReport: Encodable {
    var jobId: String
    var status: String
    var recordsSeen: Int
    var imported: Int
    var duplicates: Int
    /// Records not stored, in all.
    var skipped: Int
    /// By reason: `other-type`, `no-consent`, `value-out-of-range`, `day-total-out-of-range`, `in-future`, `malformed (…)`, …
    var skippedByReason: [String: Int]
    /// Records of a type without consent, by consent type.
    var skippedForConsent: [String: Int]
    /// Records of types Quench does not import, by HealthKit type.
    var otherTypes: [String: Int]
    var byType: [String: TypeCounts]
    var correlationChildrenIgnored: Int
    /// The export's elements other than records, by name (`Workout`, `ActivitySummary`, `Me`, …).
    var otherElements: [String: Int]
    var error: String?

    init(job: ImportJob) {
        jobId = job.jobId
        status = job.status
        recordsSeen = job.recordsSeen
        imported = job.imported
        duplicates = job.duplicates
        skipped = job.skipped.values.reduce(0, +)
        skippedByReason = job.skipped
        skippedForConsent = job.skippedForConsent
        otherTypes = job.otherTypes
        byType = job.byType
        correlationChildrenIgnored = job.correlationChildrenIgnored ?? 0
        otherElements = job.otherElements ?? [:]
        error = job.error
    }

    /// Elements read as the export's description, not data.
    static let metadataElements: Set<String> = ["ExportDate", "Me"]

    /// The report for people; `parseError` (when the parse stopped here) is shown in the user's
    /// language instead of the job's English `error`.
    func human(style: Style, parseError: (any Error)? = nil) -> String {
        var lines = [
            tr(ImportText.importedRecords(
                imported: style.bold(tr(ImportText.imported(Format.thousands(Int64(imported))))), seen: recordsSeen, duplicates: duplicates,
                skipped: skipped)),
        ]
        if !byType.isEmpty {
            var table = Table(columns(ImportText.typeHeaders), alignments: [.left, .right, .right])
            for (type, counts) in byType.sorted(by: { $0.key < $1.key }) {
                table.add([type, Format.thousands(Int64(counts.imported)), Format.thousands(Int64(counts.duplicates))])
            }
            lines.append(table.render(style: style))
        }
        if skipped > 0 {
            lines.append(skipReasonTable(skippedByReason, style: style))
        }
        for (consent, count) in skippedForConsent.sorted(by: { $0.key < $1.key }) {
            lines.append(style.yellow(tr(ImportText.skippedNoConsent(count: count, consent: consent)))
                + style.dim(tr(ImportText.grantThenImport(consent: consent))))
        }
        if correlationChildrenIgnored > 0 {
            lines.append(style.dim(tr(ImportText.correlationsIgnored(correlationChildrenIgnored))))
        }
        let notImported = otherElements.filter { !Self.metadataElements.contains($0.key) }
        if !notImported.isEmpty {
            let list = notImported.sorted { $0.key < $1.key }.map { "\(Format.thousands(Int64($0.value))) \($0.key)" }
            lines.append(style.dim(tr(ImportText.alsoInFile(list.joined(separator: ", ")))))
        }
        if let shown = parseError.map(diagnostic) ?? error {
            lines.append(style.red(tr(ImportText.stoppedEarly(shown))))
        }
        return lines.joined(separator: "\n")
    }
}
