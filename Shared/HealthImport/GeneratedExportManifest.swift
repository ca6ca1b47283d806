/// What ``AppleHealthExportGenerator`` wrote, so a parse can be checked against it.
public struct GeneratedExportManifest: Sendable, Equatable {
    /// Top-level `Record` elements written.
    public var topLevelRecords = 0
    /// Top-level records of the imported kinds, by kind.
    public var recordsByKind: [HealthRecordKind: Int] = [:]
    /// Top-level records of other types, by HealthKit identifier.
    public var otherTypes: [String: Int] = [:]
    /// `Record` elements written inside `Correlation` elements.
    public var correlationChildren = 0
    /// Name of the XML entry when a zip was written.
    public var zipEntryName: String?
}
