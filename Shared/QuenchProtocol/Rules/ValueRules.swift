/// The one range of each health value, in its normalised unit, shared by every service:
/// health-ingest refuses a sample outside it where it enters (`samples.add`, `weight.add`,
/// an import's record, counted as `value-out-of-range`), the CLI refuses it before sending,
/// and goals, intake and analytics, which take what health-ingest stored, use the same
/// bounds, so nothing accepted is dropped downstream.
///
/// | type | normalised unit | range |
/// |---|---|---|
/// | steps | count | 0 … 200,000 per sample |
/// | body-mass | kg | 0.5 … 500 |
/// | distance | m | 0 … 500,000 per sample |
/// | dietary-water | mL | 0.001 … 6,000 (1 µL … 6 L, an intake's own limit: at most 6000 mL as sent, at least 1 µL once rounded) |
/// | strength | kg | 0 … 1,000 |
/// | workout | s (duration) | 0 … 604,800 (a week); distance 0 … 1,000 km, energy 0 … 100,000 kcal |
///
/// **Daily totals** of steps and distance have one bound too: a day's samples of all sources,
/// added up before the merge in time (and after a sample cut by midnight is split between its
/// days), may reach at most 1,000,000 steps and 1,000 km. health-ingest refuses a sample that
/// would take its day past it (`samples.add`: `invalid_argument` on `samples[i].value`; an
/// import's record: skipped, counted as `day-total-out-of-range`). The merged total it
/// publishes is never more than that raw sum, so analytics, which checks day events against
/// the same bound, takes every day health-ingest publishes.
public enum ValueRules {
    public static let stepsPerSample: ClosedRange<Double> = 0...200_000
    /// A body mass: a newborn to the heaviest person recorded.
    public static let bodyMassKg: ClosedRange<Double> = 0.5...500
    public static let distanceMetersPerSample: ClosedRange<Double> = 0...500_000
    /// Water in whole microlitres (how intake stores a volume): one entry of at most 6 L.
    public static let waterMicrolitres: ClosedRange<Int64> = 1...6_000_000
    public static let strengthKg: ClosedRange<Double> = 0...1000
    /// The most steps one day may add up to over all sources (before the merge in time).
    public static let stepsPerDay: Int64 = 1_000_000
    /// The most metres of distance one day may add up to over all sources: 1,000 km.
    public static let distanceMetersPerDay: Double = 1_000_000
    /// A workout's duration, distance and energy.
    public static let workoutSeconds: ClosedRange<Double> = 0...604_800
    public static let workoutMeters: ClosedRange<Double> = 0...1_000_000
    public static let workoutKcal: ClosedRange<Double> = 0...100_000
    /// The international pound, for `lb`.
    public static let kilogramsPerPound = 0.45359237

    /// Whether a normalised value of `type` is within its range (NaN and infinities never are).
    public static func accepts(_ type: SampleType, normalized value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch type {
        case .steps: return stepsPerSample.contains(value)
        case .bodyMass: return bodyMassKg.contains(value)
        case .distance: return distanceMetersPerSample.contains(value)
        case .dietaryWater:
            // Judged as sent, as intake judges its own entries (FieldRules.volume): 6000.0004 mL
            // is over 6 L though it rounds to 6,000,000 µL; at least 1 µL once rounded.
            guard value * 1000 <= Double(waterMicrolitres.upperBound) else { return false }
            return VolumeUnit.milliliter.toMicrolitres(value).map(waterMicrolitres.contains) ?? false
        case .strength: return strengthKg.contains(value)
        case .workout: return workoutSeconds.contains(value)
        }
    }

    /// The daily bound of a type's day total (steps and distance), nil for the others.
    public static func dayBound(_ type: SampleType) -> Double? {
        switch type {
        case .steps: Double(stepsPerDay)
        case .distance: distanceMetersPerDay
        default: nil
        }
    }

    /// The daily rule as an error message says it.
    public static func dayText(_ type: SampleType) -> String {
        switch type {
        case .steps: "a day's steps, added up over all sources, must not pass 1000000"
        case .distance: "a day's distance, added up over all sources, must not pass 1000 km"
        default: "\(type.rawValue) has no daily bound"
        }
    }

    /// The rule as an error message says it.
    public static func text(_ type: SampleType) -> String {
        switch type {
        case .steps: "steps must be 0 to 200000 per sample"
        case .bodyMass: "a weight must be 0.5 to 500 kg"
        case .distance: "a distance must be 0 to 500 km per sample"
        case .dietaryWater: "water must be 0.001 mL to 6 L (6000 mL) per sample"
        case .strength: "a strength weight must be 0 to 1000 kg"
        case .workout: "a workout's duration must be 0 to 604800 s (a week)"
        }
    }
}
