import Foundation
@testable import AnalyticsService
import MessagePack
import QuenchProtocol
import Testing

@Suite("An intake batch event's body, read by hand")
struct DecodedIntakeBatchTests {
    static let at = Date(timeIntervalSince1970: 1_602_403_200)

    static func intake(_ id: String, water: Int64, at: Date = at) -> IntakeRecord {
        IntakeRecord(id: id, user: "ana", fluid: "water", volumeMl: Double(water) / 1000, waterMl: Double(water) / 1000,
                     waterMicrolitres: water, waterPercent: 100, at: at, day: "2020-10-11", timeZone: "America/New_York",
                     source: "apple-health", createdAt: at, updatedAt: at.addingTimeInterval(0.25))
    }

    @Test("the hand reader gives what the generic decoder gives; other shapes go to the generic decoder")
    func sameAsGeneric() throws {
        let body = IntakeBatchBody(user: "ana", intakes: [
            Self.intake("in-1", water: 250_000),
            Self.intake(String(repeating: "é", count: 40), water: 6_000_000_000, at: Date(timeIntervalSince1970: 5_000_000_000.5)),
        ])
        let bytes = try MessagePackRaw(encoding: body)
        #expect(try bytes.bytes.withUnsafeBytes { try DecodedIntakeBatch.read($0) } == body)
        #expect(try bytes.decode(DecodedIntakeBatch.self).body == body)
        let empty = try MessagePackRaw(encoding: IntakeBatchBody(user: "ana", intakes: []))
        #expect(try empty.decode(DecodedIntakeBatch.self).body == IntakeBatchBody(user: "ana", intakes: []))

        // An extra key: not the generic encoder's shape, decoded as before.
        struct Odd: Codable {
            var user = "ana"
            var intakes: [IntakeRecord]
            var note = "x"
        }
        let oddBytes = try MessagePackRaw(encoding: Odd(intakes: [Self.intake("in-2", water: 1)]))
        #expect(try oddBytes.bytes.withUnsafeBytes { try DecodedIntakeBatch.read($0) } == nil)
        #expect(try oddBytes.decode(DecodedIntakeBatch.self).body == (try oddBytes.decode(IntakeBatchBody.self)))
        // A field of another type (a str for a number): refused exactly as the generic decoder refuses it.
        struct Loose: Codable {
            var user = "ana"
            var intakes: [[String: MessagePackValue]]
        }
        var fields = try MessagePackRaw(encoding: Self.intake("in-3", water: 1)).decode([String: MessagePackValue].self)
        fields["waterMicrolitres"] = .string("1")
        let wrong = try MessagePackRaw(encoding: Loose(intakes: [fields]))
        #expect(wrong.bytes.withUnsafeBytes { try? DecodedIntakeBatch.read($0) } == nil)
        #expect(throws: (any Error).self) { try wrong.decode(DecodedIntakeBatch.self) }
        #expect(throws: (any Error).self) { try wrong.decode(IntakeBatchBody.self) }
    }
}
