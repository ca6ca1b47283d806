/// One valid line of a workout log: `Oct 11 2020,Back Squat,1,10,45`.
public struct WorkoutLine: Sendable, Equatable {
    /// 1-based physical line number in the input.
    public var lineNumber: Int
    /// Calendar year of the workout.
    public var year: Int
    /// Month, 1–12.
    public var month: Int
    /// Day of the month, valid for that month and year.
    public var day: Int
    /// Exercise name, trimmed, 1–100 characters.
    public var exercise: String
    /// Sets, 1–100.
    public var sets: Int
    /// Repetitions per set, 1–1000.
    public var reps: Int
    /// Weight, 0–1000 (0 for bodyweight), unit as the log's owner uses it.
    public var weight: Double

    /// Creates a line.
    public init(lineNumber: Int, year: Int, month: Int, day: Int, exercise: String, sets: Int, reps: Int, weight: Double) {
        self.lineNumber = lineNumber
        self.year = year
        self.month = month
        self.day = day
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.weight = weight
    }
}
