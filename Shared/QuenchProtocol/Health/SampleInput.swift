public import Foundation

/// One sample as a client sends it (`samples.add`, `import.batch`). Value and unit are kept
/// as given; the service adds the normalised value, the local day and the identity.
///
/// Units: steps `count`; body-mass `kg`/`lb`; distance `m`/`km`/`mi`; dietary-water
/// `mL`/`L`/`fl_oz_us` (also `ml`, `l`, `floz`); strength `kg`/`lb`.
public struct SampleInput: Codable, Sendable, Equatable {
    /// A `SampleType` raw value.
    public var type: String
    public var value: Double
    public var unit: String
    /// Start of the interval (the instant of a discrete sample); default now. Strength sets
    /// give `day` instead.
    public var start: Date?
    /// End of the interval; default `start`.
    public var end: Date?
    /// The app or device that recorded it (≤ 200 characters); default `quench`.
    public var source: String?
    /// Index into the batch's `sources` (`import.batch`), instead of `source`/`device`.
    public var sourceIndex: Int?
    /// The device description (≤ 500 characters).
    public var device: String?
    /// Strength: the local day of the set, YYYY-MM-DD. A `String`: an import batch refuses a bad
    /// day per sample (its rejection names the index); a typed field would refuse the whole batch.
    public var day: String?
    /// Strength: the exercise (1 to 100 characters).
    public var exercise: String?
    /// Strength: sets (1…100).
    public var sets: Int?
    /// Strength: reps per set (1…1000).
    public var reps: Int?
    /// Strength: how many identical lines came before this one in the same file (0 first):
    /// two identical sets on one day are two samples.
    public var occurrence: Int?
    /// The UTC offset, in seconds east of UTC, written with `start` where the sample was
    /// recorded (an Apple Health record's `-0400` gives -14400; -64800…64800). When given,
    /// the sample's local day is the calendar day of `start` at this offset, whatever the
    /// request's time zone: the day the phone showed it on.
    public var utcOffset: Int?
    /// Workout: the activity as Apple Health names it (`HKWorkoutActivityTypeRunning`; 1 to
    /// 100 characters). The workout's duration is `value` in `unit` (`s`, `min`, `hr`).
    public var activity: String?
    /// Workout: the total distance in `distanceUnit` (`m`, `km`, `mi`, `ft`, `yd`).
    public var distance: Double?
    public var distanceUnit: String?
    /// Workout: the energy burned in `energyUnit` (`kcal`, `Cal`, `kJ`).
    public var energy: Double?
    public var energyUnit: String?
    /// Strength: a warm-up set (kept and listed, left out of one-rep maxes). Absent means false.
    public var warmup: Bool?

    public init(
        type: String, value: Double, unit: String, start: Date? = nil, end: Date? = nil, source: String? = nil,
        sourceIndex: Int? = nil, device: String? = nil, day: String? = nil, exercise: String? = nil,
        sets: Int? = nil, reps: Int? = nil, occurrence: Int? = nil, utcOffset: Int? = nil,
        activity: String? = nil, distance: Double? = nil, distanceUnit: String? = nil, energy: Double? = nil,
        energyUnit: String? = nil, warmup: Bool? = nil
    ) {
        self.warmup = warmup
        self.activity = activity
        self.distance = distance
        self.distanceUnit = distanceUnit
        self.energy = energy
        self.energyUnit = energyUnit
        self.utcOffset = utcOffset
        self.type = type
        self.value = value
        self.unit = unit
        self.start = start
        self.end = end
        self.source = source
        self.sourceIndex = sourceIndex
        self.device = device
        self.day = day
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.occurrence = occurrence
    }
}

/// A source shared by many samples of an import batch (they refer to it by index).
public struct SampleSource: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var device: String?

    public init(name: String, device: String? = nil) {
        self.name = name
        self.device = device
    }
}
