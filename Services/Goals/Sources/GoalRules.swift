import QuenchProtocol

/// The rules a goal request must meet, each failing with the field it is about.
enum GoalRules {
    static let maxGoalMicrolitres: Int64 = 6_000_000

    static func unit(_ raw: String?) throws -> VolumeUnit {
        guard let raw else { return .milliliter }
        guard raw.count <= 32, let unit = VolumeUnit(parsing: raw) else {
            throw QuenchError.invalidArgument("unit", "must be one of \(VolumeUnit.accepted), got '\(raw.prefix(32))'")
        }
        return unit
    }

    /// A manual goal in mL (microlitre precision): 0 < goal ≤ 6000 mL.
    static func manualGoal(_ value: Double, unit: VolumeUnit) throws -> Double {
        guard value.isFinite else {
            throw QuenchError.invalidArgument("volume", "must be a finite number, got \(value)")
        }
        guard value > 0 else {
            throw QuenchError.invalidArgument("volume", "must be greater than 0 mL, got \(value) \(unit.rawValue)")
        }
        guard let microlitres = unit.toMicrolitres(value), microlitres <= maxGoalMicrolitres else {
            throw QuenchError.invalidArgument("volume", "must be at most 6000 mL, got \(value) \(unit.rawValue)")
        }
        guard microlitres > 0 else {
            throw QuenchError.invalidArgument("volume", "must be at least 0.001 mL, got \(value) \(unit.rawValue)")
        }
        return Microlitres.toMillilitres(microlitres)
    }

    static func day(_ raw: String?, field: String = "day", default fallback: () -> LocalDay) throws -> LocalDay {
        guard let raw else { return fallback() }
        guard raw.count <= 10, let day = LocalDay(raw) else {
            throw QuenchError.invalidArgument(field, "must be a date YYYY-MM-DD, got '\(raw.prefix(40))'")
        }
        return day
    }

    static func range(from: LocalDay, to: LocalDay) throws {
        guard from <= to else {
            throw QuenchError.invalidArgument("to", "must not be before from (\(from))")
        }
        guard from.days(to: to) < GoalDaysRequest.maxDays else {
            throw QuenchError.invalidArgument("to", "a range may span at most \(GoalDaysRequest.maxDays) days")
        }
    }
}
