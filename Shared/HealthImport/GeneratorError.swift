public import QuenchStrings

/// A generator could not write its output.
public struct GeneratorError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as a catalog message.
    public var kind: HealthExportText
    /// What went wrong, in English.
    public var message: String { English.text(kind) }
    /// The message.
    public var description: String { message }
}
