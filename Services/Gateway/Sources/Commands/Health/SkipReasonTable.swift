import QuenchStrings

/// The reasons an import skipped records, most frequent first, as a table (the Apple Health
/// and the Health Auto Export reports both show it).
/// `reason` names a key the catalog's ``ImportText/skipReason(_:)`` does not know (nil: that one's).
/// `headers`: the table's titles (records for an export, points for a payload).
func skipReasonTable(
    _ skippedByReason: [String: Int], style: Style, headers: ImportText = .skippedHeaders, reason: (String) -> String? = { _ in nil }
) -> String {
    var table = Table(columns(headers), alignments: [.left, .right])
    for (key, count) in skippedByReason.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
        table.add([reason(key) ?? tr(ImportText.skipReason(key)), Format.thousands(Int64(count))])
    }
    return table.render(style: style)
}
