import Foundation
import QuenchProtocol

/// The rules an intake must meet, each failing with the field it is about.
enum IntakeRules {
    static let maxVolumeUl: Int64 = 6_000_000
    static let futureTolerance: TimeInterval = 5 * 60
    /// Nothing before 2000-01-01 is a real drink record.
    static let earliest = Date(timeIntervalSince1970: 946_684_800)

    static func unit(_ raw: String?) throws -> VolumeUnit {
        guard let raw else { return .milliliter }
        guard let unit = VolumeUnit(parsing: raw) else {
            throw QuenchError.invalidArgument("unit", "must be one of \(VolumeUnit.accepted), got '\(raw)'")
        }
        return unit
    }

    static func volume(_ value: Double, unit: VolumeUnit) throws -> Int64 {
        guard value.isFinite else {
            throw QuenchError.invalidArgument("volume", "must be a finite number, got \(value)")
        }
        guard value > 0 else {
            throw QuenchError.invalidArgument("volume", "must be greater than 0 mL, got \(value) \(unit.rawValue)")
        }
        guard let microlitres = unit.toMicrolitres(value), microlitres <= maxVolumeUl else {
            throw QuenchError.invalidArgument("volume", "must be at most 6000 mL per entry, got \(value) \(unit.rawValue)")
        }
        guard microlitres > 0 else {
            throw QuenchError.invalidArgument("volume", "must be at least 0.001 mL, got \(value) \(unit.rawValue)")
        }
        return microlitres
    }

    static func instant(_ at: Date?, now: Date) throws -> Date {
        guard let at else { return now }
        guard at.timeIntervalSince1970.isFinite else {
            throw QuenchError.invalidArgument("at", "is not a valid instant")
        }
        guard at.timeIntervalSince(now) <= futureTolerance else {
            throw QuenchError.invalidArgument("at", "is more than 5 minutes in the future (\(at), now \(now))")
        }
        guard at >= earliest else {
            throw QuenchError.invalidArgument("at", "must be on or after 2000-01-01, got \(at)")
        }
        return at
    }

    static func day(_ raw: String?, field: String = "day", default fallback: () -> LocalDay) throws -> LocalDay {
        guard let raw else { return fallback() }
        guard let day = LocalDay(raw) else {
            throw QuenchError.invalidArgument(field, "must be a date YYYY-MM-DD, got '\(raw)'")
        }
        return day
    }

    static func intakeID(_ raw: String) throws -> String {
        let id = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !id.isEmpty, id.count <= 64 else {
            throw QuenchError.invalidArgument("id", "must be an intake id (1 to 64 characters)")
        }
        return id
    }
}
