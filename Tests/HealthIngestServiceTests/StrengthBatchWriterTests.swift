@testable import HealthIngestService
import MessagePack
import QuenchProtocol
import Testing

@Suite("A strength batch event's body, written by hand")
struct StrengthBatchWriterTests {
    @Test("it is byte for byte the generic encoding, with and without warm-ups, long names and large numbers")
    func sameBytes() throws {
        let day = try #require(LocalDay("2020-10-11"))
        let samples = [
            StrengthSetRecordedBody(user: "ana", sampleId: "00ff00ff00ff00ff", day: day, exercise: "Back Squat", sets: 1, reps: 10, weightKg: 20.41165665),
            StrengthSetRecordedBody(user: "ana", sampleId: "8000000000000000", day: day, exercise: String(repeating: "Ü", count: 40),
                                    sets: 100, reps: 1000, weightKg: 0, warmup: true),
            StrengthSetRecordedBody(user: "ana", sampleId: "0000000000000001", day: day, exercise: "Row", sets: 3, reps: 200, weightKg: 453.6),
        ]
        for part in [samples[...], samples[1...], samples[..<0]] {
            let hand = try StrengthBatchWriter.body(user: "ana", samples: part)
            let generic = try MessagePackRaw(encoding: StrengthBatchRecordedBody(user: "ana", samples: Array(part)))
            #expect(hand.raw.bytes == generic.bytes)
        }
    }
}
