public import Foundation

/// One top-level `Workout` element of an Apple Health export, exactly as written there.
///
/// Quantities keep the unit written beside them (`durationUnit="min"`, `totalDistanceUnit="mi"`,
/// `totalEnergyBurnedUnit="Cal"`); converting and range-checking them is the caller's call.
/// Exports from iOS 16 on may leave `totalDistance`/`totalEnergyBurned` out and give them as
/// `<WorkoutStatistics type="HKQuantityTypeIdentifierDistance…" sum="…" unit="…"/>` children:
/// those fill the fields the attributes left empty.
public struct HealthWorkout: Sendable, Equatable {
    /// The `workoutActivityType` as written, e.g. `HKWorkoutActivityTypeRunning`.
    public var activityType: String
    /// The duration and its unit (`min`, `s`, `hr`), if written.
    public var duration: Double?
    public var durationUnit: String?
    /// The total distance and its unit (`km`, `mi`, `m`), if written.
    public var distance: Double?
    public var distanceUnit: String?
    /// The total energy burned and its unit (`kcal`, `Cal`, `kJ`), if written.
    public var energy: Double?
    public var energyUnit: String?
    /// The app or device that recorded the workout (entities decoded).
    public var sourceName: String
    /// The raw `device` attribute (entities decoded), if written.
    public var device: String?
    /// Start and end of the workout.
    public var startDate: Date
    public var endDate: Date
    /// UTC offset of `startDate` as written ("-0700" gives -25200).
    public var utcOffsetSeconds: Int

    /// Creates a workout.
    public init(
        activityType: String, duration: Double? = nil, durationUnit: String? = nil, distance: Double? = nil,
        distanceUnit: String? = nil, energy: Double? = nil, energyUnit: String? = nil, sourceName: String,
        device: String? = nil, startDate: Date, endDate: Date, utcOffsetSeconds: Int
    ) {
        self.activityType = activityType
        self.duration = duration
        self.durationUnit = durationUnit
        self.distance = distance
        self.distanceUnit = distanceUnit
        self.energy = energy
        self.energyUnit = energyUnit
        self.sourceName = sourceName
        self.device = device
        self.startDate = startDate
        self.endDate = endDate
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
