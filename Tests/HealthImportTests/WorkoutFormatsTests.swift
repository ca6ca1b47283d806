import Foundation
import HealthImport
import QuenchStrings
import QuenchTestSupport
import Testing

/// The apps' export formats, recognised from their header, over generated files for every rule
/// and over the real exports in `../shared/real-data/workouts/` against Tests/python/workouts_expect.py.
@Suite struct WorkoutFormatsTests {
    private func parse(
        _ text: String, chunk: Int? = nil, userOffset: @escaping @Sendable (Int64) -> Int = { _ in 0 }
    ) throws -> ([Result<WorkoutLine, WorkoutLineError>], WorkoutLogCounts) {
        var results: [Result<WorkoutLine, WorkoutLineError>] = []
        let parser = WorkoutLogParser(userOffset: userOffset)
        let counts = if let chunk {
            try parser.parse(chunks: TestSupport.chunks(text, size: chunk)) { results.append($0) }
        } else {
            try parser.parse(data: Array(text.utf8)) { results.append($0) }
        }
        return (results, counts)
    }

    private func good(_ results: [Result<WorkoutLine, WorkoutLineError>]) -> [WorkoutLine] {
        results.compactMap { try? $0.get() }
    }

    @Test func strongWarmUpsDropSetsTimesAndStatedUnits() throws {
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2022-07-28 20:14:20,"Ben",7m,"Squat (Barbell)",W,60.0,5,0,0,"","",
            2022-07-28 20:14:20,"Ben",7m,"Squat (Barbell)",1,110.0,6,0,0,"felt heavy, slow","",8
            2022-07-28 20:14:20,"Ben",7m,"Plank",1,0,0,0,60,,,
            2022-07-29 07:00:00,"Ben",7m,"squat  (barbell)",D,90.0,12,0,0,,,
            """
        for chunk in [nil, 1, 7] {
            let (results, counts) = try parse(text, chunk: chunk)
            #expect(counts.format == .strong && counts.lines == 3 && counts.bad == 0 && counts.skipped == ["no-reps": 1])
            #expect(good(results) == [
                WorkoutLine(lineNumber: 2, year: 2022, month: 7, day: 28, exercise: "Squat (Barbell)", sets: 1, reps: 5, weight: 60, warmup: true),
                WorkoutLine(lineNumber: 3, year: 2022, month: 7, day: 28, exercise: "Squat (Barbell)", sets: 1, reps: 6, weight: 110),
                WorkoutLine(lineNumber: 5, year: 2022, month: 7, day: 29, exercise: "squat  (barbell)", sets: 1, reps: 12, weight: 90),
            ])
        }
        let (withUnit, _) = try parse("Date,Workout Name,Exercise Name,Set Order,Weight,Weight Unit,Reps\n2023-01-02 10:00:00,A,Bench,1,135,lbs,5\n")
        #expect(good(withUnit).first?.unit == .lb)
    }

    @Test func hevyQuotedEverythingNotesWithNewlinesWarmUpsAndPounds() throws {
        let text = """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
            "Push","Jun 11, 2026, 1:01 PM","Jun 11, 2026, 2:04 PM","","Bench Press (Barbell)",,"Pause at the chest,
            then drive",0,"warmup",95,10,,,
            "Push","Jun 11, 2026, 1:01 PM","Jun 11, 2026, 2:04 PM","","Bench Press (Barbell)",,"",1,"normal",185,5,,,8
            "Push","Jun 11, 2026, 11:59 PM","","","Pull Up",,"",0,"normal",,8,,,
            "Push","11 Jun 2026, 13:01","","","Treadmill",,"",0,"normal",,,2,900,
            """
        for chunk in [nil, 1, 13] {
            let (results, counts) = try parse(text, chunk: chunk)
            #expect(counts.format == .hevy && counts.lines == 3 && counts.bad == 0 && counts.skipped == ["no-reps": 1])
            #expect(good(results) == [
                WorkoutLine(lineNumber: 2, year: 2026, month: 6, day: 11, exercise: "Bench Press (Barbell)", sets: 1, reps: 10, weight: 95, unit: .lb, warmup: true),
                WorkoutLine(lineNumber: 4, year: 2026, month: 6, day: 11, exercise: "Bench Press (Barbell)", sets: 1, reps: 5, weight: 185, unit: .lb),
                WorkoutLine(lineNumber: 5, year: 2026, month: 6, day: 11, exercise: "Pull Up", sets: 1, reps: 8, weight: 0, unit: .lb),
            ])
        }
    }

    @Test func fitNotesUnitPerRowAndUnquotedCommasInNames() throws {
        let text = """
            Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,
            2025-04-29,Deadlift,Back,225,lbs,3,,,
            2025-04-30,Running,Cardio,,,,5.0,km,00:30:00
            2025-04-30,Deadlift,Back,225,stone,3,,,
            """
        let (results, counts) = try parse(text)
        #expect(counts.format == .fitnotes && counts.lines == 3 && counts.bad == 1 && counts.skipped == ["no-reps": 1])
        #expect(good(results) == [
            WorkoutLine(lineNumber: 2, year: 2025, month: 4, day: 29, exercise: "Overhead Press (Each Side, Dumbbells)", sets: 1, reps: 5, weight: 8, unit: .kg),
            WorkoutLine(lineNumber: 3, year: 2025, month: 4, day: 29, exercise: "Deadlift", sets: 1, reps: 3, weight: 225, unit: .lb),
        ])
        guard case .failure(let error) = results[2] else { Issue.record("unit 'stone' accepted"); return }
        #expect(error == WorkoutLineError(lineNumber: 5, rule: .weightUnitRule, detail: .got(.weightUnitRule, value: "stone")))
        #expect(error.message == "weight unit: must be kg or lb (kgs, lbs), got 'stone'")
        #expect(error.problem == "weight unit: must be kg or lb (kgs, lbs)")
    }

    @Test func fitbodInstantsGoOnTheUsersDay() throws {
        let text = """
            Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
            2021-01-25 03:52:43 +0000,Barbell Squat,5,100.0,0,0,0,0,false,,1
            2021-01-25 03:50:00 +0000,Barbell Squat,8,40.0,0,0,0,0,true,,1
            2021-01-25T20:00:00-08:00,Barbell Squat,5,102.5,0,0,0,0,false,,1
            """
        // In UTC the first two are on the 25th; in New York (UTC-5) on the 24th; the third is the 26th in UTC.
        let (utc, _) = try parse(text)
        #expect(good(utc).map { [$0.month, $0.day] } == [[1, 25], [1, 25], [1, 26]])
        #expect(good(utc).map(\.warmup) == [false, true, false])
        #expect(good(utc).allSatisfy { $0.unit == .kg })
        let (newYork, counts) = try parse(text, userOffset: { _ in -5 * 3600 })
        #expect(counts.format == .fitbod)
        #expect(good(newYork).map { [$0.month, $0.day] } == [[1, 24], [1, 24], [1, 25]])
    }

    @Test func anyCsvNamingTheColumnsAndDateFormsOfTheApps() throws {
        let (results, counts) = try parse("Workout Date,Exercise,Sets,Reps,Weight (lbs)\n2020-10-11,Back Squat,3,5,225\nOct 12 2020,Back Squat,,5,230\n")
        #expect(counts.format == .csv)
        #expect(good(results) == [
            WorkoutLine(lineNumber: 2, year: 2020, month: 10, day: 11, exercise: "Back Squat", sets: 3, reps: 5, weight: 225, unit: .lb),
            WorkoutLine(lineNumber: 3, year: 2020, month: 10, day: 12, exercise: "Back Squat", sets: 1, reps: 5, weight: 230, unit: .lb),
        ])
        let (bad, badCounts) = try parse("Date,Exercise,Reps,Weight\n2021-02-30,A,5,1\n13/01/2021,A,5,1\n2021-01-01 25:00,A,5,1\n")
        #expect(badCounts.bad == 3)
        #expect(bad.compactMap { if case .failure(let e) = $0 { e.problem } else { nil } } == [
            "date: not a valid calendar date", WorkoutDateRulesText.rule, WorkoutDateRulesText.rule,
        ])
    }

    @Test func notAWorkoutLogSaysWhatItIs() throws {
        #expect(throws: NotAWorkoutLog(.appleHealthExport)) {
            try parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate)>\n]>\n<HealthData locale=\"en_US\">\n")
        }
        #expect(throws: NotAWorkoutLog.self) { try parse("PK\u{3}\u{4}rest of a zip") }
        #expect(throws: NotAWorkoutLog(.binaryFile)) {
            try parse("Oct 11 2020,Back Squat,1,10,45\n\u{0}\u{0}\u{0}")
        }
        let unknown = #expect(throws: NotAWorkoutLog.self) { try parse("name,age,city\nAda,36,London\n") }
        #expect(unknown?.reason.hasPrefix("the header 'name,age,city' names no workout log format") == true)
        // An Apple Health export.zip given by path is named as one.
        let zip = try TestSupport.zip([("apple_health_export/export.xml", Array("<HealthData/>".utf8))], named: "w-export.zip")
        #expect(throws: NotAWorkoutLog(.appleHealthExport)) {
            try WorkoutLogParser().parse(path: zip) { _ in }
        }
    }

    @Test(.timeLimit(.minutes(1))) func endlessInputEndsQuickly() throws {
        let started = ContinuousClock.now
        #expect(throws: NotAWorkoutLog(.binaryFile)) {
            try WorkoutLogParser().parse(path: "/dev/zero") { _ in }
        }
        // Endless text without a newline: the line limit ends it.
        let endless = AnySequence { AnyIterator { [UInt8](repeating: 0x61, count: 4096) } }
        #expect(throws: NotAWorkoutLog.self) { try WorkoutLogParser().parse(chunks: endless) { _ in } }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func emptyFileHasNoLines() throws {
        let (results, counts) = try parse("\n\n")
        #expect(results.isEmpty && counts.lines == 0 && counts.format == .plain)
    }

    /// Every real export, line by line, against Tests/python/workouts_expect.py (csv + datetime, nothing shared).
    @Test(.enabled(if: RealData.shouldRun)) func realExportsMatchAnIndependentReading() throws {
        let folder = try RealData.require("workouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 8)
        for name in files {
            let path = folder.appendingPathComponent(name).path
            let expected = try RealData.python("workouts_expect.py", [path])
            var lines: [WorkoutLine] = []
            var bad: [Int] = []
            let counts = try WorkoutLogParser().parse(path: path) { result in
                switch result {
                case .success(let line): lines.append(line)
                case .failure(let error): bad.append(error.lineNumber)
                }
            }
            #expect(counts.format.rawValue == expected["format"] as? String, "\(name)")
            #expect(bad == expected["bad"] as? [Int], "\(name)")
            #expect(counts.skipped["no-reps", default: 0] == expected["noReps"] as? Int, "\(name)")
            let sets = try #require(expected["sets"] as? [[Any]])
            #expect(lines.count == sets.count, "\(name)")
            for (line, set) in zip(lines, sets) {
                let day = String(format: "%04d-%02d-%02d", line.year, line.month, line.day)
                let same = line.lineNumber == set[0] as? Int && day == set[1] as? String && line.exercise == set[2] as? String
                    && line.sets == set[3] as? Int && line.reps == set[4] as? Int && line.weight == (set[5] as? NSNumber)?.doubleValue
                    && line.unit?.rawValue == set[6] as? String && line.warmup == set[7] as? Bool
                if !same {
                    Issue.record("\(name): \(line) differs from the independent reading \(set)")
                    break
                }
            }
            let keys = Set(lines.map { $0.exercise.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() })
            #expect(keys.count == expected["exercises"] as? Int, "\(name)")
        }
    }
}

/// The app-date rule's text as users see it.
enum WorkoutDateRulesText {
    static let rule = "date: must be a date like 2022-07-28, 2022-07-28 20:14:20 +0000 or Jun 11, 2026, 1:01 PM"
}
