/// How a challenge is scored over a month: a day is completed when its total reaches the
/// daily goal; each completed day earns the challenge's reward once (one trophy of its
/// kind and its points).
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

    /// (days completed, trophies, points) for the daily values of a month.
    static func score(values: [Double], goal: Double, pointsPerDay: Int) -> (days: Int, trophies: Int, points: Int) {
        let days = values.filter { completed(value: $0, goal: goal) }.count
        let (points, overflow) = days.multipliedReportingOverflow(by: max(pointsPerDay, 0))
        return (days, days, overflow ? Int.max : points)
    }
}
