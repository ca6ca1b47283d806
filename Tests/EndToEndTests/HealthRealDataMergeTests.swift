import Foundation
import QuenchProtocol
import Testing

/// The merge in time on a real export, against an independent computation
/// (Tests/python/health_merge.py, written from docs/PROTOCOL.md with the standard library).
/// `rgosdin_export.xml` (iOS 12, one iPhone) gets a second source from the script's `derive`:
/// a watch copy of every step record starting in an even hour, two minutes later with 90% of
/// the steps, so the two sources overlap in part on real timings. Every record is at -0400,
/// so the import's zone America/New_York gives each record the day of its own offset.
@Suite("Health real data: steps merged in time", .serialized)
struct HealthRealDataMergeTests {
    /// `../shared/real-data/apple-health` beside the clone, or `$QUENCH_REAL_DATA/apple-health`.
    static func realData() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let root = environment["QUENCH_REAL_DATA"].map { URL(fileURLWithPath: $0) }
            ?? Binaries.repositoryRoot.appendingPathComponent("../shared/real-data")
        let folder = root.appendingPathComponent("apple-health")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("rgosdin_export.xml").path) ? folder : nil
    }

    static func python(_ arguments: [String]) throws -> [String: Double] {
        let script = Binaries.repositoryRoot.appendingPathComponent("Tests/python/health_merge.py").path
        let run = try runPython([script] + arguments)
        guard run.status == 0, let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Double] else {
            throw TestFailure("health_merge.py \(arguments.first ?? "") failed: \(run.stderr)")
        }
        return object
    }

    @Test("every day of a real two-source export: Quench's merged steps equal the reference; the largest-source rule differs")
    func rgosdin() async throws {
        guard let folder = Self.realData() else {
            let message = "real data absent: ../shared/real-data/apple-health (or QUENCH_REAL_DATA) holds no rgosdin_export.xml"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(message)")
            } else {
                print("skipped: \(message)")
            }
            return
        }
        let fixture = try await HealthFixture("real-merge", timeZone: "America/New_York")
        let derived = fixture.service.dataDirectory.appendingPathComponent("rgosdin-two-sources.xml").path
        let script = Binaries.repositoryRoot.appendingPathComponent("Tests/python/health_merge.py").path
        let derive = try runPython([script, "derive", folder.appendingPathComponent("rgosdin_export.xml").path, derived])
        #expect(derive.status == 0, "\(derive.stderr)")
        let expected = try Self.python(["totals", derived])
        let largest = try Self.python(["largest", derived])
        #expect(expected.count > 20)
        // The rule before the merge gives other numbers on most days: this test tells them apart.
        #expect(expected.filter { abs($0.value - (largest[$0.key] ?? 0)) > 1 }.count > expected.count / 2)

        try await fixture.grant(.steps)
        let run = try fixture.quench(["import", "apple-health", derived, "--json"], timeZone: "America/New_York")
        #expect(run.status == 0, "\(run.stderr)")
        let days = expected.keys.sorted()
        let actual = try await fixture.daily(.steps, from: days.first!, to: days.last!)
        #expect(Set(actual.keys) == Set(expected.keys))
        for day in days {
            let want = expected[day]!, got = actual[day] ?? -1
            #expect(abs(got - want) < 1e-6 * max(1, want), "\(day): Quench \(got), reference \(want), largest source \(largest[day] ?? 0)")
        }
        // The day events analytics consumes carry the same merged numbers (rounded).
        var published: [String: Int64] = [:]
        for event in try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self) {
            published[event.day.description] = event.steps
        }
        #expect(published == expected.mapValues { Int64($0.rounded()) })
        await fixture.close()
    }
}
