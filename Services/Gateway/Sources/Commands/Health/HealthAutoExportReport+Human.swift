import HealthImport
import QuenchProtocol
import QuenchStrings

/// How `quench import health-auto-export` prints the report (`--json`: the report itself).
extension HealthAutoExportReport {
    func human(style: Style) -> String {
        var lines = [
            tr(AutoExportText.importedPoints(
                imported: style.bold(tr(ImportText.imported(Format.thousands(Int64(imported))))), seen: recordsSeen, duplicates: duplicates,
                replaced: replaced, skipped: skipped, job: jobId)),
        ]
        if !byType.isEmpty {
            var table = Table(columns(AutoExportText.headers), alignments: [.left, .right, .right, .right])
            for (type, counts) in byType.sorted(by: { $0.key < $1.key }) {
                table.add([type, Format.thousands(Int64(counts.imported)), Format.thousands(Int64(counts.duplicates)),
                           Format.thousands(Int64(counts.replaced ?? 0))])
            }
            lines.append(table.render(style: style))
        }
        if skipped > 0 {
            lines.append(skipReasonTable(skippedByReason, style: style, headers: .skippedPointsHeaders, reason: badPoint))
        }
        for problem in problems {
            let examples = problem.exampleTexts.map { $0.map(tr) } ?? problem.examples
            lines.append(style.red(tr(AutoExportText.problem(count: problem.count, field: problem.field, rule: problem.ruleText.map(tr) ?? problem.rule)))
                + style.dim(tr(AutoExportText.examples(examples.joined(separator: "; ")))))
        }
        for (consent, count) in skippedForConsent.sorted(by: { $0.key < $1.key }) {
            lines.append(style.yellow(tr(AutoExportText.skippedNoConsent(count: count, consent: consent)))
                + style.dim(tr(AutoExportText.grantThenSend(consent: consent))))
        }
        if !otherMetrics.isEmpty {
            let list = otherMetrics.sorted { $0.key < $1.key }.map { "\($0.key) (\(Format.thousands(Int64($0.value))))" }
            lines.append(style.dim(tr(AutoExportText.otherMetrics(list.joined(separator: ", ")))))
        }
        if !otherSections.isEmpty {
            let list = otherSections.sorted { $0.key < $1.key }.map { "\($0.key) (\(Format.thousands(Int64($0.value))))" }
            lines.append(style.dim(tr(AutoExportText.otherSections(list.joined(separator: ", ")))))
        }
        return lines.joined(separator: "\n")
    }

    /// A skip key of a bad point (`bad-point: FIELD: RULE`, the English the import sends) in the
    /// user's language, through the problem it counts; nil for other keys.
    func badPoint(_ key: String) -> String? {
        if key == HealthAutoExportImport.otherRulesKey { return tr(AutoExportText.badPointOtherRules) }
        for problem in problems where HealthAutoExportImport.skipKey(problem) == key {
            return tr(AutoExportText.badPoint(field: problem.field, rule: problem.ruleText.map(tr) ?? problem.rule))
        }
        return nil
    }
}
