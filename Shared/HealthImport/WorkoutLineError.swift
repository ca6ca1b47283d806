/// Why one workout log line was rejected.
public struct WorkoutLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based physical line number in the input.
    public var lineNumber: Int
    /// Names the field and the rule, e.g. "reps: must be a whole number from 1 to 1000, got 'ten'".
    public var message: String

    /// Creates an error.
    public init(lineNumber: Int, message: String) {
        self.lineNumber = lineNumber
        self.message = message
    }

    /// "line N: message".
    public var description: String { "line \(lineNumber): \(message)" }
}
