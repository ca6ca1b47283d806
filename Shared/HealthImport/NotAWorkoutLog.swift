/// The input is not a workout log at all (a zip, an Apple Health export, binary data, a line
/// longer than the limit, a CSV whose header names no known format): the parse stops at once
/// and nothing of the file may be imported.
public struct NotAWorkoutLog: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the file looks like and what to do, e.g. "this is an Apple Health export: use `quench import apple-health`".
    public var reason: String
    /// The line the parse stopped at, when it was a line's fault.
    public var lineNumber: Int?

    /// Creates the error.
    public init(reason: String, lineNumber: Int? = nil) {
        self.reason = reason
        self.lineNumber = lineNumber
    }

    public var description: String { lineNumber.map { "line \($0): \(reason)" } ?? reason }
}
