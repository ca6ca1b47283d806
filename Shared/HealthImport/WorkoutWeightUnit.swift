/// The unit a workout log states for its weights (in its header or per row).
public enum WorkoutWeightUnit: String, Sendable, Equatable, CaseIterable {
    case kg, lb

    /// `kg`, `kgs`, `kilograms`, `lb`, `lbs`, `pounds` (any case, trimmed); nil otherwise.
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> WorkoutWeightUnit? {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 20)), as: UTF8.self).lowercased()
        switch text {
        case "kg", "kgs", "kilogram", "kilograms": return .kg
        case "lb", "lbs", "pound", "pounds": return .lb
        default: return nil
        }
    }
}
