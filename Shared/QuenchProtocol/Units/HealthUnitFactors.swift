/// The exact factors of the health units Quench reads besides the base ones (kg, m, mL), shared
/// by health-ingest's unit table and the Health Auto Export reader so that one unit means one
/// value whichever way a sample arrives. Each is exact by definition of the unit.
public enum HealthUnitFactors {
    /// Kilograms in one stone (14 international pounds of 0.45359237 kg).
    public static let kilogramsPerStone = 6.35029318
    /// Millilitres in one imperial fluid ounce (1/160 of an imperial gallon of 4.54609 L).
    public static let millilitresPerImperialFluidOunce = 28.4130625
    /// Millilitres in one US customary cup (8 US fluid ounces).
    public static let millilitresPerUSCup = 236.5882365
    /// Millilitres in one imperial cup (10 imperial fluid ounces, as HealthKit's `cup_imp`).
    public static let millilitresPerImperialCup = 284.130625
    /// Millilitres in one US liquid pint (16 US fluid ounces).
    public static let millilitresPerUSPint = 473.176473
    /// Millilitres in one imperial pint (20 imperial fluid ounces).
    public static let millilitresPerImperialPint = 568.26125
    /// Metres in one international foot, yard and mile.
    public static let metresPerFoot = 0.3048
    public static let metresPerYard = 0.9144
    public static let metresPerMile = 1609.344
}
