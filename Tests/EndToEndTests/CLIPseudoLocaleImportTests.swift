import Foundation
import QuenchStrings
import QuenchTestSupport
import Testing

/// The import commands with bad files under the pseudo-locale (#30 part 1): the parsers'
/// diagnostics (a malformed workout line, an oversized value, a file that is no export, a
/// truncated export, unreadable records, a payload that is not JSON, a missing file) reach the
/// screen through the catalog — no plain English word outside the file's own data — while
/// `--json` keeps the parsers' English and the exit statuses stay as they were.
@Suite("CLI pseudo-locale: the import parsers' diagnostics through the catalog", .serialized)
struct CLIPseudoLocaleImportTests {
    /// Words of the bad files themselves (values the messages quote, names of fields and
    /// elements the messages give as data), besides CLIPseudoLocaleTests' data words.
    static let fileWords: Set<String> = [
        "Oct", "Back", "ten", "Squat", "stone", "HealthData", "hello", "this", "is", "not", "an", "export", "nor", "log", "date", "exercise",
        "sets", "reps", "weight", "qty", "data", "metrics", "count", "abc", "startDate", "bad", "gz", "Jun", "PM", "notes",
        // Units as a file spells them; the field an argument error names (as `AMOUNT` elsewhere).
        "kgs", "lbs", "path", "payload",
    ]

    static func bypassed(_ text: String) -> [String] {
        CLIPseudoLocaleTests.bypassed(text).filter { !fileWords.contains($0) }
    }

    struct Case {
        var name: String
        var arguments: [String]
        var status: Int32
        /// The catalog's message the diagnostic must show (rendered in the pseudo-locale).
        var message: any LocalizedMessage
        /// The same diagnostic in German.
        var german: String
    }

