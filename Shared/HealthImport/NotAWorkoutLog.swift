public import QuenchStrings

/// The input is not a workout log at all (a zip, an Apple Health export, binary data, a line
/// longer than the limit, a CSV whose header names no known format): the parse stops at once
/// and nothing of the file may be imported.
public struct NotAWorkoutLog: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the file looks like and what to do (``WorkoutLogText/appleHealthExport``, …).
    public var kind: WorkoutLogText
    /// The line the parse stopped at, when it was a line's fault.
    public var lineNumber: Int?

    /// Creates the error.
    public init(_ kind: WorkoutLogText, lineNumber: Int? = nil) {
        self.kind = kind
        self.lineNumber = lineNumber
    }

    /// The kind in English, e.g. "this is an Apple Health export: use `quench import apple-health`".
    public var reason: String { English.text(kind) }

    /// The kind with its line, as a message.
    public var message: WorkoutLogText { lineNumber.map { .atLine($0, kind) } ?? kind }

    public var description: String { English.text(message) }
}
