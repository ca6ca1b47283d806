/// What one parse of a workout log saw.
public struct WorkoutLogCounts: Sendable, Equatable {
    /// Data lines delivered, good and bad (not blank, comment or header lines, nor `skipped`).
    public var lines: Int
    /// Bad lines among them.
    public var bad: Int
    /// Rows that are not strength sets (a timed or distance set: no reps), by reason; not delivered.
    public var skipped: [String: Int]
    /// The format the header named (``WorkoutLogFormat/plain`` without one).
    public var format: WorkoutLogFormat

    public init(lines: Int, bad: Int, skipped: [String: Int] = [:], format: WorkoutLogFormat) {
        self.lines = lines
        self.bad = bad
        self.skipped = skipped
        self.format = format
    }
}
