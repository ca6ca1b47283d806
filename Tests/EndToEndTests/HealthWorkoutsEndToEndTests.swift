import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench import workouts` against the real health-ingest executable, with
/// deploy/sample-data/workouts.csv: 12 data lines, 4 of them bad (a date, reps, a missing
/// weight, a negative weight), and two identical Back Squat sets on one day.
@Suite("Health workout log import end to end", .serialized)
struct HealthWorkoutsEndToEndTests {
    static var log: String { HealthFixture.sampleData.appendingPathComponent("workouts.csv").path }

    @Test("without the workouts consent the import is refused naming it")
    func needsConsent() async throws {
        let fixture = try await HealthFixture("workouts-consent")
        let run = try fixture.quench(["import", "workouts", Self.log, "--json"])
        #expect(run.status == 65)
        let error = try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: [String: Any]]
        #expect(error?["error"]?["code"] as? String == "failed_precondition")
        #expect((error?["error"]?["message"] as? String)?.contains("consent 'workouts' is not granted; run: quench consent grant workouts") == true)
        await fixture.close()
    }

    @Test("default mode keeps good lines and lists bad ones by number; a re-import is all duplicates")
    func lenient() async throws {
        let fixture = try await HealthFixture("workouts-lenient")
        try await fixture.grant(.workouts)
        let run = try fixture.quench(["import", "workouts", Self.log, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        #expect(report["lines"] as? Int == 12 && report["imported"] as? Int == 8 && report["duplicates"] as? Int == 0)
        let errors = (report["errors"] as? [[String: Any]]) ?? []
        #expect(errors.compactMap { $0["line"] as? Int } == [11, 12, 13, 14])
        let messages = errors.compactMap { $0["message"] as? String }
        #expect(messages.count == 4 && messages[0].hasPrefix("date:") && messages[1].hasPrefix("reps:") && messages[3].hasPrefix("weight:"))

        let sets = try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).flatMap(\.samples)
        #expect(sets.count == 8)
        #expect(sets.filter { $0.exercise == "Back Squat" && $0.sets == 1 && $0.day.description == "2025-10-11" }.count == 2)
        let bar = try #require(sets.first { $0.exercise == "Back Squat" })
        #expect(abs(bar.weightKg - 20.41165665) < 1e-6)  // 45 lb, the default unit
        #expect(sets.contains { $0.exercise == "Press, Overhead" && $0.reps == 8 })

        let again = try fixture.quench(["import", "workouts", Self.log, "--json"]).json()
        #expect(again["imported"] as? Int == 0 && again["duplicates"] as? Int == 8)
        #expect(try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).flatMap(\.samples).count == 8)

        let human = try fixture.quench(["import", "workouts", Self.log])
        #expect(human.stdout.contains("1 × reps: must be a whole number from 1 to 1000 (line 12); e.g. reps:"), "\(human.stdout)")
        await fixture.close()
    }

    /// Days in random order are sent day by day (the services keep sets by day); before a day's
    /// sets are sent, `import.known-days` is asked whether it is stored whole: a re-import sends no
    /// batch, and a partly new log sends only the days that changed, whose sets are matched one by one.
    @Test("a log is sent day by day; a re-import sends nothing; a partly new log adds exactly what is new")
    func dayOrderAndKnownDays() async throws {
        let fixture = try await HealthFixture("workouts-day-order")
        _ = try await fixture.grant(.workouts)
        let lines = [
            "Oct 13 2025,Deadlift,1,5,225", "Oct 11 2025,Back Squat,1,10,45", "Oct 12 2025,Bench Press,1,5,135",
            "Oct 11 2025,Back Squat,1,10,45", "Oct 13 2025,Deadlift,1,3,245", "Oct 11 2025,Bench Press,1,8,95",
        ]
        let log = fixture.system.directory.appendingPathComponent("shuffled.csv")
        try (["date,exercise,sets,reps,weight"] + lines).joined(separator: "\n").write(to: log, atomically: true, encoding: .utf8)
        let first = try fixture.quench(["import", "workouts", log.path, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try first.json()["imported"] as? Int == 6)
        let sent = try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).flatMap(\.samples)
        #expect(sent.map(\.day.description) == ["2025-10-11", "2025-10-11", "2025-10-11", "2025-10-12", "2025-10-13", "2025-10-13"])
        #expect(sent.filter { $0.exercise == "Back Squat" }.count == 2)

        let again = try fixture.quench(["import", "workouts", log.path, "--json"]).json()
        #expect(again["imported"] as? Int == 0 && again["duplicates"] as? Int == 6)
        let grown = fixture.system.directory.appendingPathComponent("grown.csv")
        let more = ["Oct 12 2025,Bench Press,1,5,135", "Oct 14 2025,Row,1,8,95"]
        try (["date,exercise,sets,reps,weight"] + (more + lines).reversed()).joined(separator: "\n").write(to: grown, atomically: true, encoding: .utf8)
        let partly = try fixture.quench(["import", "workouts", grown.path, "--json"]).json()
        #expect(partly["imported"] as? Int == 2 && partly["duplicates"] as? Int == 6, "\(partly)")
        let jobs = try #require(try fixture.quench(["imports", "--json"]).json()["jobs"] as? [[String: Any]])
        // Newest first: the partly new log sent one batch (days 12 and 14), the re-import none.
        #expect(jobs.compactMap { $0["batches"] as? Int } == [1, 0, 1])
        let all = try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).flatMap(\.samples)
        #expect(all.count == 8 && all.filter { $0.exercise == "Bench Press" && $0.day.description == "2025-10-12" }.count == 2)
        await fixture.close()
    }

    @Test("--strict stores nothing when a line is bad, and everything when none is; --unit kg")
    func strict() async throws {
        let fixture = try await HealthFixture("workouts-strict")
        try await fixture.grant(.workouts)
        let run = try fixture.quench(["import", "workouts", Self.log, "--strict", "--json"])
        #expect(run.status == 65)
        let report = try run.json()
        #expect(report["imported"] as? Int == 0 && (report["errors"] as? [Any])?.count == 4)
        #expect(run.stderr.contains("nothing imported"))
        #expect(try await fixture.allSamples().isEmpty)
        #expect(try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).isEmpty)

        let clean = fixture.service.dataDirectory.appendingPathComponent("clean.csv")
        try "Oct 11 2025,Back Squat,1,10,20\nOct 11 2025,Back Squat,1,10,20\nOct 12 2025,Deadlift,3,5,100.5\n".write(to: clean, atomically: true, encoding: .utf8)
        let good = try fixture.quench(["import", "workouts", clean.path, "--strict", "--unit", "kg", "--json"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try good.json()["imported"] as? Int == 3)
        let sets = try await fixture.events(EventDescriptor.healthStrengthBatchRecorded.name, as: StrengthBatchRecordedBody.self).flatMap(\.samples)
        #expect(sets.map(\.weightKg) == [20, 20, 100.5])
        await fixture.close()
    }
}
