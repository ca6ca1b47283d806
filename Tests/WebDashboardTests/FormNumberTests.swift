import QuenchStrings
import Testing
import WebDashboard

/// A number typed into a form, read by the page's language (issue #39 item 8: `1,000` from the
/// English form was logged as 1 mL).
@Suite("Form numbers: read by the page's language, whole or not at all")
struct FormNumberTests {
    @Test("English: a comma groups thousands, a dot marks decimals", arguments: [
        ("1,000", 1000.0), ("1000", 1000), ("1,250.5", 1250.5), ("0.5", 0.5), (".5", 0.5), ("250", 250), (" 330 ", 330),
        ("12,345,678", 12_345_678), ("-5", -5),
    ])
    func english(text: String, value: Double) {
        #expect(FormNumber.parse(text, language: .en) == value)
        #expect(FormNumber.parse(text, language: .pseudo) == value)
    }

    @Test("German: a dot or a space groups thousands, a comma marks decimals", arguments: [
        ("1.000", 1000.0), ("1000", 1000), ("1.250,5", 1250.5), ("0,5", 0.5), ("1 000", 1000), ("1\u{202F}000", 1000), ("2,25", 2.25),
    ])
    func german(text: String, value: Double) {
        #expect(FormNumber.parse(text, language: .de) == value)
    }

    @Test("French: spaces (also no-break ones) group thousands, a comma marks decimals", arguments: [
        ("1 000", 1000.0), ("1\u{00A0}000", 1000), ("1\u{202F}250,5", 1250.5), ("0,5", 0.5), ("250", 250),
    ])
    func french(text: String, value: Double) {
        #expect(FormNumber.parse(text, language: .fr) == value)
    }

    @Test("what is not one whole number is refused, never read in part", arguments: [
        ("1,0,0", Language.en), ("12abc", .en), ("1,5", .en), ("1,00", .en), ("1,0000", .en), ("1.5.0", .en), ("1.000,5", .en),
        ("1,000.", .en), ("e3", .en), ("1e3", .en), ("", .en), ("   ", .en), ("-", .en), ("∞", .en), ("nan", .en), ("0x10", .en),
        ("1000,5.0", .en), ("1,000 000", .en), ("١٢", .en), ("--5", .en),
        ("0.5", .de), ("1.0.0", .de), ("12abc", .de), ("1.000.5", .de), ("1,2,3", .de),
        ("1.000 000", .de), ("0.5", .fr), ("1.000", .fr), ("1 00", .fr), ("12 abc", .fr),
    ])
    func refused(text: String, language: Language) {
        #expect(FormNumber.parse(text, language: language) == nil, "\(language.rawValue): '\(text)'")
    }

    @Test("a value written into a field reads back as it was, in every language")
    func roundTrip() {
        for language in Language.allCases {
            for value in [2450.0, 1250.5, 0.25, 6000, 8.5, 0.333] {
                let text = FormNumber.format(value, places: 3, language: language)
                #expect(!text.contains(",") || language == .de || language == .fr)
                #expect(FormNumber.parse(text, language: language) == value, "\(language.rawValue): \(text)")
            }
        }
        #expect(FormNumber.format(1250.5, places: 1, language: .de) == "1250,5" && FormNumber.format(1250.5, places: 1, language: .en) == "1250.5")
        #expect(WebFormat.formVolume(1250.5, units: DisplayUnits(), language: .fr) == "1250,5")
    }

    @Test("the examples a refusal gives are numbers of the language")
    func examples() {
        for language in Language.allCases {
            let examples = FormNumber.examples(language)
            #expect(FormNumber.parse(examples.grouped, language: language) == 1250, "\(language.rawValue): \(examples.grouped)")
            #expect(FormNumber.parse(examples.decimal, language: language) == 0.5, "\(language.rawValue): \(examples.decimal)")
        }
    }
}
