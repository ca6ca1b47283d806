public import Foundation

/// A stored workout (`health.workout.recorded`, and in `health.workout.batch-recorded`).
public struct WorkoutRecordedBody: Codable, Sendable, Equatable {
    public var user: String
    public var sampleId: String
    /// As Apple Health names it: `HKWorkoutActivityTypeRunning`, `…Walking`, `…Cycling`, …
    public var activity: String
    /// The local day of `start` (at the workout's own UTC offset when it gave one), YYYY-MM-DD.
    /// A `String`: an element of `health.workout.batch-recorded` too, refused per workout, not per batch.
    public var day: String
    public var start: Date
    public var end: Date
    public var durationSeconds: Double
    public var distanceMeters: Double?
    public var energyKcal: Double?
    public var source: String

    public init(
        user: String, sampleId: String, activity: String, day: String, start: Date, end: Date, durationSeconds: Double,
        distanceMeters: Double?, energyKcal: Double?, source: String
    ) {
        self.user = user
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

/// The workouts one import batch stored.
public typealias WorkoutBatchRecordedBody = RecordedBatchBody<WorkoutRecordedBody>
