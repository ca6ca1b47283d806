import Foundation
import QuenchProtocol

/// The rules an intake must meet, each failing with the field it is about.
enum IntakeRules {
    /// The shared water range's top (``ValueRules/waterMicrolitres``): 6000 mL.
    static let maxVolumeUl: Int64 = ValueRules.waterMicrolitres.upperBound
    static let futureTolerance: TimeInterval = 5 * 60
    /// Nothing before 2000-01-01 is a real drink record.
    static let earliest = Date(timeIntervalSince1970: 946_684_800)

    static func unit(_ raw: String?) throws -> VolumeUnit {
        try FieldRules.volumeUnit(raw)
    }

    static func volume(_ value: Double, unit: VolumeUnit) throws -> Int64 {
        try FieldRules.volume(value, unit: unit, maxMicrolitres: maxVolumeUl, limit: "6000 mL per entry")
    }

    static func instant(_ at: Date?, now: Date) throws -> Date {
        guard let at else { return now }
        _ = try FieldRules.instant(at, field: "at")
        guard at.timeIntervalSince(now) <= futureTolerance else {
            throw QuenchError.invalidArgument(
                "at", "is more than 5 minutes in the future (\(FieldRules.text(at)), now \(FieldRules.text(now)))",
                rule: FieldRules.futureRule(at, now: now))
        }
        guard at >= earliest else {
            throw QuenchError.invalidArgument("at", "must be on or after 2000-01-01, got \(FieldRules.text(at))", rule: FieldRules.earliestRule(at))
        }
        return at
    }

    static func intakeID(_ raw: String) throws -> String {
        let id = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !id.isEmpty, id.count <= 64 else {
            throw QuenchError.invalidArgument("id", "must be an intake id (1 to 64 characters)")
        }
        return id
    }
}
