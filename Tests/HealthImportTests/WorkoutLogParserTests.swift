import Foundation
import HealthImport
import QuenchStrings
import Testing

@Suite struct WorkoutLogParserTests {
    private func parse(_ text: String, maxLineBytes: Int = 4096, chunk: Int? = nil) throws -> ([Result<WorkoutLine, WorkoutLineError>], WorkoutLogCounts) {
        var results: [Result<WorkoutLine, WorkoutLineError>] = []
        let parser = WorkoutLogParser(maxLineBytes: maxLineBytes)
        let counts = if let chunk {
            try parser.parse(chunks: TestSupport.chunks(text, size: chunk)) { results.append($0) }
        } else {
            try parser.parse(data: Array(text.utf8)) { results.append($0) }
        }
        return (results, counts)
    }

    private func message(_ line: String) throws -> String? {
        let (results, _) = try parse(line + "\n")
        guard case .failure(let error) = try #require(results.first) else { return nil }
        return error.message
    }

    private func problem(_ line: String) throws -> String? {
        let (results, _) = try parse(line + "\n")
        guard case .failure(let error) = try #require(results.first) else { return nil }
        return error.problem
    }

    @Test func goodLinesWithHeaderBlankCommentsQuotesAndCRLF() throws {
        let text = "Date,Exercise,Sets,Reps,Weight\r\n\r\n# warm-up below\r\n   # indented comment\r\nOct 11 2020,Back Squat,1,10,45\r\n  feb 29 2024 , \"Squat, Back\" , 3 ,5, 102.5 \r\nJan 1 2021,\"The \"\"Big\"\" Lift\",100,1000,0\nDec 31 1999,Pull-up,2,8,0"
        for chunk in [nil, 1, 3, 17] {
            let (results, counts) = try parse(text, chunk: chunk)
            #expect(counts.lines == 4 && counts.bad == 0)
            #expect(results.map { try? $0.get() } == [
                WorkoutLine(lineNumber: 5, year: 2020, month: 10, day: 11, exercise: "Back Squat", sets: 1, reps: 10, weight: 45),
                WorkoutLine(lineNumber: 6, year: 2024, month: 2, day: 29, exercise: "Squat, Back", sets: 3, reps: 5, weight: 102.5),
                WorkoutLine(lineNumber: 7, year: 2021, month: 1, day: 1, exercise: "The \"Big\" Lift", sets: 100, reps: 1000, weight: 0),
                WorkoutLine(lineNumber: 8, year: 1999, month: 12, day: 31, exercise: "Pull-up", sets: 2, reps: 8, weight: 0),
            ])
        }
    }

    @Test func eachBadFieldNamesItsRule() throws {
        #expect(try message("Oct 11 2020,Back Squat,1,ten,45") == "reps: must be a whole number from 1 to 1000, got 'ten'")
        #expect(try message("Oct 11 2020,Back Squat,1,1001,45") == "reps: must be a whole number from 1 to 1000, got '1001'")
        #expect(try message("Oct 11 2020,Back Squat,0,10,45") == "sets: must be a whole number from 1 to 100, got '0'")
        #expect(try message("Oct 11 2020,Back Squat,1.5,10,45") == "sets: must be a whole number from 1 to 100, got '1.5'")
        #expect(try message("Oct 11 2020,Back Squat,1,10,1000.5") == "weight: must be a number from 0 to 1000, got '1000.5'")
        #expect(try message("Oct 11 2020,Back Squat,1,10,-5") == "weight: must be a number from 0 to 1000, got '-5'")
        #expect(try message("Oct 11 2020,Back Squat,1,10,nan") == "weight: must be a number from 0 to 1000, got 'nan'")
        #expect(try message("Oct 11 2020,Back Squat,1,10,1e3") == "weight: must be a number from 0 to 1000, got '1e3'")
        #expect(try message("Oct 11 2020,  ,1,10,45") == "exercise: must be 1 to 100 characters, got 0")
        #expect(try message("Oct 11 2020,\(String(repeating: "é", count: 101)),1,10,45") == "exercise: must be 1 to 100 characters, got 101")
        #expect(try message("Feb 30 2020,Back Squat,1,10,45") == "date: 'Feb 30 2020' is not a valid calendar date")
        #expect(try message("Feb 29 2021,Back Squat,1,10,45") == "date: 'Feb 29 2021' is not a valid calendar date")
        #expect(try message("2020-10-11,Back Squat,1,10,45") == "date: must be like 'Oct 11 2020' (MMM d yyyy), got '2020-10-11'")
        #expect(try message("Okt 11 2020,Back Squat,1,10,45") == "date: must be like 'Oct 11 2020' (MMM d yyyy), got 'Okt 11 2020'")
        #expect(try message("Oct 11 2020,Back Squat,1,10") == "line: expected 5 comma-separated fields (date,exercise,sets,reps,weight), got 4")
        #expect(try message("Oct 11 2020,Back Squat,1,10,45,extra") == "line: expected 5 comma-separated fields (date,exercise,sets,reps,weight), got 6")
        #expect(try message("Oct 11 2020,\"Back Squat,1,10,45") == "line: unterminated quoted field 2")
        #expect(try problem("Oct 11 2020,Back Squat,1,ten,45") == "reps: must be a whole number from 1 to 1000")
        #expect(try problem("Feb 30 2020,Back Squat,1,10,45") == "date: not a valid calendar date")
    }

    @Test func badLinesAreCountedAndParsingContinues() throws {
        let text = "Oct 11 2020,Back Squat,1,10,45\nFeb 30 2020,Back Squat,1,10,45\nOct 12 2020,Deadlift,1,5,100\n"
        let (results, counts) = try parse(text)
        #expect(counts.lines == 3 && counts.bad == 1)
        #expect(results.compactMap { try? $0.get().lineNumber } == [1, 3])
        if case .failure(let error) = results[1] { #expect(error.lineNumber == 2) } else { Issue.record("line 2 should be bad") }
    }

    @Test func overLongLineEndsTheParse() throws {
        let long = "Oct 11 2020," + String(repeating: "x", count: 10_000) + ",1,10,45"
        let text = "Oct 11 2020,Squat,1,10,45\n" + long + "\r\nOct 12 2020,Squat,1,10,45"
        for chunk in [nil, 100, 4096] {
            #expect(throws: NotAWorkoutLog(.lineTooLong(limit: 256), lineNumber: 2)) {
                try parse(text, maxLineBytes: 256, chunk: chunk)
            }
        }
    }

    @Test func headerOnlyCountsAsFirstContentLine() throws {
        let (results, counts) = try parse("Oct 11 2020,Squat,1,10,45\ndate,exercise,sets,reps,weight\n")
        #expect(counts.lines == 2 && counts.bad == 1)
        #expect((try? results[0].get()) != nil)
    }

    @Test func readsFromAFile() throws {
        let path = try TestSupport.write("date,exercise,sets,reps,weight\nOct 11 2020,Back Squat,1,10,45\n", named: "log.csv")
        var lines: [WorkoutLine] = []
        let counts = try WorkoutLogParser().parse(path: path) { if case .success(let line) = $0 { lines.append(line) } }
        #expect(counts.lines == 1 && counts.bad == 0)
        #expect(lines.first?.exercise == "Back Squat")
    }
}
