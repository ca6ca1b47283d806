import HealthImport
import QuenchProtocol

/// How `quench import health-auto-export` prints the report (`--json`: the report itself).
extension HealthAutoExportReport {
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
