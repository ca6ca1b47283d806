import Foundation
import QuenchProtocol
import QuenchTestSupport
import Testing

/// Every `quench` command run under the pseudo-locale (`--lang pseudo`: every letter of the
/// catalog accented, words 40 % longer, #30 part 1) as the built binary against the four real
/// services, in a 60-column terminal: a plain ASCII word on screen that is not data (a name,
/// an id, a path, a command in backticks) is text that bypassed the catalog; tables keep their
/// columns, the progress ring and the steps chart stay within the width.
@Suite("CLI pseudo-locale: every command through the catalog", .serialized)
struct CLIPseudoLocaleTests {
    static let columns = 60

    /// Words that are data, not text: the seeded names, services, consent types, units the
    /// service names, and the fixtures' words.
    static let data: Set<String> = [
        "ana", "bob", "water", "coffee", "tea", "kombucha", "Squat", "Ten", "thousand", "gold", "Watch", "Phone", "Legs", "Barbell",
        "Deadlift", "intake", "goals", "health", "ingest", "analytics", "web", "steps", "workouts", "distance", "body", "mass", "dietary",
        "step", "kg", "lb", "mL", "svg", "xml", "csv", "json", "txt", "admin", "user", "service", "tcp", "apple", "Morning", "walk",
        "SVG", "PNG", "Strong", "Bench", "Press", "workout", "settings", "sparkling", "milk", "juice", "soda", "sports", "drink", "beer", "lifts", "export", "card", "ok",
        // What the services name in their answers: erase's counts, a health status.
        "intakes", "samples", "fluids", "consents", "imports", "units", "sources", "goal", "priorities", "jobs", "events", "weights",
        // The import kind `health-auto-export` (and its fixture's file name).
        "auto",
    ]

    /// The plain ASCII words of `text` that are not data: tokens with a digit, a path, an
    /// option or an `x=y` are data; code in backticks is skipped.
    static func bypassed(_ text: String) -> [String] {
        var words: [String] = []
        var inCode = false
        var stripped = ""
        for character in text {
            if character == "`" {
                inCode.toggle()
                stripped.append(" ")
            } else {
                stripped.append(inCode ? " " : character)
            }
        }
        for token in stripped.split(whereSeparator: \.isWhitespace) {
            if token.contains(where: \.isNumber) || token.contains("/") || token.contains("=") || token.hasPrefix("-") || token.contains("@")
                || token.hasPrefix("HK")  // Apple Health's type names
                || token.count == 40 && token.contains(where: { ".:+^!/*?&<>()[]{}@%$#-=".contains($0) }) {  // a Z85 key (`keys list`)
                continue
            }
            var run = ""
            for character in token + " " {
                if character.isASCII && character.isLetter {
                    run.append(character)
                } else {
                    if run.count >= 2 && !data.contains(run) { words.append(run) }
                    run = ""
                }
            }
        }
        return words
    }

