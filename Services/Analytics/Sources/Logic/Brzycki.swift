/// One-rep max estimates by the Brzycki formula: weight × 36 / (37 − reps).
///
/// One rep is the weight itself. Sets of more than 12 reps are too unreliable and are left
/// out (the formula would reach a zero denominator at 37 reps and go negative past it).
enum Brzycki {
    static let maxReps = 12

    /// The estimate in the weight's unit, or nil when the set is left out.
    static func oneRepMax(weight: Double, reps: Int) -> Double? {
        guard weight.isFinite, weight >= 0, reps >= 1, reps <= maxReps else { return nil }
        if reps == 1 { return weight }
        return weight * 36 / Double(37 - reps)
    }

    /// Whether a set counts as excluded (valid, but more than 12 reps).
    static func isExcluded(reps: Int) -> Bool {
        reps > maxReps
    }
}
