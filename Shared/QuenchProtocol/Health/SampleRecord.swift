public import Foundation

/// A stored sample as replies show it.
public struct SampleRecord: Codable, Sendable, Equatable {
    /// The stable identity (16 hex digits): a hash of type, source, start, end, value and unit
    /// (strength: day, exercise, sets, reps, weight, unit and occurrence).
    public var sampleId: String
    /// The anchor of this sample: increases with every stored sample.
    public var seq: Int64
    public var type: String
    public var value: Double
    public var unit: String
    /// The value in `count`, `kg`, `m` or `mL`.
    public var normalizedValue: Double
    public var start: Date
    public var end: Date
    /// Local day of `start` in the time zone of the request that stored it.
    public var day: LocalDay
    public var source: String
    public var device: String?
    public var exercise: String?
    public var sets: Int?
    public var reps: Int?

    public init(
        sampleId: String, seq: Int64, type: String, value: Double, unit: String, normalizedValue: Double,
        start: Date, end: Date, day: LocalDay, source: String, device: String? = nil,
        exercise: String? = nil, sets: Int? = nil, reps: Int? = nil
    ) {
        self.sampleId = sampleId
        self.seq = seq
        self.type = type
        self.value = value
        self.unit = unit
        self.normalizedValue = normalizedValue
        self.start = start
        self.end = end
        self.day = day
        self.source = source
        self.device = device
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
    }
}
