import QuenchProtocol

/// The rules a goal request must meet, each failing with the field it is about.
enum GoalRules {
    static let maxGoalMicrolitres: Int64 = 6_000_000

    static func unit(_ raw: String?) throws -> VolumeUnit {
        try FieldRules.volumeUnit(raw)
    }

    /// A manual goal in mL (microlitre precision): 0 < goal ≤ 6000 mL.
    static func manualGoal(_ value: Double, unit: VolumeUnit) throws -> Double {
        Microlitres.toMillilitres(try FieldRules.volume(value, unit: unit, maxMicrolitres: maxGoalMicrolitres, limit: "6000 mL"))
    }

    static func day(_ raw: String?, field: String = "day", default fallback: () -> LocalDay) throws -> LocalDay {
        try FieldRules.day(raw, field: field, default: fallback)
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
