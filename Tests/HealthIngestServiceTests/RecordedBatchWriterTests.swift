import Foundation
@testable import HealthIngestService
import MessagePack
import QuenchProtocol
import Testing

@Suite("Water and weight batch event bodies, written by hand")
struct RecordedBatchWriterTests {
    static let at = Date(timeIntervalSince1970: 1_602_403_200)

    @Test("water: byte for byte the generic encoding, with and without an offset, long texts, fractional instants")
    func water() throws {
        let samples = [
            WaterRecordedBody(user: "ana", sampleId: "00ff00ff00ff00ff", volumeMl: 250, at: Self.at, day: "2020-10-11",
                              timeZone: "America/New_York", source: "Ana's iPhone", utcOffset: -14_400),
            WaterRecordedBody(user: "ana", sampleId: "8000000000000000", volumeMl: 0.125, at: Self.at.addingTimeInterval(0.001),
                              day: "2020-10-11", timeZone: "UTC", source: String(repeating: "Ü", count: 60)),
            WaterRecordedBody(user: "ana", sampleId: "0000000000000001", volumeMl: 6000, at: Date(timeIntervalSince1970: 5_000_000_000.5),
                              day: "2128-06-11", timeZone: "Asia/Kolkata", source: "WaterMinder", utcOffset: 64_800),
        ]
        for part in [samples[...], samples[1...], samples[..<0]] {
            let hand = try RecordedBatchWriter.water(user: "ana", samples: part)
            let generic = try MessagePackRaw(encoding: WaterBatchRecordedBody(user: "ana", samples: Array(part)))
            #expect(hand.raw.bytes == generic.bytes)
        }
    }

    @Test("weight: byte for byte the generic encoding, with and without zone, day and offset")
    func weight() throws {
        let samples = [
            WeightRecordedBody(user: "ana", sampleId: "00ff00ff00ff00ff", weightKg: 61.5, measuredAt: Self.at, source: "Scale",
                               timeZone: "Europe/Paris", day: "2020-10-11", utcOffset: 7200),
            WeightRecordedBody(user: "ana", sampleId: "8000000000000000", weightKg: 500, measuredAt: Self.at.addingTimeInterval(-0.5),
                               source: String(repeating: "é", count: 90)),
            WeightRecordedBody(user: "ana", sampleId: "0000000000000001", weightKg: 0.5, measuredAt: Self.at, source: "Scale",
                               day: "2020-10-10", utcOffset: -36_000),
            WeightRecordedBody(user: "ana", sampleId: "0000000000000002", weightKg: 70, measuredAt: Self.at, source: "Scale",
                               timeZone: "UTC"),
        ]
        for part in [samples[...], samples[2...], samples[..<0]] {
            let hand = try RecordedBatchWriter.weight(user: "ana", samples: part)
            let generic = try MessagePackRaw(encoding: WeightBatchRecordedBody(user: "ana", samples: Array(part)))
            #expect(hand.raw.bytes == generic.bytes)
        }
    }
}
