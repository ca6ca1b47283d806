import Foundation
import Synchronization

/// Every figure of a run, printed as it is measured and saved at the end as Markdown and JSON.
final class Report: Sendable {
    struct Row: Codable, Sendable {
        var bench: String
        var metric: String
        var value: String
        var reference: String
        var ratio: String
        var target: String
        var verdict: String
        var spread: String
        var note: String
    }

    private let rows = Mutex<[Row]>([])
    private let notes = Mutex<[String]>([])

    /// Adds a row; `met` nil when the row has no target.
    func add(
        _ bench: String, _ metric: String, value: String, reference: String = "", ratio: String = "",
        target: String = "", met: Bool? = nil, spread: String = "", note: String = ""
    ) {
        let verdict = met.map { $0 ? "met" : "NOT met" } ?? ""
        let row = Row(bench: bench, metric: metric, value: value, reference: reference, ratio: ratio,
                      target: target, verdict: verdict, spread: spread, note: note)
        rows.withLock { $0.append(row) }
        var line = "[\(bench)] \(metric): \(value)"
        if !reference.isEmpty { line += " | ref \(reference)" }
        if !ratio.isEmpty { line += " | ratio \(ratio)" }
        if !spread.isEmpty { line += " | spread \(spread)" }
        if !target.isEmpty { line += " | target \(target) \(verdict)" }
        if !note.isEmpty { line += " | \(note)" }
        Self.write(line)
    }

    /// A free-form line kept with the results (method notes, warnings).
    func note(_ text: String) {
        notes.withLock { $0.append(text) }
        Self.write("  note: \(text)")
    }

    /// Unbuffered, so progress shows through a pipe.
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    var markdown: String {
        var text = "| bench | metric | value | reference (same run) | ratio | spread | target | verdict | note |\n"
        text += "|---|---|---|---|---|---|---|---|---|\n"
        for row in rows.withLock({ $0 }) {
            let cells = [row.bench, row.metric, row.value, row.reference, row.ratio, row.spread, row.target, row.verdict, row.note]
            text += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        let notes = notes.withLock { $0 }
        if !notes.isEmpty {
            text += "\n" + notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    func save(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try markdown.write(toFile: folder + "/results.md", atomically: true, encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        try encoder.encode(rows.withLock { $0 }).write(to: URL(fileURLWithPath: folder + "/results.json"))
    }
}
