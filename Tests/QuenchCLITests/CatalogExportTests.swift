import Foundation
import Testing

/// The translators' export (`scripts/catalog-po.py`, docs/LOCALISATION.md "Translators"): the
/// catalog as gettext files that `msgfmt --check` accepts, every message of the catalog in them.
@Suite("Catalog export to gettext PO files")
struct CatalogExportTests {
    static let root = CatalogLintTests.root
    static let catalog = root.appendingPathComponent("Shared/QuenchStrings/Catalog")
    /// Cases whose text is data shown as it is (no words to translate), or another message's.
    static let withoutText: Set<String> = [
        "AutoExportRuleText.decoderDetail", "AutoExportRuleText.place", "ClientText.other", "TrophyText.other", "FluidText.other",
        "ErrorText.service",  // ServiceErrorText's messages, or the service's own words
    ]

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    @Test("the export holds every message of the catalog (each case of each message enum, each text) and msgfmt --check accepts it")
    func export() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-po-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = Self.root.appendingPathComponent("scripts/catalog-po.py").path
        let exported = try Self.run("python3", [script, "--out", out.path])
        #expect(exported.status == 0, "\(exported.output)")

        // What the sources hold, read here independently of the script: every text call, every case.
        var texts = 0
        var cases: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(at: Self.catalog, includingPropertiesForKeys: nil) where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }.joined(separator: "\n")
            texts += Self.matches(#"\bl\.(pick|plural)\("#, in: source).count
            for enumMatch in Self.matches(#"public enum (\w+)[^{]*\{(.*?)public func text"#, in: source) {
                for caseMatch in Self.matches(#"\bcase ([\w, ]+?)(?:\(|\n)"#, in: enumMatch[2]) {
                    for name in caseMatch[1].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                        cases.insert("\(enumMatch[1]).\(name)")
                    }
                }
            }
        }
        #expect(texts > 600 && cases.count > 400, "\(texts) texts, \(cases.count) cases: the sources were not read")

        for name in ["quench.pot", "de.po", "fr.po"] {
            let file = out.appendingPathComponent(name)
            let po = try String(contentsOf: file, encoding: .utf8)
            let contexts = Self.matches(#"\nmsgctxt "([^"]*)""#, in: po).map { $0[1] }
            #expect(contexts.count == texts, "\(name): \(contexts.count) entries for \(texts) texts in the catalog")
            #expect(Set(contexts).count == contexts.count, "\(name): a context twice")
            let keys = Set(contexts.map { String($0.prefix { $0 != "[" && $0 != "#" }) })
            let missing = cases.subtracting(keys).subtracting(Self.withoutText).sorted()
            #expect(missing.isEmpty, "\(name): messages missing from the export: \(missing)")
            if name != "quench.pot" {
                #expect(!po.contains("msgstr \"\"\n\n"), "\(name): an empty translation")
            }
            // A translation shows only values its message has (it may reorder, repeat or drop them).
            for entry in po.components(separatedBy: "\n\n") where entry.contains("msgctxt") {
                let english = entry.components(separatedBy: "\nmsgstr")[0]
                let translated = entry.components(separatedBy: "\nmsgstr").dropFirst().joined()
                let names = Set(Self.matches(#"\{(\w+)\}"#, in: english).map { $0[1] })
                let used = Set(Self.matches(#"\{(\w+)\}"#, in: translated).map { $0[1] })
                #expect(used.isSubset(of: names), "\(name): a placeholder the message does not have:\n\(entry)")
            }
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") {
                let check = try Self.run("msgfmt", ["--check", "-o", "/dev/null", file.path])
                #expect(check.status == 0 && !check.output.contains("error"), "msgfmt --check \(name):\n\(check.output)")
            } else if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("msgfmt (gettext) is not installed: scripts/bootstrap.sh --test installs it")
            }
        }
        // A sample entry as a translator sees it: named placeholders, the plural forms of each language.
        let french = try String(contentsOf: out.appendingPathComponent("fr.po"), encoding: .utf8)
        #expect(french.contains("""
            msgctxt "ImportText.parseStoppedNothing"
            msgid "{path}: {error} — nothing was imported"
            msgstr "{path} : {error} — rien n’a été importé"
            """))
        #expect(french.contains("""
            msgctxt "CommonText.days"
            msgid "{count} day"
            msgid_plural "{count} days"
            msgstr[0] "{count} jour"
            msgstr[1] "{count} de jours"
            msgstr[2] "{count} jours"
            """))
        #expect(french.contains("Plural-Forms: nplurals=3;"))
    }
}
