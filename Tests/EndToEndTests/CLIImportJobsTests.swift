import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Workout logs from the apps through the real executables: `quench import workouts` on a
/// Strong export and a plain log, `orm` answering from analytics, `quench imports` listing both
/// kinds of job, `quench imports undo` taking one back everywhere, and bad input ending non-zero.
@Suite("CLI import jobs", .serialized)
struct CLIImportJobsTests {
    /// A Strong export in kg: a heavy single marked as a warm-up (kept, not a record), two working sets.
    static let strong = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-02 18:00:00,"Legs",50m,"Squat (Barbell)",W,150,kg,1,0,0,"opener, too heavy","",
        2026-11-02 18:00:00,"Legs",50m,"Squat (Barbell)",1,100,kg,5,0,0,"","",8
        2026-11-02 18:00:00,"Legs",50m,"Bench Press (Barbell)",1,80,kg,1,0,0,"","",9
        """

    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 10:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Phone" unit="mL" startDate="2026-11-03 08:00:00 +0100" endDate="2026-11-03 08:00:00 +0100" value="500"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-11-03 07:00:00 +0100" endDate="2026-11-03 07:30:00 +0100"/>
        </HealthData>
        """

    static func orm(_ system: AnalyticsSystem) throws -> [String: Double] {
        let reply = try CLIAnalyticsTests.quench(system, ["orm", "--json"]).json()
        var records: [String: Double] = [:]
        for exercise in reply["exercises"] as? [[String: Any]] ?? [] {
            records[exercise["name"] as? String ?? "?"] = (exercise["personalRecord"] as? [String: Any])?["oneRepMax"] as? Double
        }
        return records
    }

