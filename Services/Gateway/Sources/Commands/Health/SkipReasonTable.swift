import QuenchStrings

/// The reasons an import skipped records, most frequent first, as a table (the Apple Health
/// and the Health Auto Export reports both show it).
func skipReasonTable(_ skippedByReason: [String: Int], style: Style) -> String {
    var table = Table(columns(ImportText.skippedHeaders), alignments: [.left, .right])
    for (reason, count) in skippedByReason.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
        table.add([tr(ImportText.skipReason(reason)), Format.thousands(Int64(count))])
    }
    return table.render(style: style)
}
