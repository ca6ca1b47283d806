/// Why one workout log line was rejected.
public struct WorkoutLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based physical line number in the input.
    public var lineNumber: Int
    /// Names the field and the rule, e.g. "reps: must be a whole number from 1 to 1000, got 'ten'".
    public var message: String
    /// The field and the rule without the line's value ("reps: must be a whole number from 1 to 1000"):
    /// every line breaking one rule has the same `problem`, so reports group by it.
    public var problem: String

    /// Creates an error; `problem` defaults to `message`.
    public init(lineNumber: Int, message: String, problem: String? = nil) {
        self.lineNumber = lineNumber
        self.message = message
        self.problem = problem ?? message
    }

    /// "line N: message".
    public var description: String { "line \(lineNumber): \(message)" }
}
