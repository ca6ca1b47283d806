public import Foundation

/// What a parse of an Apple Health export saw, delivered or not.
public struct AppleHealthSummary: Sendable, Equatable {
    /// Every top-level `Record` element (children of `<HealthData>`), whatever its type or validity.
    public var recordsSeen: Int
    /// Records delivered to the caller, by kind; kinds never seen are absent.
    public var recordsByKind: [HealthRecordKind: Int]
    /// Top-level records of types not imported: HealthKit type identifier → count.
    public var otherTypes: [String: Int]
    /// `Record` elements inside `Correlation` elements, which are not imported.
    public var correlationChildrenIgnored: Int
    /// Records of an imported kind that were skipped, by reason ("missing attribute: value", "bad date: startDate", "bad number: value").
    public var malformedRecords: [String: Int]
    /// Bytes of the input file read (for a zip, compressed bytes).
    public var bytesRead: Int64
    /// The "HealthKit Export Version" stated in the DTD's comment, if any.
    public var exportVersion: String?
    /// The `locale` attribute of `<HealthData>`, if any.
    public var locale: String?
    /// The `value` of `<ExportDate>`, if present and well formed.
    public var exportDate: Date?
    /// Children of `<HealthData>` other than `Record`, by element name: `Workout`,
    /// `ActivitySummary`, `Correlation`, `ClinicalRecord`, `Audiogram`, `VisionPrescription`,
    /// and the metadata `ExportDate` and `Me`. With ``recordsSeen`` this accounts for every
    /// element of the export's top level.
    public var otherElements: [String: Int]
    /// Top-level `Workout` elements delivered to the caller (also counted in ``otherElements``).
    public var workouts: Int
    /// `Workout` elements skipped, by reason ("missing attribute: workoutActivityType", "bad date: startDate", …).
    public var malformedWorkouts: [String: Int]

    /// Creates a summary; all counts default to zero.
    public init(
        recordsSeen: Int = 0, recordsByKind: [HealthRecordKind: Int] = [:], otherTypes: [String: Int] = [:],
        correlationChildrenIgnored: Int = 0, malformedRecords: [String: Int] = [:], bytesRead: Int64 = 0,
        exportVersion: String? = nil, locale: String? = nil, exportDate: Date? = nil, otherElements: [String: Int] = [:],
        workouts: Int = 0, malformedWorkouts: [String: Int] = [:]
    ) {
        self.workouts = workouts
        self.malformedWorkouts = malformedWorkouts
        self.otherElements = otherElements
        self.recordsSeen = recordsSeen
        self.recordsByKind = recordsByKind
        self.otherTypes = otherTypes
        self.correlationChildrenIgnored = correlationChildrenIgnored
        self.malformedRecords = malformedRecords
        self.bytesRead = bytesRead
        self.exportVersion = exportVersion
        self.locale = locale
        self.exportDate = exportDate
    }
}
