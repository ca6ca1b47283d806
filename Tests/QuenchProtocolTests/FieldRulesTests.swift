import Foundation
import QuenchProtocol
import Testing

/// Amounts judged as sent, instants within printable years, one user-id rule, the envelope id rule.
@Suite("Field rules")
struct FieldRulesTests {
    static let max: Int64 = 6_000_000

    @Test("a volume over the limit is refused as sent, before rounding to whole microlitres", arguments: [
        (6000.0000001, VolumeUnit.milliliter), (6000.0004, .milliliter), (6.0000000001, .liter), (202.8842, .usFluidOunce),
    ])
    func overLimit(value: Double, unit: VolumeUnit) {
        #expect(throws: QuenchError.self) {
            try FieldRules.volume(value, unit: unit, maxMicrolitres: Self.max, limit: "6000 mL per entry")
        }
    }

    @Test("the limit itself and values under it pass", arguments: [
        (6000, VolumeUnit.milliliter, Int64(6_000_000)), (6, .liter, 6_000_000), (5999.9999, .milliliter, 6_000_000), (202.88, .usFluidOunce, 5_999_878), (202.8841, .usFluidOunce, 5_999_999),
    ])
    func atLimit(value: Double, unit: VolumeUnit, microlitres: Int64) throws {
        #expect(try FieldRules.volume(value, unit: unit, maxMicrolitres: Self.max, limit: "6000 mL") == microlitres)
    }

    @Test("instants beyond years 1–9999 are refused with a message that prints", arguments: [
        1e15, -1e15, 253_402_300_800, -62_135_596_801, 9.2e18,
    ])
    func outOfRangeInstant(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        do {
            _ = try FieldRules.instant(date, field: "at")
            Issue.record("accepted \(seconds)")
        } catch let error as QuenchError {
            #expect(error.field == "at")
            #expect(!error.message.contains("unavailable") && error.message.contains("9999-12-31"), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
        #expect(!FieldRules.text(date).contains("unavailable"))
    }

    @Test("instants within the years pass and print as ISO 8601")
    func inRangeInstant() throws {
        let date = Date(timeIntervalSince1970: 1_795_341_600)
        #expect(try FieldRules.instant(date, field: "at") == date)
        #expect(FieldRules.text(date) == "2026-11-22T10:00:00Z")
        #expect(try FieldRules.instant(FieldRules.instantRange.upperBound, field: "at") == FieldRules.instantRange.upperBound)
    }

    @Test("one user-id rule: what keys add-user issues is what envelopes may name")
    func userIDs() {
        for good in ["ana", "bob.smith-2@example.org", "A_Z", String(repeating: "x", count: 64)] {
            #expect(UserIDRule.isValid(good))
        }
        for bad in ["", "bob/evil", "alice/", "x\ny", "😀", "a b", "ü", "ana:x", String(repeating: "x", count: 65)] {
            #expect(!UserIDRule.isValid(bad), "\(bad.debugDescription)")
            #expect(throws: QuenchError.invalidArgument("user", "\(UserIDRule.description); got \(FieldRules.quoted(bad))")) {
                try UserIDRule.check(bad)
            }
        }
        #expect(FieldRules.quoted("x\ny\0") == "'x\\ny\\0'")
        #expect(FieldRules.quoted(String(repeating: "u", count: 5000)).hasSuffix("… (5000 bytes)"))
    }
}
