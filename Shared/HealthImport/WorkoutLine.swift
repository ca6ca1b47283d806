/// One valid set (or, in the plain format, group of sets) of a workout log.
public struct WorkoutLine: Sendable, Equatable {
    /// 1-based physical line number in the input.
    public var lineNumber: Int
    /// Calendar year of the workout: the user's day (a time with a zone is moved to the user's zone).
    public var year: Int
    /// Month, 1–12.
    public var month: Int
    /// Day of the month, valid for that month and year.
    public var day: Int
    /// Exercise name as written (quotes removed, trimmed), 1–100 characters.
    public var exercise: String
    /// Sets, 1–100 (1 in the apps' formats: a row per set).
    public var sets: Int
    /// Repetitions per set, 1–1000.
    public var reps: Int
    /// Weight, 0–1000 (0 for bodyweight), in `unit` or else the log's owner's unit.
    public var weight: Double
    /// The unit the file states for this weight (its header or a `Weight Unit` column); nil when it says none.
    public var unit: WorkoutWeightUnit?
    /// A warm-up set (Strong's set order `W`, Hevy's `warmup` set type, Fitbod's `isWarmup`).
    public var warmup: Bool

    /// Creates a line.
    public init(
        lineNumber: Int, year: Int, month: Int, day: Int, exercise: String, sets: Int, reps: Int, weight: Double,
        unit: WorkoutWeightUnit? = nil, warmup: Bool = false
    ) {
        self.lineNumber = lineNumber
        self.year = year
        self.month = month
        self.day = day
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.warmup = warmup
    }
}
