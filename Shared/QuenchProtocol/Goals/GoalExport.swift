public import Foundation

/// `goal.export`: everything goals holds about one user; the goal periods a page at a time
/// (`GoalExportRequest`), the settings on every page.
public struct GoalExport: Codable, Sendable, Equatable {
    /// The weight goals keeps (the newest by measuring time), as health-ingest reported it.
    public struct Weight: Codable, Sendable, Equatable {
        public var weightKg: Double
        public var measuredAt: Date
        public var sampleId: String

        public init(weightKg: Double, measuredAt: Date, sampleId: String) {
            self.weightKg = weightKg
            self.measuredAt = measuredAt
            self.sampleId = sampleId
        }
    }

    public var user: String
    /// The manual goal the user set (kept while an auto goal is in effect).
    public var manualGoalMl: Double?
    public var pinned: Bool
    /// The time zone goals uses for the user's "today" when an event changes the goal.
    public var timeZone: String
    public var bodyMassConsent: Bool
    public var weight: Weight?
    /// Newest first.
    public var goals: [GoalPeriod]
    /// Present when older periods follow: send it as `cursor` (`GoalExportRequest`).
    public var nextCursor: String?

    public init(
        user: String, manualGoalMl: Double?, pinned: Bool, timeZone: String, bodyMassConsent: Bool, weight: Weight?,
        goals: [GoalPeriod], nextCursor: String? = nil
    ) {
        self.user = user
        self.manualGoalMl = manualGoalMl
        self.pinned = pinned
        self.timeZone = timeZone
        self.bodyMassConsent = bodyMassConsent
        self.weight = weight
        self.goals = goals
        self.nextCursor = nextCursor
    }
}
