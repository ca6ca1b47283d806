import QuenchStrings
import Testing

/// Which language a run speaks: `--lang`, else LC_ALL, LC_MESSAGES, LANG, else English.
@Suite("Language selection")
struct LanguageSelectionTests {
    @Test("tags as locales write them")
    func tags() {
        #expect(Language(tag: "de") == .de)
        #expect(Language(tag: "de_DE.UTF-8") == .de)
        #expect(Language(tag: "fr_CA.UTF-8@euro") == .fr)
        #expect(Language(tag: "fr-BE") == .fr)
        #expect(Language(tag: "en_GB") == .en)
        #expect(Language(tag: "C") == .en)
        #expect(Language(tag: "POSIX") == .en)
        #expect(Language(tag: "C.UTF-8") == .en)
        #expect(Language(tag: "pseudo") == .pseudo)
        #expect(Language(tag: "en-XA") == .pseudo)
        #expect(Language(tag: "ja_JP.UTF-8") == nil)
        #expect(Language(tag: "") == nil)
    }

    @Test("--lang first, then LC_ALL, LC_MESSAGES, LANG (empty ones skipped), else English")
    func order() {
        let all = ["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]
        #expect(Language.resolve(option: "de", environment: all) == .de)
        #expect(Language.resolve(option: nil, environment: all) == .fr)
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR"]) == .de)
        #expect(Language.resolve(option: nil, environment: ["LANG": "fr_FR.UTF-8"]) == .fr)
        #expect(Language.resolve(option: nil, environment: [:]) == .en)
        // A language the catalog lacks falls back to English, not to the next variable.
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE"]) == .en)
        #expect(Language.resolve(option: "xx", environment: ["LANG": "de_DE"]) == .de)
    }
}

extension LanguageSelectionTests {
    @Test("the web's Accept-Language: highest q among the catalog's languages, else English")
    func acceptLanguage() {
        #expect(Language.negotiate(acceptLanguage: "de-CH, fr;q=0.9, en;q=0.8") == .de)
        #expect(Language.negotiate(acceptLanguage: "ja, fr-FR;q=0.5, de;q=0.4") == .fr)
        #expect(Language.negotiate(acceptLanguage: "en;q=0.2, de;q=0.7") == .de)
        #expect(Language.negotiate(acceptLanguage: "de;q=0, fr;q=0.1") == .fr)
        #expect(Language.negotiate(acceptLanguage: "ja, zh") == .en)
        #expect(Language.negotiate(acceptLanguage: "*") == .en)
        #expect(Language.negotiate(acceptLanguage: nil) == .en)
        #expect(Language.negotiate(acceptLanguage: "fr;q=abc, de;q=2") == .en)
    }
}
