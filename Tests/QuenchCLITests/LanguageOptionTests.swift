import ArgumentParser
@testable import QuenchCLI
import QuenchStrings
import Testing

/// How `quench` finds `--lang` before argument-parser runs (so parse errors speak it too).
@Suite("CLI --lang before parsing")
struct LanguageOptionTests {
    @Test("--lang X and --lang=X anywhere before --, the last one wins; the environment otherwise")
    func option() {
        #expect(LanguageSelection.option(in: ["today", "--lang", "de"]) == "de")
        #expect(LanguageSelection.option(in: ["--lang=fr", "today"]) == "fr")
        #expect(LanguageSelection.option(in: ["today", "--lang", "de", "--lang", "fr"]) == "fr")
        #expect(LanguageSelection.option(in: ["log", "--", "--lang", "de"]) == nil)
        #expect(LanguageSelection.option(in: ["today", "--lang"]) == nil)
        #expect(LanguageSelection.resolve(["today"], environment: ["LANG": "fr_FR.UTF-8"]) == .fr)
        #expect(LanguageSelection.resolve(["today", "--lang", "pseudo"], environment: ["LANG": "fr_FR.UTF-8"]) == .pseudo)
        #expect(LanguageSelection.resolve(["today", "--lang", "xx"], environment: ["LANG": "de_DE"]) == .de)
    }

    @Test("an unknown --lang is refused by the global options, in the run's language")
    func refused() throws {
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--lang", "xx"]) }
        #expect(try GlobalOptions.parse(["--lang", "de_DE.UTF-8"]).lang == "de_DE.UTF-8")
        #expect(throws: (any Error).self) { try LanguageOption.parse(["--lang", "klingon"]) }
    }
}

/// The progress bar beside longer text (the pseudo-locale's, German's) in a narrow terminal.
@Suite("CLI progress bar width")
struct ProgressBarWidthTests {
    @Test("30 wide when there is room, narrower so the line fits, 10 at least")
    func width() {
        #expect(Charts.barWidth(besides: 7, columns: 80) == 30)
        #expect(Charts.barWidth(besides: 7, columns: 24) == 17)
        #expect(Charts.barWidth(besides: 40, columns: 24) == 10)
    }
}
