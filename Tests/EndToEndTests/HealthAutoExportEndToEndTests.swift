import Foundation
import HealthImport
import QuenchProtocol
import QuenchTestSupport
import Testing

/// Health Auto Export payloads imported with the built `quench import health-auto-export`
/// into the real health-ingest executable (real sockets, real SQLite file), on a machine in
/// another zone than the points (Pacific/Kiritimati, UTC+14): the real payloads of
/// ../shared/real-data/health-auto-export (read from there) against what
/// Tests/python/hae_expect.py computes independently, a generated payload, re-sends and bad files.
@Suite("Health Auto Export end to end", .serialized)
struct HealthAutoExportEndToEndTests {
    static let machineZone = "Pacific/Kiritimati"

    static var payloads: [String] {
        guard let folder = try? RealData.require("health-auto-export"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func sums(_ samples: [SampleRecord], _ type: String) -> [String: Double] {
        var days: [String: Double] = [:]
        for sample in samples where sample.type == type { days[sample.day.description, default: 0] += sample.normalizedValue }
        return days
    }

    static func close(_ a: [String: Double], _ b: Any?) -> Bool {
        let b = b as? [String: Double] ?? [:]
        return a.keys.sorted() == b.keys.sorted() && a.allSatisfy { abs($0.value - (b[$0.key] ?? .nan)) <= 1e-6 * max(1, abs($0.value)) }
    }

    static func write(_ data: Data, _ name: String) throws -> String {
        let path = TestScratch.file("hae-e2e", named: name).path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("each real payload: every point accounted for, days, weights and workouts as the script says; sent again, all duplicates",
          .enabled(if: RealData.shouldRun, "no ../shared/real-data"), arguments: payloads)
    func realPayload(file: String) async throws {
        let path = try RealData.require("health-auto-export").appendingPathComponent(file).path
        let expected = try RealData.python("hae_expect.py", [path])
        let fixture = try await HealthFixture("hae-\(file.prefix(20))", timeZone: Self.machineZone)
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater, .workouts)
        let run = try fixture.quench(["import", "health-auto-export", path, "--json"], timeZone: Self.machineZone)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        let kinds = expected["byKind"] as? [String: Int] ?? [:]
        let points = (expected["points"] as? Int ?? 0) + (expected["workouts"] as? Int ?? 0)
        #expect(report["status"] as? String == "completed")
        #expect(report["recordsSeen"] as? Int == points)
        #expect(report["imported"] as? Int == kinds.values.reduce(0, +), "\(run.stdout)")
        #expect(report["skipped"] as? Int == (expected["otherMetrics"] as? [String: Int] ?? [:]).values.reduce(0, +))
        #expect(report["otherMetrics"] as? [String: Int] ?? [:] == expected["otherMetrics"] as? [String: Int] ?? [:])

        let samples = try await fixture.allSamples()
        #expect(Self.close(Self.sums(samples, "steps"), expected["stepsByDay"]), "steps on each point's own day")
        #expect(Self.close(Self.sums(samples, "distance"), expected["distanceByDay"]))
        #expect(Self.close(Self.sums(samples, "dietary-water"), expected["water"]))
        let weights = samples.filter { $0.type == "body-mass" }.map { "\($0.day) \(String(format: "%.6f", $0.normalizedValue))" }
        let expectedWeights = ((expected["weights"] as? [[Any]]) ?? []).map { "\($0[0]) \(String(format: "%.6f", $0[1] as! Double))" }
        #expect(weights.sorted() == expectedWeights.sorted())
        let workouts = samples.filter { $0.type == "workout" }.map { "\($0.day) \($0.start.timeIntervalSince1970) \(String(format: "%.3f", $0.normalizedValue))" }
        let expectedWorkouts = ((expected["workouts_"] as? [[String: Any]]) ?? []).map {
            "\($0["day"] as! String) \($0["start"] as! Double) \(String(format: "%.3f", $0["durationS"] as! Double))"
        }
        #expect(workouts.sorted() == expectedWorkouts.sorted())

        let again = try fixture.quench(["import", "health-auto-export", path, "--json"], timeZone: Self.machineZone)
        let second = try again.json()
        #expect(second["imported"] as? Int == 0 && second["duplicates"] as? Int == report["imported"] as? Int, "\(again.stdout)")
        #expect(try await fixture.allSamples().count == samples.count)
        // The summary for people counts points, not records.
        let human = try fixture.quench(["import", "health-auto-export", path], timeZone: Self.machineZone)
        #expect((human.stdout.contains(" points (") || human.stdout.contains(" point (")) && !human.stdout.contains(" records ("), "\(human.stdout)")
        if human.stdout.contains("SKIPPED BECAUSE") {
            #expect(human.stdout.contains("POINTS") && !human.stdout.contains("RECORDS"), "\(human.stdout)")
        }
        await fixture.close()
    }

    @Test("a generated payload (the app's style, five metrics and workouts): day totals as the script says, sent again all duplicates")
    func generated() async throws {
        let count = Int(ProcessInfo.processInfo.environment["QUENCH_HAE_POINTS"] ?? "") ?? 5_000
        let path = try Self.write(HealthAutoExportGenerator.payload(points: count, seed: 7), "generated-\(count).json")
        let expected = try RealData.python("hae_expect.py", [path])
        let fixture = try await HealthFixture("hae-generated", timeZone: Self.machineZone)
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater, .workouts)
        let clock = ContinuousClock()
        var run: HealthCLIRun?
        let elapsed = try clock.measure { run = try fixture.quench(["import", "health-auto-export", path, "--json"], timeZone: Self.machineZone) }
        #expect(run?.status == 0, "\(run?.stderr ?? "")")
        let report = try #require(try run?.json())
        let kinds = expected["byKind"] as? [String: Int] ?? [:]
        #expect(report["imported"] as? Int == kinds.values.reduce(0, +), "\(run?.stdout ?? "")")
        print("health-auto-export: \(count) points imported by the CLI in \(elapsed) (debug build)")
        let samples = try await fixture.allSamples()
        #expect(Self.close(Self.sums(samples, "steps"), expected["stepsByDay"]))
        #expect(Self.close(Self.sums(samples, "distance"), expected["distanceByDay"]))
        #expect(Self.close(Self.sums(samples, "dietary-water"), expected["water"]))
        let days = try await fixture.daily(.steps, from: "2024-12-31", to: "2025-01-31")
        #expect(Self.close(days, expected["stepsByDay"]), "the merged day totals: one slot per minute, two source names that share the Watch")
        let again = try fixture.quench(["import", "health-auto-export", path, "--json"], timeZone: Self.machineZone)
        #expect(try again.json()["duplicates"] as? Int == report["imported"] as? Int)
        await fixture.close()
    }

    @Test("a file that is not a payload: exit 64 naming the part at fault, nothing imported; bad points: exit 74, the rest imported")
    func badFiles() async throws {
        let fixture = try await HealthFixture("hae-bad", timeZone: Self.machineZone)
        try await fixture.grant(.steps)
        let notJSON = try Self.write(Data("<HealthData/>".utf8), "not.json")
        let refused = try fixture.quench(["import", "health-auto-export", notJSON])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("payload"), "\(refused.stderr)")
        let wrongShape = try Self.write(Data(#"{"data": {"metrics": {"name": "step_count"}}}"#.utf8), "shape.json")
        let shape = try fixture.quench(["import", "health-auto-export", wrongShape])
        #expect(shape.status == 64 && shape.stderr.contains("data.metrics"), "\(shape.stderr)")
        let missing = try fixture.quench(["import", "health-auto-export", "/nonexistent/payload.json"])
        #expect(missing.status == 74, "\(missing.stderr)")
        let some = try Self.write(Data("""
            {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
              {"date": "2026-08-26 08:00:00 -0400", "qty": 100}, {"date": "26/08/2026", "qty": 5}, {"date": "2026-08-26 09:00:00 -0400", "qty": "n/a"}]}]}}
            """.utf8), "some.json")
        let partial = try fixture.quench(["import", "health-auto-export", some, "--json"])
        #expect(partial.status == 74, "\(partial.stderr)")
        #expect(partial.stderr.contains("2 points could not be read"), "\(partial.stderr)")
        let report = try partial.json()
        #expect(report["imported"] as? Int == 1)
        let problems = report["problems"] as? [[String: Any]] ?? []
        #expect(Set(problems.compactMap { $0["field"] as? String }) == ["data.metrics[step_count].data[*].date", "data.metrics[step_count].data[*].qty"])
        #expect(try await fixture.allSamples().count == 1)
        await fixture.close()
    }
}
