/// A generator could not write its output.
public struct GeneratorError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
