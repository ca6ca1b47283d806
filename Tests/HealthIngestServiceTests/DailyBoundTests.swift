import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// One daily rule (``ValueRules/stepsPerDay``, ``ValueRules/distanceMetersPerDay``) shared by
/// health-ingest, which refuses what would pass it, and analytics, which takes every day up
/// to it: a day health-ingest accepts is never dropped downstream.
@Suite("Daily bound of steps and distance, enforced where samples enter")
struct DailyBoundTests {
    /// Five samples of 200,000 steps (the per-sample most) in five hours of 2026-10-10.
    static let fullDay = (0..<5).map { hour in
        IngestBench.steps(200_000, "2026-10-10T0\(hour):00:00Z", "2026-10-10T0\(hour):30:00Z", source: "Phone")
    }

    @Test("samples.add: 1,000,000 steps in a day are taken, one more is invalid_argument on samples[i].value naming the rule; all or nothing")
    func samplesAdd() async throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        try bench.add(Self.fullDay)
        #expect(try await bench.daily(.steps, from: "2026-10-10", to: "2026-10-10") == ["2026-10-10": 1_000_000])
        #expect(try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).last?.steps == ValueRules.stepsPerDay)

        let more = [
            IngestBench.steps(10, "2026-10-11T08:00:00Z", "2026-10-11T08:10:00Z", source: "Phone"),
            IngestBench.steps(1, "2026-10-10T09:00:00Z", "2026-10-10T09:01:00Z", source: "Watch"),
        ]
        do {
            try bench.add(more)
            Issue.record("a sample past the daily bound was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument && error.field == "samples[1].value", "\(error)")
            #expect(error.message.contains("1000000") && error.message.contains("2026-10-10"), "\(error.message)")
        }
        // Nothing of the refused request is stored: the other day stays empty.
        #expect(try await bench.daily(.steps, from: "2026-10-10", to: "2026-10-11") == ["2026-10-10": 1_000_000])
        // Sending the stored ones again is duplicates, not a refusal.
        #expect(try bench.add(Self.fullDay).duplicates == 5)
        // A sample cut by midnight is measured on each of its days: 23:00–01:00 puts 1 on the full day.
        #expect(throws: QuenchError.self) {
            try bench.add([IngestBench.steps(2, "2026-10-10T23:00:00Z", "2026-10-11T01:00:00Z", source: "Phone")])
        }
    }

    @Test("an import skips the sample that would pass the bound, counted as day-total-out-of-range, again on a re-run; distance too")
    func importBatch() throws {
        let bench = try IngestBench()
        try bench.grant(.steps, .distance)
        let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }
        var samples = Self.fullDay + [IngestBench.steps(5, "2026-10-10T06:00:00Z", "2026-10-10T06:05:00Z", source: "Phone")]
        // 400 km three times on 2026-10-12: the third passes 1000 km.
        samples += (0..<3).map { hour in
            SampleInput(
                type: "distance", value: 400, unit: "km", start: IngestBench.at("2026-10-12T1\(hour):00:00Z"),
                end: IngestBench.at("2026-10-12T1\(hour):30:00Z"), source: "Phone", utcOffset: 0)
        }
        let first = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job.jobId, samples: samples), $1) }
        #expect(first.imported == 7 && first.skipped == [SampleRejection.dayTotalOutOfRange: 2], "\(first)")
        let again = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job.jobId, samples: samples), $1) }
        #expect(again.duplicates == 7 && again.skipped == [SampleRejection.dayTotalOutOfRange: 2], "\(again)")
        let finished = try bench.write { try $0.finishImport(ImportFinishRequest(jobId: job.jobId, recordsSeen: 18), $1) }
        #expect(finished.skipped[SampleRejection.dayTotalOutOfRange] == 4)
        #expect(try bench.events(EventDescriptor.healthDistanceDayChanged.name, as: DistanceDayChangedBody.self).last?.meters == 800_000)
    }
}
