import QuenchProtocol

/// The goal derived from body weight: half the weight in pounds, as US fluid ounces,
/// in whole mL (160 lb → 80 fl oz → 2366 mL), kept within 1000…6000 mL.
enum AutoGoal {
    static let poundsPerKilogram = 2.20462262185
    static let millilitresPerFluidOunce = VolumeUnit.millilitresPerUSFluidOunce
    static let ceilingMl = 6000.0
    static let floorMl = 1000.0

    /// Why a derived goal differs from the formula.
    enum Adjustment: String, Sendable {
        /// Above 6000 mL: capped at 6000.
        case capped
        /// Below 1000 mL: raised to 1000.
        case raised
    }

    static func derive(weightKg: Double) -> (goalMl: Double, adjusted: Adjustment?) {
        let raw = weightKg * poundsPerKilogram / 2 * millilitresPerFluidOunce
        if raw > ceilingMl { return (ceilingMl, .capped) }
        if raw < floorMl { return (floorMl, .raised) }
        return (raw.rounded(), nil)
    }
}
