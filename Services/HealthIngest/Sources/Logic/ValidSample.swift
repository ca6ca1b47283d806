import Foundation
import QuenchProtocol

/// A sample that passed every rule, with its normalised value, day and identity.
struct ValidSample {
    var type: SampleType
    var value: Double
    /// As given.
    var unit: String
    var normalized: Double
    var start: Date
    var end: Date
    /// The local day, YYYY-MM-DD.
    var day: String
    /// The UTC offset (seconds east) `day` was taken at: the sample's own `utcOffset`, else
    /// the request zone's offset at `start`; nil for a strength set (its day is given).
    var utcOffset: Int?
    var source: String
    var device: String?
    var exercise: String?
    var sets: Int?
    var reps: Int?
    /// Workout: the activity (stored in the `exercise` column), distance and energy.
    var distanceMeters: Double?
    var energyKcal: Double?
    var identity: Int64
    /// Strength: a warm-up set.
    var warmup = false
}
