import QuenchProtocol

/// The rules a goal request must meet, each failing with the field it is about.
enum GoalRules {

    static func unit(_ raw: String?) throws -> VolumeUnit {
        try FieldRules.volumeUnit(raw)
    }

    /// A manual goal in mL (microlitre precision): 500 mL ≤ goal ≤ 6000 mL (`GoalVolumeRule`,
    /// which the CLI applies too).
    static func manualGoal(_ value: Double, unit: VolumeUnit) throws -> Double {
        Microlitres.toMillilitres(try GoalVolumeRule.microlitres(value, unit: unit))
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
