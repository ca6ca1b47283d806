public import QuenchStrings

/// A reason an Apple Health export could not be read to its end.
///
/// Records delivered before the error stay delivered.
public struct AppleHealthImportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as a catalog message (the CLI shows it in the user's language).
    public var kind: HealthExportText
    /// Offset of the fault, when known: in the XML stream (uncompressed, for a zip) for XML faults,
    /// in the file for faults of the zip itself (such as a truncated archive).
    public var byteOffset: Int64?
    /// 1-based line of an XML fault, when known.
    public var line: Int?
    /// What was counted before the fault (records seen, other types, other elements, malformed
    /// records), so that a report of the part read accounts for it; nil when nothing was read.
    public var partial: AppleHealthSummary?

    /// Creates an error.
    public init(_ kind: HealthExportText, byteOffset: Int64? = nil, line: Int? = nil) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.line = line
    }

    /// What went wrong, in English.
    public var reason: String { English.text(kind) }

    /// The kind followed by the position, if known.
    public var message: HealthExportText { byteOffset.map { .at(kind, byte: $0, line: line) } ?? kind }

    /// The reason followed by the position, if known, in English.
    public var description: String { English.text(message) }
}

extension AppleHealthImportError {
    /// A zip entry whose compressed data is corrupt (the next entry may still be the export).
    var isCorruptZipEntry: Bool {
        if case .zipEntryCorrupt = kind { return true }
        return false
    }

    /// Whether the error names the zip entry `entry` already.
    func names(entry: String) -> Bool { kind.names(entry: entry) }
}

extension HealthExportText {
    /// Whether the reason (or a reason inside it) names the zip entry `entry`.
    func names(entry: String) -> Bool {
        switch self {
        case .zipEntryWithoutSize(let name), .zipEntryCorrupt(let name, _), .zipEntryCompression(let name, _), .zipEntryTruncated(let name),
             .zipBombDeclaredSize(let name, _, _), .zipBombDeclaredRatio(let name, _, _), .zipBombInflatedSize(let name, _),
             .zipBombInflatedRatio(let name, _), .inZipEntry(_, let name), .triedEntry(let name, _):
            name == entry
        case .at(let inner, _, _), .notAnExport(let inner): inner.names(entry: entry)
        default: false
        }
    }

    /// Whether the reason (or a reason inside it: a zip's tried entries) is a root element named `root`.
    func hasRoot(_ root: String) -> Bool {
        switch self {
        case .otherRoot(let name): name == root
        case .notAnExport(let inner), .triedEntry(_, let inner), .at(let inner, _, _): inner.hasRoot(root)
        case .zipWithoutExport(let tried): tried.contains { $0.hasRoot(root) }
        default: false
        }
    }
}
