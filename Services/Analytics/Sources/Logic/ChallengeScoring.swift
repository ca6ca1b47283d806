/// How a challenge is scored over a month: a day is completed when its total reaches the
/// daily goal; each completed day earns the challenge's reward once (one trophy of its
/// kind and its points), as the version of the challenge in force that day has them.
enum ChallengeScoring {
    /// What a challenge type measures.
    enum Measure: String, Sendable {
        case steps
        /// The day's walking+running distance (all of it, as the Health app sums it):
        /// `walking_distance`.
        case meters
        /// The distance of the day's running workouts only (`HKWorkoutActivityTypeRunning`):
        /// `running_distance`. A walk, however long, is not a run.
        case runningMeters = "running-meters"

        /// The unit a challenge's values are in.
        var unit: String {
            self == .steps ? "steps" : "meters"
        }
    }

    static func measure(ofType type: String) -> Measure? {
        switch type {
        case "step": .steps
        case "walking_distance": .meters
        case "running_distance": .runningMeters
        default: nil
        }
    }

    static func completed(value: Double, goal: Double) -> Bool {
        value >= goal
    }

    /// `total + points`, held at `Int.max` rather than overflowing.
    static func adding(_ total: Int, _ points: Int) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(max(points, 0))
        return overflow ? Int.max : sum
    }
}
