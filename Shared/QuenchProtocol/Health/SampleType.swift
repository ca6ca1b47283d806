/// The kinds of health samples Quench stores, and how each is measured.
public enum SampleType: String, Codable, Sendable, CaseIterable {
    /// A step count over an interval; cumulative (`count`).
    case steps
    /// A body weight at an instant; discrete (`kg` or `lb`, normalised to kg).
    case bodyMass = "body-mass"
    /// Walking and running distance over an interval; cumulative (`m`, `km`, `mi`, normalised to m).
    case distance
    /// Water drunk; cumulative (`mL`, `L`, `fl_oz_us`, normalised to mL).
    case dietaryWater = "dietary-water"
    /// One line of a strength log: exercise, sets, reps, weight (`kg` or `lb`, normalised to kg).
    case strength
    /// A workout (an Apple Health `Workout`): its duration (`s`, `min`, `hr`, normalised to s),
    /// with `activity`, `start`, `end` and optional `distance`/`energy`; discrete.
    case workout

    /// The consent a sample of this type needs.
    public var consent: ConsentType {
        switch self {
        case .steps: .steps
        case .bodyMass: .bodyMass
        case .distance: .distance
        case .dietaryWater: .dietaryWater
        case .strength, .workout: .workouts
        }
    }

    /// Whether daily buckets add samples up (otherwise a day takes the latest, min, max or average).
    public var isCumulative: Bool {
        self != .bodyMass && self != .workout
    }

    /// The unit normalised values are in: `count`, `kg`, `m` or `mL`.
    public var normalizedUnit: String {
        switch self {
        case .steps: "count"
        case .bodyMass, .strength: "kg"
        case .distance: "m"
        case .dietaryWater: "mL"
        case .workout: "s"
        }
    }
}
