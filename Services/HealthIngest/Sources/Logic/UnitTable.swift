import QuenchProtocol

/// Accepted units per sample type, their canonical spelling and factor to the normalised
/// unit (count, kg, m, mL).
enum UnitTable {
    struct Entry {
        var canonical: String
        var factor: Double
    }

    static func lookup(_ unit: String, type: SampleType) -> Entry? {
        table[type]?[unit] ?? table[type]?[unit.lowercased()]
    }

    static func accepted(_ type: SampleType) -> String {
        switch type {
        case .steps: "count"
        case .bodyMass: "kg, lb, g"
        case .strength: "kg, lb"
        case .distance: "m, km, mi"
        case .dietaryWater: "mL, L, fl_oz_us, fl_oz_imp"
        case .workout: "s, min, hr"
        }
    }

    private static let kg = Entry(canonical: "kg", factor: 1)
    private static let lb = Entry(canonical: "lb", factor: ValueRules.kilogramsPerPound)
    private static let millilitre = Entry(canonical: "mL", factor: 1)
    private static let litre = Entry(canonical: "L", factor: 1000)
    private static let usOunce = Entry(canonical: "fl_oz_us", factor: VolumeUnit.millilitresPerUSFluidOunce)

    /// A workout's distance, to metres, and energy, to kcal (`Cal` is the food calorie, a kcal).
    static let workoutDistance: [String: Double] = ["m": 1, "km": 1000, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144]
    static let workoutEnergy: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184]

    private static let table: [SampleType: [String: Entry]] = [
        .workout: [
            "s": Entry(canonical: "s", factor: 1), "min": Entry(canonical: "min", factor: 60),
            "hr": Entry(canonical: "hr", factor: 3600), "h": Entry(canonical: "hr", factor: 3600),
        ],
        .steps: ["count": Entry(canonical: "count", factor: 1)],
        .bodyMass: ["kg": kg, "lb": lb, "lbs": lb, "g": Entry(canonical: "g", factor: 0.001)],
        .strength: ["kg": kg, "lb": lb, "lbs": lb],
        .distance: [
            "m": Entry(canonical: "m", factor: 1), "km": Entry(canonical: "km", factor: 1000),
            "mi": Entry(canonical: "mi", factor: 1609.344),
        ],
        .dietaryWater: [
            "ml": millilitre, "l": litre, "fl_oz_us": usOunce, "floz": usOunce, "oz": usOunce,
            "fl_oz_imp": Entry(canonical: "fl_oz_imp", factor: 28.4130625),
        ],
    ]
}
