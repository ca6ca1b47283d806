import Foundation
import HealthImport
import QuenchTestSupport
import Testing

/// Top-level `Workout` elements: delivered with their type, instants, own offset, source and
/// quantities; the real exports compared with Tests/python/apple_health_expect.py (xml.etree).
@Suite("Apple Health: workouts")
struct AppleHealthWorkoutTests {
    static let seconds: [String: Double] = ["s": 1, "min": 60, "hr": 3600, "h": 3600]
    static let kcal: [String: Double] = ["kcal": 1, "Cal": 1, "cal": 0.001, "kJ": 1 / 4.184, "J": 1 / 4184]

    static func parse(_ xml: String, size: Int) throws -> ([HealthWorkout], AppleHealthSummary) {
        var workouts: [HealthWorkout] = []
        let summary = try AppleHealthParser().parse(
            bytes: TestSupport.chunks(xml, size: size), onWorkout: { workouts.append($0) }) { _ in }
        return (workouts, summary)
    }

    static func near(_ a: Double?, _ b: Any?) -> Bool {
        guard let a else { return b == nil || b is NSNull }
        guard let b = b as? Double else { return false }
        return abs(a - b) <= 1e-6 * max(1, abs(b))
    }

    @Test("each real export's workouts match the independent script", .enabled(if: RealData.shouldRun("apple-health"), "no ../shared/real-data/apple-health"),
          arguments: ["dogsheep_export.xml", "dogsheep_export.zip", "grll_export_v14.xml", "ericwolter_export_ios8.xml"])
    func realExports(file: String) throws {
        let path = try RealData.require("apple-health").appendingPathComponent(file).path
        let expected = (try RealData.python("apple_health_expect.py", [path])["workouts"] as? [[String: Any]]) ?? []
        var workouts: [HealthWorkout] = []
        let summary = try AppleHealthParser().parse(path: path, onWorkout: { workouts.append($0) }) { _ in }
        #expect(workouts.count == expected.count && summary.workouts == expected.count)
        #expect(summary.malformedWorkouts.isEmpty)
        for (workout, want) in zip(workouts, expected) {
            #expect(workout.activityType == want["type"] as? String)
            #expect(workout.sourceName == want["source"] as? String)
            #expect(workout.startDate.timeIntervalSince1970 == want["start"] as? Double)
            #expect(workout.endDate.timeIntervalSince1970 == want["end"] as? Double)
            #expect(Self.near(workout.duration.map { $0 * Self.seconds[workout.durationUnit ?? "min"]! }, want["durationS"]))
            #expect(Self.near(workout.distance.map { $0 * AppleHealthRealExportTests.metres[workout.distanceUnit!]! }, want["distanceM"]))
            #expect(Self.near(workout.energy.map { $0 * Self.kcal[workout.energyUnit!]! }, want["energyKcal"]))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: workout.utcOffsetSeconds)!
            let parts = calendar.dateComponents([.year, .month, .day], from: workout.startDate)
            #expect(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!) == want["day"] as? String)
        }
    }

    static let generated = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-03-09 23:50:00 -0500" endDate="2024-03-09 23:55:00 -0500" value="10"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1.75" durationUnit="hr" sourceName="Watch &amp; Co" startDate="2024-03-09 23:30:00 -0500" endDate="2024-03-10 01:15:00 -0500">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-03-09 23:30:00 -0500" endDate="2024-03-10 01:15:00 -0500" sum="21.1" unit="km"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-03-09 23:30:00 -0500" endDate="2024-03-10 01:15:00 -0500" sum="1500" unit="kcal"/>
          <WorkoutRoute sourceName="Phone" startDate="2024-03-09 23:30:00 -0500" endDate="2024-03-10 01:15:00 -0500"><FileReference path="/r.gpx"/></WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="300" durationUnit="min" totalDistance="13.1" totalDistanceUnit="mi" sourceName="Watch" startDate="2024-03-11 06:00:00 +0900" endDate="2024-03-11 11:00:00 +0900"/>
         <Workout duration="5" durationUnit="min" sourceName="Watch" startDate="2024-03-11 06:00:00 +0900" endDate="2024-03-11 06:05:00 +0900"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeYoga" sourceName="Watch" startDate="yesterday" endDate="2024-03-11 06:05:00 +0900"/>
         <ActivitySummary dateComponents="2024-03-09" activeEnergyBurned="300"/>
        </HealthData>
        """

    @Test("statistics children fill what the attributes leave out; malformed ones are counted by reason; any chunking",
          arguments: [1, 7, 64, 100_000])
    func generated(size: Int) throws {
        let (workouts, summary) = try Self.parse(Self.generated, size: size)
        #expect(workouts.count == 2 && summary.workouts == 2)
        #expect(summary.malformedWorkouts == ["missing attribute: workoutActivityType": 1, "bad date: startDate": 1])
        #expect(summary.otherElements["Workout"] == 4 && summary.otherElements["ActivitySummary"] == 1)
        let run = try #require(workouts.first)
        #expect(run.activityType == "HKWorkoutActivityTypeRunning" && run.sourceName == "Watch & Co")
        #expect(run.duration == 1.75 && run.durationUnit == "hr")
        #expect(run.distance == 21.1 && run.distanceUnit == "km" && run.energy == 1500 && run.energyUnit == "kcal")
        #expect(run.utcOffsetSeconds == -18000 && run.startDate == Date(timeIntervalSince1970: 1_710_045_000))
        let walk = workouts[1]
        #expect(walk.distance == 13.1 && walk.distanceUnit == "mi" && walk.energy == nil && walk.energyUnit == nil)
        #expect(walk.utcOffsetSeconds == 32400)
    }
}
