public import Foundation

/// One quantity sample from an Apple Health export, exactly as written there.
///
/// Values and units are not converted or range-checked: that is the caller's call.
public struct HealthRecord: Sendable, Equatable {
    /// What the record measures.
    public var kind: HealthRecordKind
    /// The unit as written in the export: "count", "kg", "lb", "km", "mi", "m", "mL", "L", "fl_oz_us", …
    public var unit: String
    /// The numeric value as written.
    public var value: Double
    /// The app or device that recorded the sample (entities decoded).
    public var sourceName: String
    /// The version of the source, if written.
    public var sourceVersion: String?
    /// The raw `device` attribute (entities decoded), if written.
    public var device: String?
    /// When the sample was saved to HealthKit, if written.
    public var creationDate: Date?
    /// Start of the sample's interval.
    public var startDate: Date
    /// End of the sample's interval.
    public var endDate: Date
    /// UTC offset of `startDate` as written ("-0700" gives -25200).
    public var utcOffsetSeconds: Int

    /// Creates a record.
    public init(
        kind: HealthRecordKind, unit: String, value: Double, sourceName: String,
        sourceVersion: String? = nil, device: String? = nil, creationDate: Date? = nil,
        startDate: Date, endDate: Date, utcOffsetSeconds: Int
    ) {
        self.kind = kind
        self.unit = unit
        self.value = value
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.device = device
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
