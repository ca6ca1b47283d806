import Foundation
import HealthImport
import QuenchTestSupport
import Testing

/// Every payload in ../shared/real-data/health-auto-export (real captures and the synthetic
/// fixtures of projects that ingest the app's JSON; provenance in its SOURCES.md) parsed, and
/// compared with what Tests/python/hae_expect.py (json + re, nothing shared with Quench)
/// expects: every metric, point and workout accounted for, steps/distance/water per written
/// day, each weight, each workout.
@Suite("Health Auto Export: the real payloads", .enabled(if: RealData.shouldRun, "no ../shared/real-data"))
struct HealthAutoExportRealPayloadTests {
    static var files: [String] {
        guard let folder = try? RealData.require("health-auto-export"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func day(_ record: HealthRecord) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: record.utcOffsetSeconds)!
        let parts = calendar.dateComponents([.year, .month, .day], from: record.startDate)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-9 * max(1, abs(a))
    }

    static func close(_ a: [String: Double], _ b: Any?) -> Bool {
        let b = b as? [String: Double] ?? [:]
        return a.keys.sorted() == b.keys.sorted() && a.allSatisfy { close($0.value, b[$0.key]) }
    }

    @Test("there are real payloads to test", .enabled(if: RealData.shouldRun))
    func present() throws {
        _ = try RealData.require("health-auto-export")
        #expect(Self.files.count >= 10, "\(Self.files)")
    }

    @Test("each payload parses to the figures the independent script computes", arguments: files)
    func matchesExpectation(file: String) throws {
        let path = try RealData.require("health-auto-export").appendingPathComponent(file).path
        let expected = try RealData.python("hae_expect.py", [path])
        let payload = try HealthAutoExportParser().parse(path: path)
        let summary = payload.summary

        #expect(summary.metrics == expected["metrics"] as? Int)
        #expect(summary.points == expected["points"] as? Int)
        #expect(summary.workouts == expected["workouts"] as? Int)
        #expect(summary.bad == expected["bad"] as? Int, "\(summary.problems)")
        #expect(summary.byKind == (expected["byKind"] as? [String: Int] ?? [:]))
        #expect(summary.otherMetrics == (expected["otherMetrics"] as? [String: Int] ?? [:]))
        #expect(summary.otherSections == (expected["otherSections"] as? [String: Int] ?? [:]))
        // Every point accounted for: imported, of another metric, or bad.
        let good = summary.byKind.filter { $0.key != "workout" }.values.reduce(0, +)
        let other = summary.otherMetrics.values.reduce(0, +)
        #expect(good + other + summary.bad - (summary.workouts - (summary.byKind["workout"] ?? 0)) == summary.points)

        var steps: [String: Double] = [:], distance: [String: Double] = [:], water: [String: Double] = [:]
        var weights: [[String]] = []
        for record in payload.records {
            let factor: Double = switch record.unit {
            case "mi": 1609.344
            case "km", "L": 1000
            case "lb": 0.45359237
            case "g": 0.001
            case "fl_oz_us": 29.5735295625
            default: 1
            }
            let value = record.value * factor
            switch record.kind {
            case .steps: steps[Self.day(record), default: 0] += value
            case .distance: distance[Self.day(record), default: 0] += value
            case .dietaryWater: water[Self.day(record), default: 0] += value
            case .bodyMass: weights.append([Self.day(record), String(format: "%.6f", value)])
            }
        }
        #expect(Self.close(steps, expected["stepsByDay"]), "\(steps)")
        #expect(Self.close(distance, expected["distanceByDay"]), "\(distance)")
        #expect(Self.close(water, expected["water"]), "\(water)")
        let expectedWeights = (expected["weights"] as? [[Any]] ?? []).map { [$0[0] as! String, String(format: "%.6f", $0[1] as! Double)] }
        #expect(weights == expectedWeights)

        let workouts = expected["workouts_"] as? [[String: Any]] ?? []
        #expect(payload.workouts.count == workouts.count)
        for (workout, want) in zip(payload.workouts, workouts) {
            #expect(workout.activityType.hasPrefix("HKWorkoutActivityType"))
            #expect(workout.startDate.timeIntervalSince1970 == want["start"] as? Double)
            #expect(workout.endDate.timeIntervalSince1970 == want["end"] as? Double)
            #expect(Self.close(workout.duration, want["durationS"] as? Double))
            #expect(workout.durationUnit == "s")
            let metres = workout.distance.map { $0 * (["km": 1000, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144][workout.distanceUnit ?? ""] ?? 1) }
            #expect(Self.close(metres, want["distanceM"] as? Double))
            let kcal = workout.energy.map { $0 * (workout.energyUnit == "kJ" ? 1 / 4.184 : 1) }
            #expect(Self.close(kcal, want["energyKcal"] as? Double))
        }
    }

    @Test("the time-zone travel fixture puts all three points on the day they were written")
    func ownOffsets() throws {
        let path = try RealData.require("health-auto-export").appendingPathComponent("jayyyyypatell_timezone-travel_synthetic.json").path
        let payload = try HealthAutoExportParser().parse(path: path)
        #expect(payload.records.map(Self.day) == ["2026-08-26", "2026-08-26", "2026-08-26"])
        #expect(payload.records.map(\.utcOffsetSeconds) == [9 * 3600, -7 * 3600, 5 * 3600 + 1800])
        // On three different UTC days.
        #expect(Set(payload.records.map { Int($0.startDate.timeIntervalSince1970 / 86_400) }).count >= 2)
    }
}