    @Test("bad files: every diagnostic of the parsers in the pseudo-locale and in German; --json keeps the English")
    func badFiles() async throws {
        let (system, _) = try await CLIShareTests.seeded("cli-pseudo-import")
        defer { Task { await system.close() } }
        let folder = system.directory
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        // A plain log: one good line, a bad date, a word for reps, a weight over the limit, a short line.
        let badLines = try write("bad-lines.txt", """
            Oct 11 2020,Back Squat,1,10,45
            Oct 32 2020,Back Squat,1,10,45
            Oct 11 2020,Back Squat,1,ten,45
            Oct 11 2020,Back Squat,1,10,99999
            Oct 11 2020,Back Squat,1,10
            """)
        // A Strong export with a unit no one knows.
        let strongStone = try write("stone.csv", CLIImportJobsTests.strong.replacingOccurrences(of: "1,100,kg,5", with: "1,100,stone,5"))
        let notExport = try write("notes.txt", "hello: this is not an export nor a log\n")
        let export = try write("export.xml", CLIImportJobsTests.export)
        let truncated = try write("truncated.xml", String(CLIImportJobsTests.export.dropLast("</HealthData>".count)))
        let badRecord = try write("bad-record.xml", CLIImportJobsTests.export.replacingOccurrences(
            of: #"startDate="2026-11-03 08:00:00 +0100""#, with: #"startDate="yesterday""#))
        let longLine = try write("long.csv", "date,exercise,reps,weight\n" + String(repeating: "x", count: 20_000) + "\n")
        let notJSON = try write("payload.json", "hello, this is not JSON\n")
        let badPoint = try write("bad-point.json", #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": "abc", "source": "Watch"}, {"date": "2026-08-26 09:00:00 -0400", "qty": 10, "source": "Watch"}]}]}}"#)
        let gzip = folder.appendingPathComponent("export.xml.gz").path
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: gzip))
        let missing = folder.appendingPathComponent("no-such-file.csv").path

        let cases = [
            Case(name: "malformed workout lines", arguments: ["import", "workouts", badLines], status: 0,
                 message: WorkoutLogText.got(.wholeNumberRule(field: "reps", max: 1000), value: "ten"),
                 german: "muss eine ganze Zahl von 1 bis 1000 sein, war 'ten'"),
            Case(name: "an oversized value", arguments: ["import", "workouts", badLines], status: 0,
                 message: WorkoutLogText.got(.weightRule(max: 1000), value: "99999"), german: "weight: muss eine Zahl von 0 bis 1000 sein, war '99999'"),
            Case(name: "a short plain line", arguments: ["import", "workouts", badLines], status: 0,
                 message: WorkoutLogText.plainFieldCount(got: 4), german: "Zeile: 5 durch Kommas getrennte Felder erwartet"),
            Case(name: "an unknown weight unit", arguments: ["import", "workouts", strongStone], status: 0,
                 message: WorkoutLogText.got(.weightUnitRule, value: "stone"), german: "Gewichtseinheit: muss kg oder lb sein"),
            Case(name: "a workout log that is no log", arguments: ["import", "workouts", notExport], status: 64,
                 message: WorkoutLogText.unknownHeader("hello: this is not an export nor a log"), german: "nennt kein Trainingsprotokoll-Format"),
            Case(name: "an Apple Health export given as a workout log", arguments: ["import", "workouts", export], status: 64,
                 message: WorkoutLogText.appleHealthExport, german: "das ist ein Apple-Health-Export"),
            Case(name: "a line over the limit", arguments: ["import", "workouts", longLine], status: 64,
                 message: WorkoutLogText.atLine(2, .lineTooLong(limit: 16384)), german: "länger als 16384 Bytes"),
            Case(name: "a file that is no Health export", arguments: ["import", "apple-health", notExport], status: 64,
                 message: HealthExportText.notAnExportFile(name: "notes.txt", why: .notXML), german: "ist kein Apple-Health-Export (die Eingabe ist kein XML)"),
            Case(name: "a gzip file", arguments: ["import", "apple-health", gzip], status: 64,
                 message: HealthExportText.gzip(name: "export.xml.gz"), german: "ist gzip-komprimiert"),
            Case(name: "a missing export", arguments: ["import", "apple-health", missing], status: 74,
                 message: HealthExportText.noSuchPath(missing), german: "nicht zu öffnen: keine solche Datei"),
            Case(name: "a truncated export", arguments: ["import", "apple-health", truncated], status: 74,
                 message: HealthExportText.rootNotClosed, german: "<HealthData> wurde nie geschlossen"),
            Case(name: "an unreadable record", arguments: ["import", "apple-health", badRecord], status: 74,
                 message: ImportText.skipReason("malformed (bad date: startDate)"), german: "fehlerhaft (ungültiges Datum: startDate)"),
            Case(name: "a payload that is not JSON", arguments: ["import", "health-auto-export", notJSON], status: 64,
                 message: AutoExportRuleText.notAnObject(because: .invalidJSON), german: "muss ein JSON-Objekt wie"),
            Case(name: "a point that is no number", arguments: ["import", "health-auto-export", badPoint], status: 74,
                 message: AutoExportRuleText.quantityNumber, german: "muss eine Zahl sein"),
        ]
        var failures: [String] = []
        // Text wrapped at the terminal's width reads the same with its breaks and indents as spaces.
        func flowing(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for item in cases {
            let pseudo = try CLIShareTests.quench(system, item.arguments + ["--lang", "pseudo"], environment: ["COLUMNS": "60"])
            let shown = "\(item.name): quench \(item.arguments.joined(separator: " ")) → \(pseudo.status)\n\(pseudo.stdout)\(pseudo.stderr)"
            if pseudo.status != item.status { failures.append("status \(pseudo.status), not \(item.status) — \(shown)") }
            let bypassed = Self.bypassed(pseudo.stdout + pseudo.stderr)
            if !bypassed.isEmpty { failures.append("not from the catalog: \(bypassed) — \(shown)") }
            let expected = Localizer(.pseudo)(item.message)
            if !flowing(pseudo.stdout + pseudo.stderr).contains(flowing(expected)) { failures.append("no '\(expected)' — \(shown)") }
            let german = try CLIShareTests.quench(system, item.arguments + ["--lang", "de"])
            if !flowing(german.stdout + german.stderr).contains(flowing(item.german)) {
                failures.append("German: no '\(item.german)' — \(item.name)\n\(german.stdout)\(german.stderr)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")

        // --json keeps the parsers' English (stable for scripts), whatever the language.
        let json = try CLIShareTests.quench(system, ["import", "workouts", badLines, "--json", "--lang", "de"]).json()
        let problems = (json["problems"] as? [[String: Any]] ?? []).compactMap { $0["problem"] as? String }
        #expect(problems.contains("reps: must be a whole number from 1 to 1000"), "\(problems)")
        #expect(problems.contains("date: not a valid calendar date"), "\(problems)")
        let examples = (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(examples.contains("weight: must be a number from 0 to 1000, got '99999'"), "\(examples)")
        let refused = try CLIShareTests.quench(system, ["import", "apple-health", notExport, "--json", "--lang", "fr"])
        #expect(refused.status == 64)
        #expect((refused.error()?["message"] as? String)?.contains("n’est pas un export Apple Santé (l’entrée n’est pas du XML)") == true, "\(refused.stderr)")
    }
}
