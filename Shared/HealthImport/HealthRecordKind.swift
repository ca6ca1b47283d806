/// The kinds of Apple Health quantity records that Quench imports.
///
/// The raw value is Quench's own name for the kind; ``hkIdentifier`` is the
/// `type` attribute Apple writes in `export.xml`.
public enum HealthRecordKind: String, Sendable, CaseIterable {
    case steps
    case bodyMass = "body-mass"
    case distance
    case dietaryWater = "dietary-water"

    /// The HealthKit type identifier of this kind, as written in the export.
    public var hkIdentifier: String {
        switch self {
        case .steps: "HKQuantityTypeIdentifierStepCount"
        case .bodyMass: "HKQuantityTypeIdentifierBodyMass"
        case .distance: "HKQuantityTypeIdentifierDistanceWalkingRunning"
        case .dietaryWater: "HKQuantityTypeIdentifierDietaryWater"
        }
    }

    /// The kind whose ``hkIdentifier`` is `identifier`, if Quench imports it.
    public init?(hkIdentifier identifier: String) {
        guard let kind = Self.allCases.first(where: { $0.hkIdentifier == identifier }) else { return nil }
        self = kind
    }
}
