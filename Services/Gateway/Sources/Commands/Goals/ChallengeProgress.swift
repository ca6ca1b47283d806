import QuenchProtocol

/// `quench challenges progress`: for each challenge, the days of the month on which the
/// day's total (steps, or walking + running distance in metres) reached its goal, and the
/// points earned: the reward's points once for each such day.
///
/// Health-ingest keeps one combined walking + running distance, so `walking_distance` and
/// `running_distance` challenges are both judged against it.
struct ChallengeProgress: Encodable, Equatable {
    struct Entry: Encodable, Equatable {
        var id: String
        var title: String
        var type: String
        var goal: Double
        var reward: Challenge.Reward
        var daysCompleted: [String]
        var best: Double
        var pointsEarned: Int
    }

    var month: String
    var challenges: [Entry]
    var totalPoints: Int
    /// Consent types without which some challenges could not be judged (`steps`, `distance`).
    var missingConsents: [String]

    /// `steps` and `distance` map each day to its total; nil when the consent is missing.
    static func compute(
        month: String, challenges: [Challenge], steps: [String: Double]?, distance: [String: Double]?
    ) -> ChallengeProgress {
        let entries = challenges.map { challenge -> Entry in
            let totals = (challenge.type == "step" ? steps : distance) ?? [:]
            let days = totals.filter { $0.value >= challenge.goal }.keys.sorted()
            return Entry(
                id: challenge.id, title: challenge.title, type: challenge.type, goal: challenge.goal, reward: challenge.reward,
                daysCompleted: days, best: totals.values.max() ?? 0, pointsEarned: days.count * challenge.reward.points)
        }
        var missing: [String] = []
        if steps == nil { missing.append("steps") }
        if distance == nil { missing.append("distance") }
        return ChallengeProgress(
            month: month, challenges: entries, totalPoints: entries.reduce(0) { $0 + $1.pointsEarned }, missingConsents: missing)
    }
}
