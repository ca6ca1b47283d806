import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

@Suite("Sample identity")
struct SampleIdentityTests {
    /// The reference vectors of the SipHash paper (key 00…0f, messages 00, 00 01, …).
    @Test("SipHash-2-4 matches the reference vectors")
    func referenceVectors() {
        let k0: UInt64 = 0x0706_0504_0302_0100
        let k1: UInt64 = 0x0F0E_0D0C_0B0A_0908
        #expect(SipHash24.hash([], k0: k0, k1: k1) == 0x726F_DB47_DD0E_0E31)
        #expect(SipHash24.hash(Array(0..<8), k0: k0, k1: k1) == 0x93F5_F579_9A93_2462)
        #expect(SipHash24.hash(Array(0..<15), k0: k0, k1: k1) == 0xA129_CA61_49BE_45E5)
    }

    /// Expected values from an independent SipHash-2-4 in Python over the bytes docs/PROTOCOL.md
    /// gives (`import.known-days`), so a client in another language can make the same digest.
    @Test("a strength set's identity and a day's digest are the documented bytes")
    func strengthIdentity() {
        var identity = SampleIdentity()
        let first = identity.strength(day: "2020-10-11", exercise: "Back Squat", sets: 1, reps: 10, weight: 45, unit: "lb", occurrence: 0)
        let second = identity.strength(day: "2020-10-11", exercise: "Back Squat", sets: 1, reps: 10, weight: 45, unit: "lb", occurrence: 1)
        #expect(first == 3_399_692_148_913_582_580)
        #expect(second == 3_253_963_630_914_204_559)
        #expect(first &+ second == 6_653_655_779_827_787_139)
    }

    @Test("hex round trip keeps 16 digits")
    func hex() {
        for value: Int64 in [0, 1, -1, .min, .max, 0x0123_4567_89AB_CDEF] {
            let text = SampleIdentity.hex(value)
            #expect(text.count == 16)
            #expect(SampleIdentity.parse(hex: text) == value)
        }
    }
}
