import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// Water and weight events say at which offset their `day` was taken (`utcOffset`), the
/// record's own for an import; `timeZone` stays the request's zone.
@Suite("Water and weight events carry the offset of their day")
struct RecordedEventOffsetTests {
    @Test("an imported record at -04:00 read in a UTC request: day 2019-05-15, utcOffset -14400, timeZone UTC")
    func imported() throws {
        let bench = try IngestBench()
        try bench.grant(.dietaryWater, .bodyMass)
        let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }
        let at = IngestBench.at("2019-05-16T03:50:00Z")  // 23:50 on the 15th at -0400, 03:50 on the 16th in UTC
        let reply = try bench.write {
            try $0.importBatch(ImportBatchRequest(jobId: job.jobId, samples: [
                SampleInput(type: "dietary-water", value: 250, unit: "mL", start: at, source: "Waterllama", utcOffset: -14_400),
                SampleInput(type: "body-mass", value: 70, unit: "kg", start: at, source: "Scale", utcOffset: -14_400),
            ]), $1)
        }
        #expect(reply.imported == 2)
        let water = try #require(try bench.events(EventDescriptor.healthWaterBatchRecorded.name, as: WaterBatchRecordedBody.self).first?.samples.first)
        #expect(water.day == "2019-05-15" && water.utcOffset == -14_400 && water.timeZone == "UTC", "\(water)")
        let weight = try #require(try bench.events(EventDescriptor.healthWeightBatchRecorded.name, as: WeightBatchRecordedBody.self).first?.samples.first)
        #expect(weight.day == "2019-05-15" && weight.utcOffset == -14_400 && weight.timeZone == "UTC", "\(weight)")
    }

    @Test("samples.add without an offset: the request zone's offset at the instant (New York, still EDT on 2026-11-01T03:00Z)")
    func requestZone() throws {
        let bench = try IngestBench()
        try bench.grant(.dietaryWater)
        try bench.add(
            [SampleInput(type: "dietary-water", value: 300, unit: "mL", start: IngestBench.at("2026-11-01T03:00:00Z"))],
            timeZone: "America/New_York")
        let water = try #require(try bench.events(EventDescriptor.healthWaterRecorded.name, as: WaterRecordedBody.self).first)
        #expect(water.day == "2026-10-31" && water.utcOffset == -14_400 && water.timeZone == "America/New_York", "\(water)")
    }
}
