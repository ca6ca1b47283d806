import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Apple Health workouts through the real executables: `quench import apple-health` stores
/// them (consent `workouts`), `quench workouts` lists them on the day of their own offset,
/// a running challenge counts the run and not the walk, a revoke hides them, erase removes them.
@Suite("CLI workouts", .serialized)
struct CLIWorkoutsTests {
    /// A 21.2 km run starting 23:30 at -0500 on Nov 3 (Nov 4 in Tokyo and in UTC), a 21.1 km
    /// walk on Nov 5 at +0100, the day's walking+running distance records, one activity summary.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 10:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="Watch" unit="km" startDate="2026-11-03 23:30:00 -0500" endDate="2026-11-03 23:59:00 -0500" value="21.2"/>
         <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="Watch" unit="km" startDate="2026-11-05 08:00:00 +0100" endDate="2026-11-05 12:40:00 +0100" value="21.1"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1.75" durationUnit="hr" totalDistance="21.2" totalDistanceUnit="km" totalEnergyBurned="1500" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2026-11-03 23:30:00 -0500" endDate="2026-11-04 01:15:00 -0500">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="280" durationUnit="min" sourceName="Watch" startDate="2026-11-05 08:00:00 +0100" endDate="2026-11-05 12:40:00 +0100">
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-11-05 08:00:00 +0100" endDate="2026-11-05 12:40:00 +0100" sum="21.1" unit="km"/>
         </Workout>
         <ActivitySummary dateComponents="2026-11-05" activeEnergyBurned="900" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal"/>
        </HealthData>
        """

    static let challenges = """
        {"items": [
          {"id": "half-run", "title": "Half marathon", "description": "Run 21 km in a day.", "type": "running_distance", "goal": 21000, "reward": {"trophy": "gold", "points": 50}},
          {"id": "long-walk", "title": "Long walk", "description": "Walk or run 21 km in a day.", "type": "walking_distance", "goal": 21000, "reward": {"trophy": "silver", "points": 20}}
        ]}
        """

    static func challenge(_ system: AnalyticsSystem, _ id: String) throws -> [String: Any]? {
        let progress = try CLIAnalyticsTests.quench(system, ["challenges", "progress", "--month", "2026-11", "--json"]).json()
        return (progress["challenges"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    @Test("import stores the run and the walk; workouts lists them on their own days; a running challenge counts the run only; revoke hides them")
    func workouts() async throws {
        let system = try await AnalyticsSystem("cli-workouts", timeZone: "Asia/Tokyo")
        try await system.grant([.distance, .workouts])
        let file = system.directory.appendingPathComponent("export.xml")
        try Self.export.write(to: file, atomically: true, encoding: .utf8)
        let catalog = system.directory.appendingPathComponent("challenges.json")
        try Self.challenges.write(to: catalog, atomically: true, encoding: .utf8)
        let loaded = try CLIAnalyticsTests.quench(system, ["challenges", "load", catalog.path, "--json"])
        #expect(loaded.status == 0, "\(loaded.stdout) \(loaded.stderr)")

        let run = try CLIAnalyticsTests.quench(system, ["import", "apple-health", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        #expect(report["recordsSeen"] as? Int == 4 && report["imported"] as? Int == 4, "\(report)")
        #expect((report["byType"] as? [String: [String: Int]])?["workout"]?["imported"] == 2, "\(report)")
        let elements = report["otherElements"] as? [String: Int] ?? [:]
        #expect(elements["Workout"] == nil && elements["ActivitySummary"] == 1, "\(elements)")
        let human = try CLIAnalyticsTests.quench(system, ["import", "apple-health", file.path])
        #expect(human.stdout.contains("not imported: 1 ActivitySummary") && !human.stdout.contains("Workout"), "\(human.stdout)")
        try await system.waitUntilCaughtUp()

        let listed = try CLIAnalyticsTests.quench(system, ["workouts", "--month", "2026-11", "--json"]).json()
        let workouts = try #require(listed["workouts"] as? [[String: Any]])
        #expect(workouts.count == 2)
        #expect(workouts.map { $0["day"] as? String } == ["2026-11-03", "2026-11-05"])
        #expect(workouts.map { $0["activity"] as? String } == ["HKWorkoutActivityTypeRunning", "HKWorkoutActivityTypeWalking"])
        #expect(workouts.map { $0["distanceMeters"] as? Double } == [21_200, 21_100])
        #expect(workouts.map { $0["durationSeconds"] as? Double } == [6300, 16_800])
        #expect(workouts.first?["energyKcal"] as? Double == 1500 && workouts.last?["energyKcal"] == nil)
        let table = try CLIAnalyticsTests.quench(system, ["workouts", "--month", "2026-11"])
        #expect(table.stdout.contains("Running") && table.stdout.contains("21.20 km") && table.stdout.contains("1:45:00"), "\(table.stdout)")

        let half = try #require(try Self.challenge(system, "half-run"))
        let completed = (half["days"] as? [[String: Any]] ?? []).filter { $0["completed"] as? Bool == true }.compactMap { $0["day"] as? String }
        #expect(completed == ["2026-11-03"] && half["trophies"] as? Int == 1, "\(half)")
        let walk = try #require(try Self.challenge(system, "long-walk"))
        #expect(walk["daysCompleted"] as? Int == 2, "\(walk)")

        let revoke = try CLIAnalyticsTests.quench(system, ["consent", "revoke", "workouts"])
        #expect(revoke.status == 0, "\(revoke.stderr)")
        try await system.waitUntilCaughtUp()
        let hidden = try CLIAnalyticsTests.quench(system, ["workouts", "--month", "2026-11", "--json"]).json()
        #expect((hidden["workouts"] as? [Any])?.isEmpty == true && hidden["revoked"] as? [String] == ["workouts"])
        #expect(try Self.challenge(system, "half-run")?["daysCompleted"] as? Int == 0)
        await system.close()
    }
}
