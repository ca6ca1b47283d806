import QuenchProtocol

/// The metrics of a Health Auto Export payload that Quench imports, and the units each may
/// come in (the app follows the phone's locale and Health settings, and a user may change
/// them between two syncs).
///
/// A unit health-ingest accepts for the kind is passed on as written (the sample keeps it);
/// any other listed unit is converted here to the kind's base unit (m, kg, mL) with the factors
/// of `HealthUnitFactors` (kept as before health-ingest read stone, cups and pints itself, so that
/// a re-sent payload keeps its samples' identities).
enum HealthAutoExportUnits {
    /// The metric names (snake_case, as the app writes them) and the kind each one is.
    static let kinds: [String: HealthRecordKind] = [
        "step_count": .steps,
        "walking_running_distance": .distance,
        "weight_body_mass": .bodyMass,
        "body_mass": .bodyMass,
        "dietary_water": .dietaryWater,
        "water": .dietaryWater,
    ]

    /// A unit as sent and what it becomes: the unit passed on and the factor to it.
    struct Conversion {
        var unit: String
        var factor: Double
    }

    private static func same(_ unit: String) -> Conversion { Conversion(unit: unit, factor: 1) }

    /// By kind, by unit as the app writes it (looked up as written, then lower-cased).
    static let table: [HealthRecordKind: [String: Conversion]] = [
        .steps: ["count": same("count"), "steps": same("count"), "step": same("count")],
        .distance: [
            "m": same("m"), "km": same("km"), "mi": same("mi"),
            "ft": Conversion(unit: "m", factor: HealthUnitFactors.metresPerFoot), "yd": Conversion(unit: "m", factor: HealthUnitFactors.metresPerYard),
            "cm": Conversion(unit: "m", factor: 0.01),
        ],
        .bodyMass: [
            "kg": same("kg"), "lb": same("lb"), "lbs": same("lb"), "g": same("g"),
            "st": Conversion(unit: "kg", factor: HealthUnitFactors.kilogramsPerStone),
        ],
        .dietaryWater: [
            "ml": same("mL"), "l": same("L"), "fl_oz_us": same("fl_oz_us"), "fl_oz_imp": same("fl_oz_imp"),
            "cl": Conversion(unit: "mL", factor: 10), "dl": Conversion(unit: "mL", factor: 100),
            "cup_us": Conversion(unit: "mL", factor: HealthUnitFactors.millilitresPerUSCup), "cup_imp": Conversion(unit: "mL", factor: HealthUnitFactors.millilitresPerImperialCup),
            "pt_us": Conversion(unit: "mL", factor: HealthUnitFactors.millilitresPerUSPint), "pt_imp": Conversion(unit: "mL", factor: HealthUnitFactors.millilitresPerImperialPint),
        ],
    ]

    static func conversion(_ unit: String, kind: HealthRecordKind) -> Conversion? {
        table[kind]?[unit] ?? table[kind]?[unit.lowercased()]
    }

    /// The units accepted for `kind`, for a problem's text.
    static func accepted(_ kind: HealthRecordKind) -> String {
        (table[kind] ?? [:]).keys.sorted().joined(separator: ", ")
    }

    /// A workout's distance units, passed on (health-ingest converts them) or converted to m.
    static let workoutDistance: [String: Conversion] = [
        "m": same("m"), "km": same("km"), "mi": same("mi"), "ft": same("ft"), "yd": same("yd"),
        "cm": Conversion(unit: "m", factor: 0.01),
    ]

    /// A workout's energy units, passed on or converted to kcal (`Cal` is the food calorie).
    static let workoutEnergy: [String: Conversion] = [
        "kcal": same("kcal"), "Cal": same("Cal"), "kJ": same("kJ"), "kj": same("kJ"),
        "J": Conversion(unit: "kJ", factor: 0.001), "cal": Conversion(unit: "kcal", factor: 0.001),
    ]
}
