public import Foundation

/// The consent types, like HealthKit authorisations.
public enum ConsentType: String, Codable, Sendable, CaseIterable {
    case steps
    case bodyMass = "body-mass"
    case distance
    case dietaryWater = "dietary-water"
    case workouts
}

public struct WeightRecordedBody: Codable, Sendable, Equatable {
    public var user: String
    public var sampleId: String
    public var weightKg: Double
    /// When the weight was measured (not when it was imported): the newest by this wins.
    public var measuredAt: Date
    public var source: String
    /// The IANA zone of the request that stored the weight (the user's zone then): goals
    /// learns the user's zone from it, so a goal it derives starts on the user's local day.
    public var timeZone: String?
    /// The sample's local day, YYYY-MM-DD. A `String`: this body is also an element of
    /// `health.weight.batch-recorded`, whose subscribers refuse a bad day per sample, not the batch.
    public var day: String?
    /// The UTC offset (seconds east) `day` was taken at: the record's own (an import's
    /// `-0400`), else the request zone's at `measuredAt`. `timeZone` stays the request's zone.
    public var utcOffset: Int?

    public init(
        user: String, sampleId: String, weightKg: Double, measuredAt: Date, source: String, timeZone: String? = nil, day: String? = nil,
        utcOffset: Int? = nil
    ) {
        self.user = user
        self.sampleId = sampleId
        self.weightKg = weightKg
        self.measuredAt = measuredAt
        self.source = source
        self.timeZone = timeZone
        self.day = day
        self.utcOffset = utcOffset
    }
}

public struct StepsDayChangedBody: Codable, Sendable, Equatable {
    public var user: String
    /// The user's local day, YYYY-MM-DD.
    public var day: LocalDay
    /// The day's total after de-duplicating sources (docs: the steps rule).
    public var steps: Int64

    public init(user: String, day: LocalDay, steps: Int64) {
        self.user = user
        self.day = day
        self.steps = steps
    }
}

public struct DistanceDayChangedBody: Codable, Sendable, Equatable {
    public var user: String
    public var day: LocalDay
    public var meters: Double

    public init(user: String, day: LocalDay, meters: Double) {
        self.user = user
        self.day = day
        self.meters = meters
    }
}

public struct StrengthSetRecordedBody: Codable, Sendable, Equatable {
    public var user: String
    public var sampleId: String
    public var day: LocalDay
    public var exercise: String
    public var sets: Int
    public var reps: Int
    public var weightKg: Double
    /// A warm-up set: kept, left out of one-rep maxes. Absent means false.
    public var warmup: Bool?

    public init(user: String, sampleId: String, day: LocalDay, exercise: String, sets: Int, reps: Int, weightKg: Double, warmup: Bool? = nil) {
        self.warmup = warmup
        self.user = user
        self.sampleId = sampleId
        self.day = day
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.weightKg = weightKg
    }
}

public struct WaterRecordedBody: Codable, Sendable, Equatable {
    public var user: String
    /// The sample's stable identity: the intake made from it is keyed by this.
    public var sampleId: String
    public var volumeMl: Double
    public var at: Date
    /// The sample's local day, YYYY-MM-DD: at `utcOffset` (the intake's day). A `String`: an
    /// element of `health.water.batch-recorded` too, whose subscribers refuse a bad day per sample.
    public var day: String
    /// The IANA zone of the request that stored the sample (not necessarily `day`'s: an
    /// imported record's day follows its own offset, `utcOffset`).
    public var timeZone: String
    public var source: String
    /// The UTC offset (seconds east) `day` was taken at: the record's own, else the request
    /// zone's at `at`. Absent from events before it was added.
    public var utcOffset: Int?

    public init(
        user: String, sampleId: String, volumeMl: Double, at: Date, day: String, timeZone: String, source: String, utcOffset: Int? = nil
    ) {
        self.user = user
        self.sampleId = sampleId
        self.volumeMl = volumeMl
        self.at = at
        self.day = day
        self.timeZone = timeZone
        self.source = source
        self.utcOffset = utcOffset
    }
}

/// Body of a batch event (`health.water.batch-recorded`, `health.weight.batch-recorded`):
/// each element is what the single event of that sample (`health.water.recorded`,
/// `health.weight.recorded`) would carry, in the order they were stored; all of `user`.
public struct RecordedBatchBody<Sample: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var user: String
    public var samples: [Sample]

    public init(user: String, samples: [Sample]) {
        self.user = user
        self.samples = samples
    }
}

/// Body of `health.strength.batch-recorded`.
public typealias StrengthBatchRecordedBody = RecordedBatchBody<StrengthSetRecordedBody>
/// Body of `health.water.batch-recorded`.
public typealias WaterBatchRecordedBody = RecordedBatchBody<WaterRecordedBody>
/// Body of `health.weight.batch-recorded`.
public typealias WeightBatchRecordedBody = RecordedBatchBody<WeightRecordedBody>

public struct ConsentChangedBody: Codable, Sendable, Equatable {
    public var user: String
    public var type: String
    public var granted: Bool
    /// With a revoke: whether the type's samples were deleted too.
    public var deleted: Bool?
    /// With `granted` and type body-mass: the newest weight, so goals can derive an auto goal.
    public var latestWeight: WeightRecordedBody?
    /// The IANA zone of the request (the user's zone then), for goals.
    public var timeZone: String?

    public init(
        user: String, type: String, granted: Bool, deleted: Bool? = nil, latestWeight: WeightRecordedBody? = nil, timeZone: String? = nil
    ) {
        self.user = user
        self.type = type
        self.granted = granted
        self.deleted = deleted
        self.latestWeight = latestWeight
        self.timeZone = timeZone
    }
}

public struct SamplesDeletedBody: Codable, Sendable, Equatable {
    public var user: String
    public var type: String
    public var count: Int

    public init(user: String, type: String, count: Int) {
        self.user = user
        self.type = type
        self.count = count
    }
}

/// Body of `health.samples.removed`: samples of one type an undone import job had stored, or
/// that points of a Health Auto Export job replaced, by the `sampleId` their recorded events
/// carried. A subscriber removes what it made of them.
public struct SamplesRemovedBody: Codable, Sendable, Equatable {
    public var user: String
    /// The import job undone, or the Health Auto Export job whose points replaced them.
    public var jobId: String
    /// A `SampleType` raw value (`strength`, `workout`, `dietary-water`, `body-mass`, `steps`, `distance`).
    public var type: String
    /// At most ``HealthEvent/maxBatchSamples``.
    public var sampleIds: [String]
    /// The day (`YYYY-MM-DD`, the recorded event's `day`) of each of `sampleIds`, in the same
    /// order, so a subscriber keeping samples by day finds each with one lookup. Absent in
    /// events written before it was added.
    public var days: [String]?

    public init(user: String, jobId: String, type: String, sampleIds: [String], days: [String]? = nil) {
        self.user = user
        self.jobId = jobId
        self.type = type
        self.sampleIds = sampleIds
        self.days = days
    }
}
