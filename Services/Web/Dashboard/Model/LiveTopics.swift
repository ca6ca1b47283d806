/// Which parts of the dashboard an event changes. The live-update stream sends the group
/// names of each of the user's events; a page refreshes its regions marked with one of
/// them (`data-live`).
public enum LiveTopics {
    public enum Group: String, Sendable, CaseIterable, Comparable {
        /// Today's ring, the day's intakes, the history.
        case water
        /// The goal page.
        case goal
        /// The steps month and the challenges.
        case steps
        /// One-rep maxes.
        case strength
        /// The consents page.
        case consents

        public static func < (lhs: Group, rhs: Group) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The groups an event of `type` changes; empty for events the dashboard does not show.
    public static func groups(forEventType type: String) -> Set<Group> {
        if type.hasSuffix(".erased") { return Set(Group.allCases) }
        if type.hasPrefix("intake.") || type.hasPrefix("health.water.") { return [.water] }
        if type == "goal.changed" { return [.goal, .water] }
        if type.hasPrefix("health.weight.") { return [.goal] }
        if type.hasPrefix("health.steps.") || type.hasPrefix("health.distance.") { return [.steps] }
        if type.hasPrefix("health.strength.") || type.hasPrefix("health.workout.") { return [.strength] }
        if type == "health.consent.changed" { return Set(Group.allCases) }
        if type.hasPrefix("health.samples.") { return [.steps, .strength, .water, .goal] }
        return []
    }

    /// The groups' names as the stream sends them: sorted, space-separated (`water goal`).
    public static func wire(_ groups: Set<Group>) -> String {
        groups.sorted().map(\.rawValue).joined(separator: " ")
    }
}
