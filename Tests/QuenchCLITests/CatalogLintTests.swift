import Foundation
import QuenchProtocol
import QuenchStrings
import Testing

/// The lint that keeps every user-facing string of the CLI in the catalog
/// (Shared/QuenchStrings; docs/LOCALISATION.md). It reads every source folder whose text
/// reaches a CLI user (``folders``: the CLI, the parsers, the client library, the charts,
/// the web dashboard) and fails on a string literal that reads as text for people:
/// - a phrase: two or more words, one of them with two letters or more (`"\(n) to go"`);
/// - any word handed straight to output: `print("…")`, `output.line("…")`, `style.bold("…")`,
///   `ValidationError("…")`, `CLIError.usage/.io("…")`, `message: "…"`, `Table(["…"`.
/// argument-parser's help (`abstract:`, `discussion:`, `help:`, `ArgumentHelp(`) is left
/// English (docs/LOCALISATION.md says why), and so are log lines and crashes for operators
/// (`logger.…(`, `fatalError(`, `precondition…(`). Single words elsewhere (keys, formats) pass here;
/// the pseudo-locale run (CLIPseudoLocaleTests) catches any that reach the screen.
/// A literal that is not for people (a date format, a prefix a reply is matched on) goes
/// in CatalogLintAllowList.txt beside this file, one line each: `PATH | TEXT | why` (TEXT `*`: the whole file, for test-data generators and assets).
@Suite("Catalog lint: no user-facing literal bypasses the catalog")
struct CatalogLintTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The folders whose text reaches a CLI user (or a dashboard user).
    static let folders = [
        "Services/Gateway/Sources", "Shared/HealthImport", "Shared/QuenchClient", "Shared/QuenchCharts", "Services/Web/Dashboard",
    ]
    static let allowListFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CatalogLintAllowList.txt")

    struct Allowed: Hashable {
        var path: String
        var text: String
    }

    /// Calls whose string argument goes to the screen as it is.
    static let sinks = [
        "print(", ".line(", "ValidationError(", ".usage(", ".io(", "message: ", ".bold(", ".dim(", ".red(", ".green(", ".yellow(", ".blue(",
        ".cyan(", "Table([", "ExitCode.validationFailure", "CleanExit.message(",
    ]
    /// argument-parser's help, which stays English.
    static let helpLabels = ["abstract:", "discussion:", "help:", "ArgumentHelp(", "usage:", "commandName:", "valueName:"]
    /// Text for operators, not users: log lines (English, like every service's log) and crashes;
    /// and markup that is not text: CSS class lists of the dashboard's and the charts' elements.
    static let operatorCalls = [
        "logger.", "Logger(label:", "fatalError(", "precondition(", "preconditionFailure(", "assertionFailure(", "assert(", "(\"class\", ",
    ]

    /// Why `literal` counts as user-facing text, nil when it does not.
    static func finding(_ literal: SwiftLiteral) -> String? {
        if helpLabels.contains(where: literal.before.contains) || operatorCalls.contains(where: literal.before.contains) { return nil }
        let words = literal.text.replacingOccurrences(of: "{}", with: " ").split(whereSeparator: \.isWhitespace)
        let wordy = words.filter { word in
            var run = 0
            for character in word {
                run = character.isLetter ? run + 1 : 0
                if run >= 2 { return true }
            }
            return false
        }
        guard !wordy.isEmpty else { return nil }
        let tokens = literal.text.split(whereSeparator: \.isWhitespace)
        if tokens.count >= 2 { return "a phrase" }
        let before = literal.before.trimmingCharacters(in: .whitespaces)
        if let sink = sinks.first(where: { before.hasSuffix($0) }) { return "text handed to \(sink)…)" }
        return nil
    }

    static func allowList() throws -> [Allowed: String] {
        var allowed: [Allowed: String] = [:]
        for line in try String(contentsOf: allowListFile, encoding: .utf8).split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.components(separatedBy: " | ")
            guard fields.count == 3, !fields[2].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw LintFailure("CatalogLintAllowList.txt: '\(trimmed)' is not `PATH | TEXT | why` (the why is required)")
            }
            allowed[Allowed(path: fields[0], text: fields[1].replacingOccurrences(of: "\\n", with: "\n"))] = fields[2]
        }
        return allowed
    }

    struct LintFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Every finding in the ``folders`` under `root`: `path:line: "text" (why)`, and the allow-list entries that matched.
    static func findings(root: URL = root) throws -> (findings: [String], used: Set<Allowed>) {
        let allowed = try allowList()
        var used: Set<Allowed> = []
        var findings: [String] = []
        var files: [URL] = []
        for folder in folders {
            files += FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        }
        files.sort { $0.path < $1.path }
        let root = root.resolvingSymlinksInPath()
        for file in files.map({ $0.resolvingSymlinksInPath() }) {
            let path = String(file.path.dropFirst(root.path.count + 1))
            for literal in SwiftLiterals.scan(try String(contentsOf: file, encoding: .utf8)) {
                guard let why = finding(literal) else { continue }
                let key = Allowed(path: path, text: literal.text)
                let wholeFile = Allowed(path: path, text: "*")
                if allowed[key] != nil || allowed[wholeFile] != nil {
                    used.insert(allowed[key] != nil ? key : wholeFile)
                    continue
                }
                findings.append("\(path):\(literal.line): \"\(literal.text.replacingOccurrences(of: "\n", with: "\\n"))\" (\(why))")
            }
        }
        return (findings, used)
    }

    static let advice = """
        User-facing text in the CLI must come from the catalog (docs/LOCALISATION.md):
          1. add a case to an enum in Shared/QuenchStrings/Catalog/ (or a new `XText` enum there) with
             its English, German and French text: `l.pick(en: "…", de: "…", fr: "…")`, counts with `l.plural`;
          2. show it with `tr(XText.theCase(…))` (numbers: l10n.integer / Format.thousands, days: Format.day,
             volumes and weights: Format.millilitres / DisplayUnits.weight);
          3. check it: swift test --filter "CatalogLint|PseudoLocale".
        Not text for people (a date format, a prefix a reply is matched on, a key)? Add a line to
        Tests/QuenchCLITests/CatalogLintAllowList.txt: `PATH | TEXT | why` (TEXT with \\(…) written as {}).
        """

    @Test("every user-facing literal of the CLI's, the parsers', the client's, the charts' and the dashboard's sources comes from the catalog")
    func noBareLiterals() throws {
        let (findings, _) = try Self.findings()
        #expect(findings.isEmpty, "\(findings.count) literal(s) bypass the catalog:\n\(findings.joined(separator: "\n"))\n\n\(Self.advice)")
    }

    @Test("every allow-list entry still matches a literal (stale entries go)")
    func allowListIsCurrent() throws {
        let (_, used) = try Self.findings()
        let stale = try Self.allowList().keys.filter { !used.contains($0) }.map { "\($0.path) | \($0.text)" }.sorted()
        #expect(stale.isEmpty, "CatalogLintAllowList.txt entries that match nothing any more (remove them):\n\(stale.joined(separator: "\n"))")
    }

    @Test("a literal planted in any of the folders fails the lint, named by its path and line", arguments: folders)
    func plantedLiteral(folder: String) throws {
        let plant = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: plant) }
        let dir = plant.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try """
            struct Planted {
                let key = "intake.log"
                func run() throws {
                    throw Failure(reason: "the file is not a workout log")
                }
            }
            """.write(to: dir.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
        let (findings, _) = try Self.findings(root: plant)
        #expect(findings == ["\(folder)/Planted.swift:4: \"the file is not a workout log\" (a phrase)"])
    }

    @Test("log lines and crashes are for operators: the lint passes them")
    func operatorText() {
        let literals = SwiftLiterals.scan("""
            logger.warning("bad reply dropped", metadata: [:])
            fatalError("libzmq could not create a context")
            """)
        #expect(literals.count == 2)
        #expect(literals.allSatisfy { CatalogLintTests.finding($0) == nil })
    }

    @Test("the lint flags text for people and passes keys, formats and help")
    func rules() {
        let source = #"""
            struct Sample {
                static let configuration = CommandConfiguration(abstract: "Log a drink.", discussion: """
                    Examples: quench log 250
                    """)
                @Option(help: "The fluid (default water).") var fluid: String?
                func run() {
                    print("Logged \(amount) of \(fluid)") // a phrase
                    output.line("Done") // one word, straight to the screen
                    throw ValidationError("bad")
                    let key = "intake.log" // a key
                    let format = "%.1f" // no word
                    let nested = "\(values.map { "\($0)" }.joined(separator: ", "))"
                    let table = Table(["DAY", "WATER"])
                    let raw = #"a raw "quoted" text"#
                }
            }
            """#
        let literals = SwiftLiterals.scan(source)
        let flagged = literals.filter { CatalogLintTests.finding($0) != nil }.map(\.text)
        #expect(flagged == ["Logged {} of {}", "Done", "bad", "DAY", "a raw \"quoted\" text"])
        #expect(literals.contains { $0.text == "intake.log" && $0.line == 10 })
        #expect(literals.contains { $0.text == ", " && $0.line == 12 })
    }
}

/// The catalog's error codes are the protocol's (a new code needs its meaning in every language).
@Suite("Catalog error codes")
struct CatalogErrorCodeTests {
    @Test("ServiceErrorText explains exactly the protocol's stable error codes")
    func codes() {
        #expect(Set(ServiceErrorText.codes) == Set(ErrorCode.allCases.map(\.rawValue)))
    }
}
