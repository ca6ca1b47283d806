import Foundation

/// Volume units accepted in and out: millilitres, litres, US fluid ounces.
///
/// Volumes are stored as whole microlitres so that sums are exact integers.
public enum VolumeUnit: String, Codable, Sendable, CaseIterable {
    case milliliter = "ml"
    case liter = "l"
    case usFluidOunce = "floz"

    /// Millilitres in one US customary fluid ounce, exactly: 1/128 US gallon of 231 in³,
    /// 2.54 cm to the inch (231 × 16.387064 / 128 = 29.5735295625). The one factor for fl oz
    /// everywhere: what the services store, what the CLI, the dashboard and the health
    /// importers convert and show, the auto goal.
    public static let millilitresPerUSFluidOunce = 29.5735295625

    /// Microlitres in one unit (a US fl oz is 29.5735295625 mL, ``millilitresPerUSFluidOunce``).
    public var microlitres: Double {
        switch self {
        case .milliliter: 1_000
        case .liter: 1_000_000
        case .usFluidOunce: Self.millilitresPerUSFluidOunce * 1_000
        }
    }

    /// Parses a unit name as people write it: `ml`, `mL`, `milliliters`, `l`, `L`, `litre`,
    /// `oz`, `fl oz`, `floz`, `fl_oz_us`. Nil for anything else.
    public init?(parsing text: String) {
        let normalized = text.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "." }
        switch normalized {
        case "ml", "milliliter", "milliliters", "millilitre", "millilitres": self = .milliliter
        case "l", "liter", "liters", "litre", "litres": self = .liter
        case "oz", "floz", "flozus", "usfloz", "fluidounce", "fluidounces": self = .usFluidOunce
        default: return nil
        }
    }

    /// The accepted spellings, for error messages.
    public static let accepted = "ml, l, oz (US fl oz)"

    /// Converts `value` in this unit to whole microlitres, rounding to the nearest.
    /// Nil when the value is not finite or does not fit.
    public func toMicrolitres(_ value: Double) -> Int64? {
        guard value.isFinite else { return nil }
        let scaled = (value * microlitres).rounded()
        guard abs(scaled) < 9e15 else { return nil }
        return Int64(scaled)
    }
}

/// Parses amounts as the CLI takes them: `250`, `250ml`, `0.5l`, `0.5 L`, `12oz`, `12 fl oz`.
public enum VolumeAmount {
    /// The value and unit of `text`; a bare number is millilitres.
    public static func parse(_ text: String) -> (value: Double, unit: VolumeUnit)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numberEnd = trimmed.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") } ?? trimmed.endIndex
        guard let value = Double(trimmed[..<numberEnd]) else { return nil }
        let rest = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return (value, .milliliter) }
        guard let unit = VolumeUnit(parsing: rest) else { return nil }
        return (value, unit)
    }
}

/// Microlitre helpers for replies, which speak millilitres.
public enum Microlitres {
    /// Millilitres with the microlitre precision kept (e.g. 354.882).
    public static func toMillilitres(_ microlitres: Int64) -> Double {
        Double(microlitres) / 1_000
    }
}
