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
        case .bodyMass: "kg, lb, g, st"
        case .strength: "kg, lb"
        case .distance: "m, km, mi, ft, yd, cm"
        case .dietaryWater: "mL, L, fl_oz_us, fl_oz_imp, cL, dL, cup_us, cup_imp, pt_us, pt_imp"
        case .workout: "s, min, hr"
        }
    }

    private static let kg = Entry(canonical: "kg", factor: 1)
    private static let lb = Entry(canonical: "lb", factor: ValueRules.kilogramsPerPound)
    private static let millilitre = Entry(canonical: "mL", factor: 1)
    private static let litre = Entry(canonical: "L", factor: 1000)
    private static let usOunce = Entry(canonical: "fl_oz_us", factor: VolumeUnit.millilitresPerUSFluidOunce)

    private static func entry(_ canonical: String, _ factor: Double) -> Entry { Entry(canonical: canonical, factor: factor) }

    /// A workout's distance, to metres, and energy, to kcal (`Cal` is the food calorie, a kcal).
    static let workoutDistance: [String: Double] = [
        "m": 1, "km": 1000, "mi": HealthUnitFactors.metresPerMile,
        "ft": HealthUnitFactors.metresPerFoot, "yd": HealthUnitFactors.metresPerYard,
    ]
    static let workoutEnergy: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184]

    private static let table: [SampleType: [String: Entry]] = [
        .workout: [
            "s": Entry(canonical: "s", factor: 1), "min": Entry(canonical: "min", factor: 60),
            "hr": Entry(canonical: "hr", factor: 3600), "h": Entry(canonical: "hr", factor: 3600),
        ],
        .steps: ["count": Entry(canonical: "count", factor: 1)],
        .bodyMass: [
            "kg": kg, "lb": lb, "lbs": lb, "g": entry("g", 0.001), "st": entry("st", HealthUnitFactors.kilogramsPerStone),
        ],
        .strength: ["kg": kg, "lb": lb, "lbs": lb],
        .distance: [
            "m": entry("m", 1), "km": entry("km", 1000), "mi": entry("mi", HealthUnitFactors.metresPerMile),
            "ft": entry("ft", HealthUnitFactors.metresPerFoot), "yd": entry("yd", HealthUnitFactors.metresPerYard),
            "cm": entry("cm", 0.01),
        ],
        .dietaryWater: [
            "ml": millilitre, "l": litre, "fl_oz_us": usOunce, "floz": usOunce, "oz": usOunce,
            "fl_oz_imp": entry("fl_oz_imp", HealthUnitFactors.millilitresPerImperialFluidOunce),
            "cl": entry("cL", 10), "dl": entry("dL", 100),
            "cup_us": entry("cup_us", HealthUnitFactors.millilitresPerUSCup),
            "cup_imp": entry("cup_imp", HealthUnitFactors.millilitresPerImperialCup),
            "pt_us": entry("pt_us", HealthUnitFactors.millilitresPerUSPint),
            "pt_imp": entry("pt_imp", HealthUnitFactors.millilitresPerImperialPint),
        ],
    ]
}
