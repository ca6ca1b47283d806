/// The rule for a manual daily water goal, shared by the goals service (`goal.set`) and the
/// CLI (`quench goal set`), so both refuse the same goals with the same words: a finite
/// volume from 500 mL (a floor: a smaller "goal" is a typo, e.g. `goal set 2.5` for 2.5 L)
/// to 6000 mL, judged as sent (before rounding to microlitres).
public enum GoalVolumeRule {
    public static let minMicrolitres: Int64 = 500_000
    public static let maxMicrolitres: Int64 = 6_000_000
    /// The rule as messages state it.
    public static let text = "a daily goal must be at least 500 mL and at most 6000 mL"

    /// The goal in whole microlitres, or `invalid_argument` on `field` stating the rule.
    public static func microlitres(_ value: Double, unit: VolumeUnit, field: String = "volume") throws -> Int64 {
        let exact = value * unit.microlitres
        guard value.isFinite, exact >= Double(minMicrolitres), exact <= Double(maxMicrolitres),
              let microlitres = unit.toMicrolitres(value) else {
            let shown = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            throw QuenchError.invalidArgument(
                field, "\(text), got \(shown) \(unit.rawValue)", rule: ErrorRule("goal.range", ["got": shown, "unit": unit.rawValue]))
        }
        return min(max(microlitres, minMicrolitres), maxMicrolitres)
    }
}
