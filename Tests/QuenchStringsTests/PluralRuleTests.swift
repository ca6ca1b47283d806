import QuenchStrings
import Testing

/// CLDR's cardinal rules for the catalog's languages, and the forms they pick.
@Suite("Plural rules")
struct PluralRuleTests {
    @Test("English and German: one for exactly 1, other for everything else")
    func germanic() {
        for language in [Language.en, .de] {
            #expect(PluralCategory.of(1, in: language) == .one)
            for count in [0, 2, 5, 11, 21, 101, 1_000_000] { #expect(PluralCategory.of(count, in: language) == .other) }
            #expect(PluralCategory.of(1.0, fractionDigits: 1, in: language) == .other)  // "1.0 days"
            #expect(PluralCategory.of(1.5, fractionDigits: 1, in: language) == .other)
        }
    }

    @Test("French: one for 0 and 1 (fractions too), many for whole millions, other else")
    func french() {
        #expect(PluralCategory.of(0, in: .fr) == .one)
        #expect(PluralCategory.of(1, in: .fr) == .one)
        #expect(PluralCategory.of(1.5, fractionDigits: 1, in: .fr) == .one)
        #expect(PluralCategory.of(2, in: .fr) == .other)
        #expect(PluralCategory.of(999_999, in: .fr) == .other)
        #expect(PluralCategory.of(1_000_000, in: .fr) == .many)
        #expect(PluralCategory.of(3_000_000, in: .fr) == .many)
        #expect(PluralCategory.of(1_000_001, in: .fr) == .other)
    }

    @Test("a catalog message picks its form and groups its count in the locale")
    func forms() {
        #expect(Localizer(.en)(CommonText.days(1)) == "1 day")
        #expect(Localizer(.en)(CommonText.days(0)) == "0 days")
        #expect(Localizer(.en)(CommonText.days(12_345)) == "12,345 days")
        #expect(Localizer(.de)(CommonText.days(1)) == "1 Tag")
        #expect(Localizer(.de)(CommonText.days(12_345)) == "12.345 Tage")
        #expect(Localizer(.fr)(CommonText.days(0)) == "0 jour")
        #expect(Localizer(.fr)(CommonText.days(2)) == "2 jours")
        #expect(Localizer(.fr)(CommonText.days(2_000_000)) == "2\u{202F}000\u{202F}000 de jours")
    }
}
