import Foundation
import QuenchProtocol

/// The message tables of docs/PROTOCOL.md §7, read as (name, service, kind): under a service's
/// heading (`### intake` …; `### Every service` has none), a table headed `| type | kind | …`
/// lists requests (kind: the first word of its cell), one headed `| type | body |…` events.
struct ProtocolTables {
    struct Row: Hashable, CustomStringConvertible {
        var name: String
        var service: String?
        var kind: MessageKind

        var description: String { "\(name) (\(service ?? "every service"), \(kind.rawValue))" }
    }

    var rows: [Row] = []

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")

    init(text: String) {
        var inCatalogue = false
        var service: String?
        var table: MessageKind??  // nil: not a message table; .some(nil): requests, kind per row
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                inCatalogue = line.hasPrefix("## 7.")
                continue
            }
            guard inCatalogue else { continue }
            if line.hasPrefix("### ") {
                let heading = String(line.dropFirst(4))
                service = heading == "Every service" ? nil : heading
                table = nil
                continue
            }
            guard line.hasPrefix("|") else {
                if !line.isEmpty { table = nil }
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first else { continue }
            if first == "type" {
                table = switch Array(cells.dropFirst()) {
                case ["kind", "body", "reply body"]: .some(nil)
                case ["body"], ["body", "when"]: .some(.event)
                default: nil
                }
                continue
            }
            guard let kindOfTable = table, first.hasPrefix("`"), first.hasSuffix("`"), first.count > 2 else { continue }
            let name = String(first.dropFirst().dropLast())
            let kind: MessageKind?
            if let fixed = kindOfTable {
                kind = fixed
            } else {
                let word = cells.count > 1 ? cells[1].split(separator: ",").first.map(String.init) ?? "" : ""
                kind = MessageKind(rawValue: word.trimmingCharacters(in: .whitespaces))
            }
            guard let kind else { continue }
            rows.append(Row(name: name, service: service, kind: kind))
        }
    }
}
