/// CLDR's plural categories (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The cardinal category of `count` in `language` (CLDR 46 rules for en, de and fr).
    /// - en, de: `one` for exactly 1 (no visible fraction digits), else `other`.
    /// - fr: `one` for 0 and 1 (integer part 0 or 1, fractions included: 1.5 jour);
    ///   `many` for a non-zero multiple of 1,000,000 (1 000 000 de pas); else `other`.
    public static func of(_ count: Double, fractionDigits: Int = 0, in language: Language) -> PluralCategory {
        let integer = count.magnitude.rounded(.towardZero)
        switch language {
        case .en, .de, .pseudo:
            return integer == 1 && fractionDigits == 0 && count.magnitude == 1 ? .one : .other
        case .fr:
            if integer == 0 || integer == 1 { return .one }
            if fractionDigits == 0, integer == count.magnitude, integer.truncatingRemainder(dividingBy: 1_000_000) == 0 { return .many }
            return .other
        }
    }

    public static func of(_ count: Int, in language: Language) -> PluralCategory {
        of(Double(count), in: language)
    }
}