    @Test("import → orm; imports lists both kinds; undo removes exactly one job's sets downstream; re-import stores them again")
    func jobsAndUndo() async throws {
        let system = try await AnalyticsSystem("cli-import-jobs", timeZone: "Europe/Berlin")
        try await system.grant([.workouts, .dietaryWater])
        let strong = system.directory.appendingPathComponent("strong.csv")
        try Self.strong.write(to: strong, atomically: true, encoding: .utf8)
        let plain = system.directory.appendingPathComponent("lifts.txt")
        try "Nov 4 2026,Deadlift,1,1,405\nNov 4 2026,squat  (BARBELL),1,1,220.5\n".write(to: plain, atomically: true, encoding: .utf8)
        let export = system.directory.appendingPathComponent("export.xml")
        try Self.export.write(to: export, atomically: true, encoding: .utf8)

        let first = try CLIAnalyticsTests.quench(system, ["import", "workouts", strong.path, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try first.json()
        #expect(report["format"] as? String == "strong" && report["imported"] as? Int == 3 && report["warmups"] as? Int == 1, "\(report)")
        let strongJob = try #require(report["jobId"] as? String)
        let second = try CLIAnalyticsTests.quench(system, ["import", "workouts", plain.path, "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try second.json()["imported"] as? Int == 2)
        let health = try CLIAnalyticsTests.quench(system, ["import", "apple-health", export.path, "--json"])
        #expect(health.status == 0, "\(health.stderr)")
        try await system.waitUntilCaughtUp()

        // 100 kg × 5 → 112.5; the warm-up's 150 is not a record; the plain log's 220.5 lb (100.02 kg) single joins "Squat (Barbell)".
        var records = try Self.orm(system)
        #expect(records == ["Bench Press (Barbell)": 80, "Squat (Barbell)": 112.5, "Deadlift": 183.7], "\(records)")

        let listed = try CLIAnalyticsTests.quench(system, ["imports", "--json"]).json()
        let jobs = try #require(listed["jobs"] as? [[String: Any]])
        #expect(jobs.map { $0["kind"] as? String } == ["apple-health", "workouts", "workouts"])
        #expect(jobs.last?["jobId"] as? String == strongJob && jobs.last?["fileName"] as? String == "strong.csv")
        let table = try CLIAnalyticsTests.quench(system, ["imports"])
        #expect(table.stdout.contains(strongJob) && table.stdout.contains("apple-health"), "\(table.stdout)")

        let undo = try CLIAnalyticsTests.quench(system, ["imports", "undo", strongJob, "--json"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try undo.json()["removed"] as? Int == 3)
        try await system.waitUntilCaughtUp()
        records = try Self.orm(system)
        #expect(records == ["Squat (Barbell)": 100.02, "Deadlift": 183.7], "\(records)")
        let again = try CLIAnalyticsTests.quench(system, ["imports", "undo", strongJob, "--json"])
        #expect(again.status == 0 && (try? again.json()["status"] as? String) == "undone")
        let after = try CLIAnalyticsTests.quench(system, ["imports", "--json"]).json()
        #expect((after["jobs"] as? [[String: Any]])?.last?["status"] as? String == "undone")

        // The Apple Health job's workout goes from analytics, its water from intake (and so from analytics' day).
        let water = { () async throws -> Double? in
            try CLIAnalyticsTests.quench(system, ["today", "--day", "2026-11-03", "--json"]).json()["totalWaterMl"] as? Double
        }
        #expect(try await eventually { try await water() == 500 })
        let healthJob = try #require(try health.json()["jobId"] as? String)
        #expect(try CLIAnalyticsTests.quench(system, ["imports", "undo", healthJob]).status == 0)
        try await system.waitUntilCaughtUp()
        let workouts = try CLIAnalyticsTests.quench(system, ["workouts", "--month", "2026-11", "--json"]).json()
        #expect((workouts["workouts"] as? [Any])?.isEmpty == true, "\(workouts)")
        #expect(try await eventually { try await water() == 0 })

        let reimport = try CLIAnalyticsTests.quench(system, ["import", "workouts", strong.path, "--json"]).json()
        #expect(reimport["imported"] as? Int == 3 && reimport["duplicates"] as? Int == 0)
        try await system.waitUntilCaughtUp()
        #expect(try Self.orm(system)["Squat (Barbell)"] == 112.5)
        await system.close()
    }

    @Test("nothing importable, an Apple Health export, /dev/zero: a non-zero exit saying why; bad lines summarised by problem")
    func badInput() async throws {
        let system = try await AnalyticsSystem("cli-import-bad", timeZone: "UTC")
        try await system.grant([.workouts])
        let export = system.directory.appendingPathComponent("export.xml")
        try Self.export.write(to: export, atomically: true, encoding: .utf8)
        let health = try CLIAnalyticsTests.quench(system, ["import", "workouts", export.path])
        #expect(health.status != 0 && health.stderr.contains("this is an Apple Health export: use `quench import apple-health`"), "\(health.stderr)")

        let started = ContinuousClock.now
        let zero = try CLIAnalyticsTests.quench(system, ["import", "workouts", "/dev/zero"])
        #expect(zero.status != 0 && zero.stderr.contains("binary"), "\(zero.stderr)")
        #expect(ContinuousClock.now - started < .seconds(20))

        let empty = system.directory.appendingPathComponent("empty.txt")
        try "\n".write(to: empty, atomically: true, encoding: .utf8)
        let none = try CLIAnalyticsTests.quench(system, ["import", "workouts", empty.path])
        #expect(none.status != 0 && none.stderr.contains("no workout sets"), "\(none.stderr)")

        let bad = system.directory.appendingPathComponent("bad.txt")
        let lines = (1...40).map { "Oct \($0 % 28 + 1) 2025,Squat,1,ten,100" } + ["Feb 30 2025,Squat,1,5,100"]
        try lines.joined(separator: "\n").write(to: bad, atomically: true, encoding: .utf8)
        let run = try CLIAnalyticsTests.quench(system, ["import", "workouts", bad.path, "--json"])
        #expect(run.status != 0)
        let report = try run.json()
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.count == 2)
        #expect(problems.first?["problem"] as? String == "reps: must be a whole number from 1 to 1000" && problems.first?["count"] as? Int == 40)
        #expect(problems.first?["lines"] as? [Int] == [1, 2, 3, 4, 5] && problems.last?["lines"] as? [Int] == [41])
        let human = try CLIAnalyticsTests.quench(system, ["import", "workouts", bad.path])
        #expect(human.stdout.components(separatedBy: "\n").count <= 4, "\(human.stdout)")
        #expect(human.stdout.contains("40 × reps: must be a whole number from 1 to 1000 (lines 1, 2, 3, 4, 5, …)"), "\(human.stdout)")
        await system.close()
    }

    @Test("display units: stored by health-ingest; orm --unit lb; the preference read by orm, today and import workouts")
    func units() async throws {
        let system = try await AnalyticsSystem("cli-units", timeZone: "UTC")
        try await system.grant([.workouts])
        let initial = try CLIAnalyticsTests.quench(system, ["units", "--json"]).json()
        #expect(initial["weight"] as? String == "kg" && initial["volume"] as? String == "mL" && initial["stored"] as? Bool == false)
        let set = try CLIAnalyticsTests.quench(system, ["units", "set", "--weight", "kg", "--volume", "L", "--json"])
        #expect(set.status == 0 && (try? set.json()["volume"] as? String) == "L", "\(set.stderr)")
        let bad = try CLIAnalyticsTests.quench(system, ["units", "set", "--volume", "gallon"])
        #expect(bad.status != 0)

        // A plain log states no unit: the stored kg applies (without a preference it would be lb).
        let log = system.directory.appendingPathComponent("lifts.txt")
        try "Nov 4 2026,Deadlift,1,1,100\n".write(to: log, atomically: true, encoding: .utf8)
        #expect(try CLIAnalyticsTests.quench(system, ["import", "workouts", log.path]).status == 0)
        try await system.waitUntilCaughtUp()
        #expect(try Self.orm(system) == ["Deadlift": 100])
        let pounds = try CLIAnalyticsTests.quench(system, ["orm", "--unit", "lb", "--json"]).json()
        #expect(pounds["unit"] as? String == "lb")
        #expect(((pounds["exercises"] as? [[String: Any]])?.first?["personalRecord"] as? [String: Any])?["oneRepMax"] as? Double == 220.46)

        #expect(try CLIAnalyticsTests.quench(system, ["units", "set", "--weight", "lb", "--volume", "fl-oz"]).status == 0)
        let shown = try CLIAnalyticsTests.quench(system, ["orm"])
        #expect(shown.stdout.contains("Record: 220.46 lb"), "\(shown.stdout)")
        let kilos = try CLIAnalyticsTests.quench(system, ["orm", "--unit", "kg"])
        #expect(kilos.stdout.contains("Record: 100 kg"), "\(kilos.stdout)")
        #expect(try CLIAnalyticsTests.quench(system, ["log", "500ml"]).status == 0)
        try await system.waitUntilCaughtUp()
        let today = try CLIAnalyticsTests.quench(system, ["today"])
        #expect(today.stdout.contains("16.9 fl oz"), "\(today.stdout)")
        #expect(try CLIAnalyticsTests.quench(system, ["today", "--json"]).json()["totalWaterMl"] as? Double == 500)
        // The share card and its chat text follow the preference too.
        let chat = try CLIAnalyticsTests.quench(system, ["share", "today", "orm", "--text"])
        #expect(chat.stdout.contains("16.9 fl oz") && chat.stdout.contains("Deadlift 220.46 lb"), "\(chat.stdout)")

        // fl oz in and out with one factor (US customary, 29.5735295625 mL): 8 oz stored as
        // 236.588 mL, 20 oz as 591.471 (29.5735 would store 591.47), a 64 oz goal as 1892.706,
        // each shown back in fl oz as typed.
        let eight = try CLIAnalyticsTests.quench(system, ["log", "8oz", "--json"]).json()
        #expect(eight["volumeMl"] as? Double == 236.588, "\(eight)")
        let twenty = try CLIAnalyticsTests.quench(system, ["log", "20oz", "--json"]).json()
        #expect(twenty["volumeMl"] as? Double == 591.471, "\(twenty)")
        let goal = try CLIAnalyticsTests.quench(system, ["goal", "set", "64oz", "--json"]).json()
        #expect(goal["goalMl"] as? Double == 1892.706, "\(goal)")
        try await system.waitUntilCaughtUp()
        let ounces = try CLIAnalyticsTests.quench(system, ["today"])
        // 500 mL + 8 oz + 20 oz = 44.907 fl oz, of 64.
        #expect(ounces.stdout.contains("44.9 fl oz") && ounces.stdout.contains("64 fl oz"), "\(ounces.stdout)")
        await system.close()
    }
}
