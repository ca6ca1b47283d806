/// Volumes and weights with their unit symbol in the language (the symbols are catalog
/// messages, ``UnitText``).
extension Localizer {
    /// The volume units people may prefer (`units.get`'s `volume`).
    public enum VolumeUnit: String, Sendable {
        case millilitre = "mL"
        case litre = "L"
        case fluidOunce = "fl-oz"
    }

    /// The weight units people may prefer (`units.get`'s `weight`).
    public enum WeightUnit: String, Sendable {
        case kilogram = "kg"
        case pound = "lb"
    }

    /// `250 mL` · `0.25 L` · `8.5 fl oz` (`250 ml` in German and French): a volume in mL in
    /// `unit`. `millilitresPerFluidOunce` is the caller's (QuenchProtocol's
    /// `VolumeUnit.millilitresPerUSFluidOunce`, the one the services store fl oz with).
    public func volume(_ millilitres: Double, unit: VolumeUnit = .millilitre, millilitresPerFluidOunce: Double) -> String {
        switch unit {
        case .litre: self(UnitText.litres(decimal(millilitres / 1000, minimum: 2, maximum: 2)))
        case .fluidOunce: self(UnitText.fluidOunces(decimal(millilitres / millilitresPerFluidOunce, maximum: 1)))
        case .millilitre: self(UnitText.millilitres(decimal(millilitres, maximum: 1)))
        }
    }

    /// `72 kg` · `72.50 kg` · `159.84 lb` (`72,50 kg`): a weight given in kg shown in `unit`,
    /// whole or with two fraction digits. `poundsPerKilogram` is the caller's (the services' own factor).
    public func weight(_ kilograms: Double, unit: WeightUnit = .kilogram, poundsPerKilogram: Double) -> String {
        let value = unit == .pound ? kilograms * poundsPerKilogram : kilograms
        let rounded = (value * 100).rounded() / 100
        let digits = rounded == rounded.rounded() ? 0 : 2
        let number = decimal(rounded, minimum: digits, maximum: digits)
        return unit == .pound ? self(UnitText.pounds(number)) : self(UnitText.kilograms(number))
    }
}
