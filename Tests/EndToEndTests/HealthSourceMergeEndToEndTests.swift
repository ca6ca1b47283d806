import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Steps and distance from several sources merged in time, through the real health-ingest
/// and the built `quench`: the hand-worked day of `DayTotalsTests` (offsets in seconds from
/// 2025-06-10 08:00 UTC), its iPhone spelled two ways and its devices carrying addresses.
/// The largest source's sum, the rule before the merge, is 1200; merged it is 1505 (watch
/// first) or 1655 (iPhone first).
@Suite("Health sources merged in time end to end", .serialized)
struct HealthSourceMergeEndToEndTests {
    static let base = Date(timeIntervalSince1970: 1_749_542_400)  // 2025-06-10 08:00:00 UTC
    static let day = "2025-06-10"

    static func samples(_ type: SampleType, unit: String) -> [SampleInput] {
        func sample(_ source: String, _ start: Double, _ end: Double, _ value: Double, device: String? = nil) -> SampleInput {
            SampleInput(
                type: type.rawValue, value: value, unit: unit, start: base.addingTimeInterval(start), end: base.addingTimeInterval(end),
                source: source, device: device)
        }
        let phone = { (address: String) in
            "<<HKDevice: \(address)>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3>"
        }
        return [
            sample("Ann’s Apple Watch", 0, 60, 600), sample("Ann’s Apple Watch", 120, 180, 300),
            sample("Ann's iPhone", 30, 90, 600, device: phone("0x283a0c0f0")),
            sample("Ann’s iPhone", 90, 150, 600, device: phone("0x282e30280")),
            sample("Bar", 90, 90, 7), sample("Bar", 200, 200, 5),
        ]
    }

    @Test("merged steps and distance in the daily totals and the day events; priority re-publishes both; quench sources lists and sets")
    func merge() async throws {
        let fixture = try await HealthFixture("source-merge", timeZone: "UTC")
        try await fixture.grant(.steps, .distance)
        let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: Self.samples(.steps, unit: "count")))
        let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: Self.samples(.distance, unit: "m")))

        let samples = try await fixture.allSamples()
        #expect(samples.count == 12)
        #expect(Set(samples.compactMap(\.device)) == ["name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3"])
        // Before the merge: the largest source's sum. Its sources as stored, one iPhone in two spellings.
        let bySource = Dictionary(grouping: samples.filter { $0.type == "steps" }, by: \.source).mapValues { $0.reduce(0) { $0 + $1.normalizedValue } }
        #expect(bySource.values.max() == 900)

        #expect(try await fixture.daily(.steps, from: Self.day, to: Self.day) == [Self.day: 1505])
        #expect(try await fixture.daily(.distance, from: Self.day, to: Self.day) == [Self.day: 1505])
        #expect(try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).last?.steps == 1505)
        #expect(try await fixture.events(EventDescriptor.healthDistanceDayChanged.name, as: DistanceDayChangedBody.self).last?.meters == 1505)

        let listed = try fixture.quench(["sources", "--json"], timeZone: "UTC")
        #expect(listed.status == 0, "\(listed.stderr)")
        let report = try listed.json()
        let seen = (report["sources"] as? [[String: Any]]) ?? []
        #expect(seen.map { $0["kind"] as? String } == ["watch", "phone", "other"])
        #expect(seen.map { $0["samples"] as? Int } == [4, 4, 4])
        #expect(report["rule"] as? String == "merge")

        let set = try fixture.quench(["sources", "priority", "ANN'S IPHONE"], timeZone: "UTC")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("1. Ann") && set.stdout.contains("iPhone") && set.stdout.contains("your priority"), "\(set.stdout)")
        #expect(try await fixture.daily(.steps, from: Self.day, to: Self.day) == [Self.day: 1655])
        #expect(try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map(\.steps) == [1505, 1655])
        #expect(try await fixture.events(EventDescriptor.healthDistanceDayChanged.name, as: DistanceDayChangedBody.self).map(\.meters) == [1505, 1655])

        let cleared = try fixture.quench(["sources", "priority", "--clear"], timeZone: "UTC")
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map(\.steps) == [1505, 1655, 1505])
        let twice = try fixture.quench(["sources", "priority", "Bar", "bar"], timeZone: "UTC")
        #expect(twice.status != 0 && twice.stderr.contains("sources[1]"), "\(twice.stderr)")
        await fixture.close()
    }
}
