import Foundation
import HealthImport
import QuenchStrings
import QuenchTestSupport
import Testing

/// The parsers' errors carry their catalog message (the CLI renders it in the user's language)
/// and keep the English they always had in their text fields (`--json`, services, logs).
@Suite("Parser diagnostics: structure in the parser, words in the catalog")
struct ParserDiagnosticsTests {
    func lines(_ text: String) throws -> [Result<WorkoutLine, WorkoutLineError>] {
        var results: [Result<WorkoutLine, WorkoutLineError>] = []
        _ = try WorkoutLogParser().parse(data: Array(text.utf8)) { results.append($0) }
        return results
    }

    @Test("a bad workout line: its rule and message as catalog messages; the English unchanged")
    func workoutLine() throws {
        let results = try lines("""
            Oct 11 2020,Back Squat,1,10,45
            Oct 32 2020,Back Squat,1,10,45
            Oct 11 2020,Back Squat,1,ten,45
            Oct 11 2020,Back Squat,1,10,99999
            Oct 11 2020,Back Squat,1,10
            """)
        let errors = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.rule) == [.calendarDateRule, .wholeNumberRule(field: "reps", max: 1000), .weightRule(max: 1000), .plainFieldCountRule])
        #expect(errors.map(\.message) == [
            "date: 'Oct 32 2020' is not a valid calendar date",
            "reps: must be a whole number from 1 to 1000, got 'ten'",
            "weight: must be a number from 0 to 1000, got '99999'",
            "line: expected 5 comma-separated fields (date,exercise,sets,reps,weight), got 4",
        ])
        #expect(errors.map(\.problem)[1] == "reps: must be a whole number from 1 to 1000")
        #expect(errors[1].description == "line 3: reps: must be a whole number from 1 to 1000, got 'ten'")
        #expect(Localizer(.de)(errors[1].detail) == "reps: muss eine ganze Zahl von 1 bis 1000 sein, war 'ten'")
        #expect(Localizer(.fr)(errors[2].detail) == "weight : doit être un nombre de 0 à 1000, reçu '99999'")
    }

    @Test("a file that is no workout log: its kind, the English reason as before")
    func notAWorkoutLog() throws {
        let error = #expect(throws: NotAWorkoutLog.self) { try lines("name,age,city\nAda,36,London\n") }
        #expect(error?.kind == .unknownHeader("name,age,city"))
        #expect(error?.description == """
            line 1: the header 'name,age,city' names no workout log format Quench knows: Strong, Hevy, FitNotes, Fitbod, \
            a CSV with date, exercise, reps and weight columns, or lines like 'Oct 11 2020,Back Squat,1,10,45'
            """)
        #expect(NotAWorkoutLog(.zipArchive).reason
            == "this is a zip archive, not a workout log (an Apple Health export.zip is imported with `quench import apple-health`)")
    }

    @Test("an Apple Health input refused or cut short: its kind and position; the English as before")
    func appleHealth() throws {
        let notes = TestScratch.file("parser-diagnostics", named: "notes.txt")
        try "hello\n".write(to: notes, atomically: true, encoding: .utf8)
        let refused = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().resolveInput(path: notes.path) }
        #expect(refused?.kind == .notAnExportFile(name: "notes.txt", why: .notXML))
        #expect(refused?.reason == """
            notes.txt is not an Apple Health export (the input is not XML); pass the export.zip the Health app shares \
            (Profile → Export All Health Data), or the export.xml inside it
            """)
        let missing = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().resolveInput(path: notes.path + ".nope") }
        #expect(missing?.kind == .noSuchPath(notes.path + ".nope"))
        let truncated = #expect(throws: AppleHealthImportError.self) {
            _ = try AppleHealthParser().parse(bytes: [Array("<HealthData locale=\"en_US\">\n<Record ".utf8)]) { _ in }
        }
        // 28 bytes before `<Record ` (line 2), 36 in all.
        #expect(truncated?.description
            == "unexpected end of input inside markup starting here (input ends at byte 36); the file looks truncated (at byte 28, line 2)")
        #expect(truncated?.kind == .truncatedInMarkup(endsAt: 36) && truncated?.byteOffset == 28 && truncated?.line == 2)
        #expect(Localizer(.de)(try #require(truncated).message).contains("die Datei scheint abgeschnitten (bei Byte"))
    }

    @Test("a Health Auto Export problem: its rule and examples as catalog messages; the English (the HTTP reply) as before")
    func healthAutoExport() throws {
        let payload = try HealthAutoExportParser().parse(Data(#"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": "abc"}]}]}}"#.utf8))
        let problem = try #require(payload.summary.problems.first)
        #expect(problem.ruleText == .quantityNumber && problem.rule == "must be a number")
        #expect(problem.exampleTexts == [.got(place: "[0]", value: "abc")] && problem.examples == ["[0]: got 'abc'"])
        let encoded = String(decoding: try JSONEncoder().encode(problem), as: UTF8.self)
        #expect(!encoded.contains("ruleText") && !encoded.contains("exampleTexts"), "\(encoded)")
        let error = #expect(throws: HealthAutoExportError.self) { try HealthAutoExportParser().parse(Data("hello".utf8)) }
        #expect(error?.message.hasPrefix(#"must be a JSON object like {"data": {"metrics": […]}}: "#) == true, "\(String(describing: error))")
    }
}
