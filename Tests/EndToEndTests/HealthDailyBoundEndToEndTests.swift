import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// The daily bound through the real health-ingest and the built `quench import apple-health`:
/// six records of 200,000 steps on one day, the sixth past 1,000,000, is skipped and counted as
/// `day-total-out-of-range`; the day published is the 1,000,000 analytics takes.
@Suite("Daily bound of steps end to end", .serialized)
struct HealthDailyBoundEndToEndTests {
    @Test("an import past 1,000,000 steps in a day: five stored, one counted as day-total-out-of-range; samples.add refused on samples[0].value")
    func importPastBound() async throws {
        let fixture = try await HealthFixture("daily-bound", timeZone: "UTC")
        try await fixture.grant(.steps)
        let records = (0..<6).map { hour in
            #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2025-03-10 0\#(hour):00:00 +0000" endDate="2025-03-10 0\#(hour):30:00 +0000" value="200000"/>"#
        }
        let file = fixture.service.dataDirectory.appendingPathComponent("bound.xml")
        try Data("<HealthData locale=\"en_US\">\n\(records.joined(separator: "\n"))\n</HealthData>\n".utf8).write(to: file)
        let run = try fixture.quench(["import", "apple-health", file.path, "--json"], timeZone: "UTC")
        let report = try run.json()
        #expect(report["imported"] as? Int == 5, "\(run.stdout) \(run.stderr)")
        #expect((report["skippedByReason"] as? [String: Any])?["day-total-out-of-range"] as? Int == 1, "\(run.stdout)")
        #expect(try await fixture.daily(.steps, from: "2025-03-10", to: "2025-03-10") == ["2025-03-10": 1_000_000])
        #expect(try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).last?.steps == ValueRules.stepsPerDay)

        let start = ISO8601DateFormatter().date(from: "2025-03-10T07:00:00Z")!
        do {
            let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
                SampleInput(type: "steps", value: 1, unit: "count", start: start, end: start.addingTimeInterval(60), source: "Watch"),
            ]))
            Issue.record("a step past the daily bound was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument && error.field == "samples[0].value", "\(error)")
        }
        await fixture.close()
    }
}