    /// The cells of a table line: runs separated by two or more spaces, as (start, end) in characters.
    static func spans(_ line: Substring) -> [(start: Int, end: Int)] {
        var spans: [(Int, Int)] = []
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            while index < characters.count && characters[index] == " " { index += 1 }
            guard index < characters.count else { break }
            let start = index
            while index < characters.count && !(characters[index] == " " && (index + 1 == characters.count || characters[index + 1] == " ")) {
                index += 1
            }
            spans.append((start, index))
        }
        return spans
    }

    /// A table's columns line up: left-aligned ones start, right-aligned ones end where their title does.
    static func aligned(_ lines: [Substring], right: Set<Int>) -> Bool {
        guard let header = lines.first else { return false }
        let titles = spans(header)
        return lines.dropFirst().allSatisfy { line in
            let cells = spans(line)
            guard cells.count == titles.count else { return false }
            return cells.indices.allSatisfy { right.contains($0) ? cells[$0].end == titles[$0].end : cells[$0].start == titles[$0].start }
        }
    }

    /// The lines of `text` wider than `columns` on screen (colours aside), but for a line of one
    /// word that cannot break: a path, a URL, a token, a command in backticks, kept whole to copy.
    static func overflowing(_ text: String, columns: Int) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            var inCode = false
            let breakable = plain.drop { $0 == " " }.contains { character in
                if character == "`" { inCode.toggle() }
                return character == " " && !inCode
            }
            return plain.count > columns && breakable
        }
    }

    struct Check {
        var arguments: [String]
        var status: Int32 = 0
        /// Output that is data by design (Prometheus text, event bodies): only the status is checked.
        var dataOutput = false
        /// A command without the global options (`down`, `services`, `keys …`): no --config, --user, --tz.
        var local = false
    }

    @Test("every leaf command speaks the pseudo-locale, tables line up, charts fit 60 columns")
    func everyCommand() async throws {
        let (system, _) = try await CLIShareTests.seeded("cli-pseudo")
        defer { Task { await system.close() } }
        let folder = system.directory
        func english(_ arguments: [String]) throws -> CLIRunner.Result { try CLIShareTests.quench(system, arguments) }
        func local(_ arguments: [String]) throws -> CLIRunner.Result {
            var runner = CLIRunner(configPath: nil, user: nil, timeZone: system.timeZone)
            runner.extraEnvironment = ["COLUMNS": "\(Self.columns)"]
            return try runner.run(arguments + ["--lang", "pseudo"])
        }
        func pseudo(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIShareTests.quench(system, arguments + ["--lang", "pseudo"], environment: ["COLUMNS": "\(Self.columns)"])
        }

        // Fixtures and ids (found in English with --json).
        let challenges = folder.appendingPathComponent("challenges.json")
        try #"{"items":[{"id":"walk-5k","title":"Morning walk","description":"","type":"step","goal":5000,"reward":{"trophy":"gold","points":5}}]}"#
            .write(to: challenges, atomically: true, encoding: .utf8)
        // The same catalog from a feed (`challenges sync`).
        let feed = try CatalogServer("pseudo")
        defer { feed.stop() }
        try feed.serve(try String(contentsOf: challenges, encoding: .utf8))
        // A Strong export (the parser's own messages about bad lines are its English detail, left out here).
        let lifts = folder.appendingPathComponent("lifts.csv")
        try CLIImportJobsTests.strong.write(to: lifts, atomically: true, encoding: .utf8)
        let export = folder.appendingPathComponent("export.xml")
        try CLIImportJobsTests.export.write(to: export, atomically: true, encoding: .utf8)
        let autoExport = folder.appendingPathComponent("auto-export.json")
        try #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": 120, "source": "Watch"}]}]}}"#
            .write(to: autoExport, atomically: true, encoding: .utf8)
        let keys = folder.appendingPathComponent("pseudo-keys").path
        let logged = try english(["log", "100", "--fluid", "tea", "--json"]).json()
        let intakeID = try #require(logged["id"] as? String)
        let workoutsJob = try #require(try english(["import", "workouts", lifts.path, "--json"]).json()["jobId"] as? String)

        // `up` on free ports of its own (--port-base), the web edge left out, stopped right after.
        let ports = try PortBase()
        defer { ports.release() }
        let deployment = folder.appendingPathComponent("pseudo-up").path
        defer { _ = try? local(["down", "--data-dir", deployment]) }

        let checks: [Check] = [
            Check(arguments: ["up", "--insecure", "--no-web", "--port-base", ports.argument, "--data-dir", deployment], local: true),
            Check(arguments: ["down", "--data-dir", deployment], local: true),
            Check(arguments: ["down", "--data-dir", folder.appendingPathComponent("nothing-here").path], local: true),
            Check(arguments: ["status"]), Check(arguments: ["status", "--health"]), Check(arguments: ["services"], local: true),
            Check(arguments: ["ping", "intake"]), Check(arguments: ["metrics", "intake"], dataOutput: true),
            Check(arguments: ["log", "250", "--fluid", "coffee"]), Check(arguments: ["intakes", "list"]),
            Check(arguments: ["intakes", "edit", intakeID, "--amount", "300"]), Check(arguments: ["intakes", "rm", intakeID]),
            Check(arguments: ["fluids", "list"]), Check(arguments: ["fluids", "add", "kombucha", "--water", "97.5"]),
            Check(arguments: ["fluids", "edit", "kombucha", "--water", "98"]),
            Check(arguments: ["goal", "show"]), Check(arguments: ["goal", "set", "2.5l"]), Check(arguments: ["goal", "history"]),
            Check(arguments: ["goal", "auto"], status: 65),
            Check(arguments: ["challenges", "list"]), Check(arguments: ["challenges", "load", challenges.path]),
            Check(arguments: ["challenges", "progress"]), Check(arguments: ["challenges", "sync", feed.url()]),
            Check(arguments: ["challenges", "sync", feed.url(), "--ca-file", challenges.path], status: 64),
            Check(arguments: ["challenges", "list"]),
            Check(arguments: ["today"]), Check(arguments: ["history", "--days", "5"]), Check(arguments: ["steps"]), Check(arguments: ["steps", "--bars"]),
            Check(arguments: ["orm"]), Check(arguments: ["workouts"]), Check(arguments: ["share", "--text"]),
            Check(arguments: ["share", "--out", folder.appendingPathComponent("card.svg").path]),
            Check(arguments: ["consent", "list"]), Check(arguments: ["consent", "grant", "body-mass"]),
            Check(arguments: ["consent", "revoke", "distance"]),
            Check(arguments: ["weight", "add", "72.5kg"]), Check(arguments: ["weight", "show"]),
            Check(arguments: ["sources", "list"]), Check(arguments: ["sources", "priority", "Watch"]),
            Check(arguments: ["import", "apple-health", export.path]), Check(arguments: ["import", "workouts", lifts.path]),
            Check(arguments: ["import", "health-auto-export", autoExport.path]),
            Check(arguments: ["imports", "list"]), Check(arguments: ["imports", "undo", workoutsJob]),
            Check(arguments: ["units", "show"]), Check(arguments: ["units", "set", "--weight", "kg"]),
            Check(arguments: ["subscribe", "--from-seq", "1", "--count", "1", "--publisher", "intake"], dataOutput: true),
            Check(arguments: ["keys", "init", "--data-dir", keys], local: true),
            Check(arguments: ["keys", "add-user", "bob", "--data-dir", keys], local: true),
            Check(arguments: ["keys", "list", "--data-dir", keys], local: true), Check(arguments: ["keys", "revoke", "bob", "--data-dir", keys], local: true),
            Check(arguments: ["analytics", "lag"]), Check(arguments: ["analytics", "rebuild"]),
            Check(arguments: ["export", "--out", folder.appendingPathComponent("export.json").path]),
            Check(arguments: ["erase", "--yes"]),
            // The web edge does not run here: its commands fail with the localized "no endpoint".
            Check(arguments: ["tokens", "create", "ana"], status: 64), Check(arguments: ["tokens", "list"], status: 64),
            Check(arguments: ["tokens", "revoke", "0123456789ab"], status: 64), Check(arguments: ["web", "open", "ana"], status: 64),
        ]

        // Every leaf command of the CLI is here (argument-parser's own tree).
        let dump = try CLIRunner(configPath: nil, user: nil).run(["--experimental-dump-help"]).stdout
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        func leaves(_ command: [String: Any], _ path: [String]) -> [String] {
            let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
            if subcommands.isEmpty { return [path.joined(separator: " ")] }
            return subcommands.flatMap { leaves($0, path + [$0["commandName"] as? String ?? "?"]) }
        }
        let all = Set(leaves(try #require(tree["command"] as? [String: Any]), []))
        let covered = Set(checks.map { check in
            all.filter { check.arguments.starts(with: $0.split(separator: " ").map(String.init)) }.max { $0.count < $1.count } ?? "?"
        })
        #expect(
            all.subtracting(covered).isEmpty,
            "leaf commands not run under the pseudo-locale: \(all.subtracting(covered).sorted()) — add a Check(arguments: […]) for each to `checks` above")

        // The layouts with longer words: tables, the ring, the chart, the card.
        let history = try pseudo(["history", "--days", "5"]).stdout.split(separator: "\n")
        #expect(Self.aligned(Array(history.prefix(6)), right: [1, 2]), "\(history.joined(separator: "\n"))")
        let intakes = try pseudo(["intakes", "list"]).stdout.split(separator: "\n")
        #expect(intakes.count >= 4 && Self.aligned(Array(intakes.dropFirst().dropLast()), right: [3, 4]), "\(intakes.joined(separator: "\n"))")
        let ring = try pseudo(["today"]).stdout.split(separator: "\n")
        #expect(ring.count >= 3 && ring[1].count <= Self.columns && ring[1].hasPrefix("█"), "\(ring.joined(separator: "\n"))")
        // In a terminal narrower than the bar, the bar gives way (10 at least).
        let narrow = try CLIShareTests.quench(system, ["today", "--lang", "pseudo"], environment: ["COLUMNS": "24"]).stdout.split(separator: "\n")
        #expect(narrow.count >= 2 && narrow[1].count == 24 && narrow[1].filter { "█░".contains($0) }.count == 19, "\(narrow)")  // 19 of bar, " 80 %"
        for arguments in [["steps"], ["steps", "--bars"]] {
            let chart = try pseudo(arguments).stdout.split(separator: "\n")
            #expect(chart.allSatisfy { $0.count <= Self.columns }, "\(chart.joined(separator: "\n"))")
            #expect(chart.contains { $0.contains("▲ ţöðàýţö") || $0.contains("ţöðàýţö ▲") }, "today marked: \(chart.joined(separator: "\n"))")
        }
        // The tables in German at 40 columns: they wrap their text columns instead of running past the width;
        // the notes under the steps chart (total, badges) wrap too.
        for arguments in [["status"], ["intakes", "list"], ["fluids", "list"], ["goal", "history"], ["challenges", "list"], ["challenges", "progress"],
                          ["history", "--days", "5"], ["workouts"], ["orm"], ["consent", "list"], ["imports", "list"], ["analytics", "lag"], ["steps"]] {
            let run = try CLIShareTests.quench(system, arguments + ["--lang", "de"], environment: ["COLUMNS": "40"])
            #expect(run.status == 0 && Self.overflowing(run.stdout + run.stderr, columns: 40).isEmpty, "quench \(arguments.joined(separator: " ")) at 40 columns:\n\(run.stdout)\(run.stderr)")
        }
        let card = try pseudo(["share"]).stdout
        let texts = card.components(separatedBy: "<text").dropFirst()
            .compactMap { $0.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first }
            .map { $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'") }
        #expect(texts.contains { $0.hasPrefix("Ṁýṁ þŕöĝŕéšš") }, "the card's title: \(texts)")
        #expect(texts.allSatisfy { Self.bypassed($0).isEmpty }, "the card: \(texts.map { Self.bypassed($0) })")
        for check in checks {
            let run = try check.local ? local(check.arguments) : pseudo(check.arguments)
            let shown = "quench \(check.arguments.joined(separator: " ")) → \(run.status)\n\(run.stdout)\(run.stderr)"
            #expect(run.status == check.status, "\(shown)")
            guard !check.dataOutput else { continue }
            // Every line within the terminal's width; the chat text of `share --text` is pasted as it is (no breaks added).
            if check.arguments != ["share", "--text"] {
                #expect(Self.overflowing(run.stdout + run.stderr, columns: Self.columns).isEmpty, "wider than \(Self.columns) columns: \(Self.overflowing(run.stdout + run.stderr, columns: Self.columns)) in\n\(shown)")
            }
            var text = run.stdout + run.stderr
            if check.status != 0 {
                // A service's refusal: the code's meaning in the language, the service's own detail after it in ( ).
                text = String(text.prefix { $0 != "(" })
            }
            #expect(Self.bypassed(text).isEmpty, "not from the catalog: \(Self.bypassed(text)) in\n\(shown)")
        }

    }

    @Test("the same commands in German and French: translated, numbers and days in the locale")
    func germanAndFrench() async throws {
        let (system, today) = try await CLIShareTests.seeded("cli-de-fr")
        defer { Task { await system.close() } }
        var runner = CLIRunner(configPath: nil, user: nil, timeZone: system.timeZone)
        runner.extraEnvironment = ["LANG": "de_DE.UTF-8"]
        _ = try CLIShareTests.quench(system, ["status", "--json"])
        let config = system.directory.appendingPathComponent("client.json").path
        let common = ["--config", config, "--user", system.user, "--tz", system.timeZone]
        let german = try runner.run(["today"] + common)
        let dayDE = "\(String(format: "%02d", today.day)).\(String(format: "%02d", today.month)).\(today.year)"
        #expect(german.status == 0 && german.stdout.contains(dayDE) && german.stdout.contains("1.500 ml von 2.000 ml (festes Ziel), noch 500 ml"), "\(german.stdout)")
        #expect(german.stdout.contains("75 %"))
        // --lang wins over LANG; LC_ALL over LANG.
        let french = try runner.run(["today", "--lang", "fr"] + common)
        #expect(french.stdout.contains("1\u{202F}500 ml sur 2\u{202F}000 ml (objectif manuel), encore 500 ml"), "\(french.stdout)")
        runner.extraEnvironment = ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"]
        #expect(try runner.run(["history", "--days", "2"] + common).stdout.contains("Série en cours"))
        runner.extraEnvironment = ["LANG": "ja_JP.UTF-8"]
        #expect(try runner.run(["history", "--days", "2"] + common).stdout.contains("Current streak"))
        // Plurals: 1 Tag / 0 Tage (the goal met today once 500 mL more are logged).
        runner.extraEnvironment = ["LANG": "de_DE.UTF-8"]
        #expect(try runner.run(["history", "--days", "2"] + common).stdout.contains("Aktuelle Serie: 0 Tage · längste: 0 Tage"))
        _ = try CLIShareTests.quench(system, ["log", "500"])
        let streak = try runner.run(["history", "--days", "2"] + common).stdout
        #expect(streak.contains("Aktuelle Serie: 1 Tag · längste: 1 Tag"), "\(streak)")
        // An unknown --lang is refused (exit 64), in the environment's language.
        let unknown = try runner.run(["today", "--lang", "xx"] + common)
        #expect(unknown.status == 64 && unknown.stderr.contains("unbekannte Sprache 'xx'"), "\(unknown.stderr)")
        // A service's refusal keeps its stable code in JSON; the message says what the code means, with the service's detail.
        let refused = try runner.run(["orm", "Bench Press", "--json"] + common)
        #expect(refused.status == 65 && refused.error()?["code"] as? String == "not_found" && refused.error()?["field"] as? String == "exercise")
        #expect((refused.error()?["message"] as? String)?.hasPrefix("exercise nicht gefunden (") == true, "\(refused.stderr)")
        // The JSON field of an argument error is the same in every language (French writes `VALUE : …`).
        for language in ["en", "de", "fr", "pseudo"] {
            let error = try runner.run(["weight", "add", "80", "--json", "--lang", language] + common).error()
            #expect(error?["field"] as? String == "VALUE" && error?["code"] as? String == "invalid_argument", "\(language): \(String(describing: error))")
        }
        let refusedText = try runner.run(["orm", "Bench Press"] + common)
        #expect(refusedText.stderr.hasPrefix("Fehler: exercise nicht gefunden ("), "\(refusedText.stderr)")
    }
}
