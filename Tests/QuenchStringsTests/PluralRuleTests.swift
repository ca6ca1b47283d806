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

    @Test("the import reports' counts agree with their nouns: one record, point, row, line; two of them")
    func importCounts() {
        let one: [(any LocalizedMessage, [Language: String])] = [
            (ImportText.skippedNoConsent(count: 1, consent: "steps"),
             [.en: "1 steps record skipped", .de: "1 Eintrag steps übersprungen", .fr: "1 enregistrement steps ignoré"]),
            (ImportText.unreadable(path: "f", total: 1, reasons: "r"),
             [.en: "1 record of an imported type could not be read", .de: "1 Eintrag einer importierten Art war", .fr: "1 enregistrement d’un type importé était"]),
            (ImportText.correlationsIgnored(1), [.en: "1 record inside a correlation", .de: "1 Eintrag in einer Korrelation", .fr: "1 enregistrement dans une corrélation"]),
            (ImportText.nothingImportedStrict(bad: 1, lines: 3), [.en: "1 of 3 lines is bad", .de: "1 von 3 Zeilen ist", .fr: "1 ligne sur 3 est erronée"]),
            (ImportText.withoutReps(1), [.en: "1 row without reps", .de: "1 Zeile ohne", .fr: "1 ligne sans répétitions (une série"]),
            (AutoExportText.skippedNoConsent(count: 1, consent: "steps"), [.en: "1 steps point skipped", .de: "1 Punkt steps", .fr: "1 point steps ignoré"]),
            (AutoExportText.badPoints(path: "f", count: 1, first: "x"), [.en: "1 point could not be read", .de: "1 Punkt war nicht", .fr: "1 point était illisible"]),
        ]
        for (message, expected) in one {
            for (language, text) in expected {
                #expect(Localizer(language)(message).contains(text), "\(language): \(Localizer(language)(message))")
            }
        }
        #expect(Localizer(.en)(ImportText.importedRecords(imported: "1", seen: 1, duplicates: 1, skipped: 0)) == "1 of 1 record (1 duplicate, 0 skipped)")
        #expect(Localizer(.en)(ImportText.importedRecords(imported: "4", seen: 10, duplicates: 2, skipped: 5)) == "4 of 10 records (2 duplicates, 5 skipped)")
        #expect(Localizer(.fr)(ImportText.importedRecords(imported: "4", seen: 10, duplicates: 1, skipped: 1)) == "4 sur 10 enregistrements (1 en double, 1 ignoré)")
        #expect(Localizer(.de)(ImportText.importedRecords(imported: "1", seen: 1, duplicates: 0, skipped: 0)) == "1 von 1 Eintrag (0 doppelt, 0 übersprungen)")
        #expect(Localizer(.en)(AutoExportText.importedPoints(imported: "1", seen: 1, duplicates: 1, replaced: 0, skipped: 0, job: "j")).hasPrefix("1 of 1 point (1 duplicate, 0 replaced"))
        #expect(Localizer(.en)(ImportText.importedSets(imported: "1", lines: 1, format: "Strong", duplicates: 1, bad: 0)).hasPrefix("1 of 1 set from a Strong log (1 duplicate, 0 bad"))
        #expect(Localizer(.en)(ImportText.skippedNoConsent(count: 2, consent: "steps")).hasPrefix("2 steps records skipped"))
        #expect(Localizer(.en)(ImportText.unreadable(path: "f", total: 2, reasons: "r")).contains("2 records of imported types could not be read"))
        #expect(Localizer(.de)(ImportText.nothingImportedStrict(bad: 2, lines: 3)).contains("2 von 3 Zeilen sind"))
        #expect(Localizer(.fr)(AutoExportText.badPoints(path: "f", count: 2, first: "x")).contains("2 points étaient illisibles"))
    }
}
