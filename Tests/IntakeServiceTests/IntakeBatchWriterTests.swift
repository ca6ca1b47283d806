import Foundation
@testable import IntakeService
import MessagePack
import QuenchProtocol
import Testing

@Suite("An intake batch event's body, written by hand")
struct IntakeBatchWriterTests {
    @Test("it is byte for byte the generic encoding: long texts, fractional instants, large and negative numbers, no intakes")
    func sameBytes() throws {
        let at = Date(timeIntervalSince1970: 1_602_403_200)
        let intakes = [
            IntakeRecord(id: "in-1", user: "ana", fluid: "water", volumeMl: 250, waterMl: 250, waterMicrolitres: 250_000,
                         waterPercent: 100, at: at, day: "2020-10-11", timeZone: "America/New_York", source: "apple-health",
                         createdAt: at, updatedAt: at),
            IntakeRecord(id: String(repeating: "x", count: 40), user: "ana", fluid: "coffee", volumeMl: 0.125, waterMl: 0.12,
                         waterMicrolitres: 120, waterPercent: 96.5, at: at.addingTimeInterval(0.001), day: "2020-10-11",
                         timeZone: "UTC", source: String(repeating: "Ü", count: 50), createdAt: at.addingTimeInterval(-3.25),
                         updatedAt: Date(timeIntervalSince1970: 5_000_000_000.5)),
            IntakeRecord(id: "in-3", user: "ana", fluid: "water", volumeMl: 6000, waterMl: 6000, waterMicrolitres: 6_000_000_000,
                         waterPercent: 0, at: Date(timeIntervalSince1970: -1), day: "1969-12-31", timeZone: "Asia/Kolkata",
                         source: "apple-health", createdAt: at, updatedAt: at),
        ]
        for part in [intakes, Array(intakes[1...]), []] {
            let hand = try IntakeBatchWriter.body(user: "ana", intakes: part)
            let generic = try MessagePackRaw(encoding: IntakeBatchBody(user: "ana", intakes: part))
            #expect(hand.raw.bytes == generic.bytes)
            #expect(try MessagePackDecoder().decode(IntakeBatchBody.self, from: hand.raw.bytes) == IntakeBatchBody(user: "ana", intakes: part))
        }
    }
}
