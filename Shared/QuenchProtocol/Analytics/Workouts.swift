public import Foundation

/// One workout in `analytics.workouts`.
public struct WorkoutEntry: Codable, Sendable, Equatable {
    public var sampleId: String
    /// As Apple Health names it: `HKWorkoutActivityTypeRunning`, …
    public var activity: String
    /// The local day of its start, at the workout's own UTC offset.
    public var day: LocalDay
    public var start: Date
    public var end: Date
    public var durationSeconds: Double
    public var distanceMeters: Double?
    public var energyKcal: Double?
    public var source: String

    public init(
        sampleId: String, activity: String, day: LocalDay, start: Date, end: Date, durationSeconds: Double,
        distanceMeters: Double?, energyKcal: Double?, source: String
    ) {
        self.sampleId = sampleId
        self.activity = activity
        self.day = day
        self.start = start
        self.end = end
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
        self.energyKcal = energyKcal
        self.source = source
    }
}

/// `analytics.workouts`: the month's workouts by start; empty with `revoked: ["workouts"]`
/// while that consent is revoked.
public struct WorkoutsReply: Codable, Sendable, Equatable {
    public var month: String
    public var workouts: [WorkoutEntry]
    public var lag: [SubscriptionHealth]
    public var revoked: [String]?

    public init(month: String, workouts: [WorkoutEntry], lag: [SubscriptionHealth], revoked: [String]? = nil) {
        self.month = month
        self.workouts = workouts
        self.lag = lag
        self.revoked = revoked
    }
}
