/// A reason an Apple Health export could not be read to its end.
///
/// Records delivered before the error stay delivered.
public struct AppleHealthImportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for people.
    public var reason: String
    /// Offset of the fault, when known: in the XML stream (uncompressed, for a zip) for XML faults,
    /// in the file for faults of the zip itself (such as a truncated archive).
    public var byteOffset: Int64?
    /// 1-based line of an XML fault, when known.
    public var line: Int?
    /// What was counted before the fault (records seen, other types, other elements, malformed
    /// records), so that a report of the part read accounts for it; nil when nothing was read.
    public var partial: AppleHealthSummary?

    /// Creates an error.
    public init(reason: String, byteOffset: Int64? = nil, line: Int? = nil) {
        self.reason = reason
        self.byteOffset = byteOffset
        self.line = line
    }

    /// The reason followed by the position, if known.
    public var description: String {
        var text = reason
        if let byteOffset { text += " (at byte \(byteOffset)" + (line.map { ", line \($0)" } ?? "") + ")" }
        return text
    }
}
