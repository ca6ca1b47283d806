/// How a challenge is scored over a month: a day is completed when its total reaches the
/// daily goal; each completed day earns the challenge's reward once (one trophy of its
/// kind and its points).
enum ChallengeScoring {
    /// What a challenge type measures.
    enum Measure: String, Sendable {
        case steps
        /// Walking and running distance are one measure: health data gives the day's
        /// walking+running distance, used for both `walking_distance` and `running_distance`.
        case meters
    }

    static func measure(ofType type: String) -> Measure? {
        switch type {
        case "step": .steps
        case "walking_distance", "running_distance": .meters
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
