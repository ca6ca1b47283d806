import ArgumentParser
@testable import QuenchCLI
import QuenchStrings
import Testing

/// argument-parser's own parse errors in the user's language (#30: every user-facing string of
/// the CLI from the catalog). Each error is made by parsing real command lines against the real
/// command tree, so a new argument-parser wording that `ParseErrorText` no longer recognises
/// fails here instead of reaching users in English.
@Suite("Parse errors in the user's language")
struct ParseErrorTextTests {
    /// argument-parser's whole message for `arguments` (`Error: …`, `Help:`, `Usage:`, `See …`).
    static func failure(_ arguments: [String]) -> String? {
        do {
            _ = try QuenchCommand.parseAsRoot(arguments)
            return nil
        } catch {
            return QuenchCommand.fullMessage(for: error)
        }
    }

    static func translated(_ arguments: [String], _ language: Language) -> String? {
        failure(arguments).map { full in Localizer.$current.withValue(Localizer(language)) { ParseErrorText.translate(full) } }
    }

    /// Command lines, each failing with one kind of argument-parser error, and what the German
    /// first line must say (the names and values as typed).
    static let cases: [([String], String)] = [
        (["log"], "Fehler: Erwartetes Argument '<amount>' fehlt"),
        (["log", "--bogus", "250"], "Fehler: Unbekannte Option '--bogus'"),
        (["frobnicate"], "Fehler: Unerwartetes Argument 'frobnicate'"),
        (["log", "250", "--fluid"], "Fehler: Wert für '--fluid <fluid>' fehlt"),
        (["log", "250", "extra", "more"], "Fehler: 2 unerwartete Argumente: 'extra', 'more'"),
        (["log", "--json=3", "250"], "Fehler: Die Option '--json' nimmt keinen Wert, angegeben war '3'."),
        (["weight", "add", "70", "--unit", "stone"], "Fehler: Der Wert 'stone' ist für '--unit <unit>' ungültig. Möglich sind 'kg' oder 'lb'."),
    ]

    @Test("each of argument-parser's errors reads in German, the frame too; English is argument-parser's own", arguments: cases)
    func german(arguments: [String], first: String) throws {
        let english = try #require(Self.failure(arguments))
        let german = try #require(Self.translated(arguments, .de))
        let lines = german.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == first, "\(german)")
        #expect(lines.contains { $0.hasPrefix("Aufruf: quench") }, "\(german)")
        #expect(lines.contains { $0.hasPrefix("  Mehr dazu unter 'quench") && $0.hasSuffix(" --help'.") }, "\(german)")
        for word in ["Error:", "Usage:", "Help:", "for more information", "Missing", "Unknown", "Unexpected", "invalid", "Please"] {
            #expect(!german.contains(word), "'\(word)' left in English: \(german)")
        }
        // In English the CLI prints argument-parser's own text (QuenchCommand translates only
        // another language's, and only a message that starts so).
        #expect(english.hasPrefix("Error: "), "\(english)")
    }

    @Test("French: the word before the last choice, the label's own spacing")
    func french() throws {
        let french = try #require(Self.translated(["weight", "add", "70", "--unit", "stone"], .fr))
        #expect(french.hasPrefix("erreur : La valeur 'stone' n’est pas valable pour '--unit <unit>'. Valeurs possibles : 'kg' ou 'lb'."), "\(french)")
        #expect(french.contains("\nUtilisation : quench weight add "), "\(french)")
    }

    @Test("errors argument-parser words that this CLI cannot produce today are recognised too")
    func otherWordings() {
        Localizer.$current.withValue(Localizer(.de)) {
            #expect(ParseErrorText.message("Missing one of: '--a', '--b'") == "Eines davon fehlt: '--a', '--b'")
            #expect(ParseErrorText.message("Unknown option '--flui'. Did you mean '--fluid'?") == "Unbekannte Option '--flui'. Meinten Sie '--fluid'?")
            #expect(ParseErrorText.message("Invalid option: -x") == "Ungültige Option: -x")
            #expect(ParseErrorText.message("Missing required subcommand.") == "Ein Unterbefehl fehlt.")
            #expect(ParseErrorText.message("Value to be set with --a had already been set with --b")
                == "Der mit --a gesetzte Wert wurde schon mit --b gesetzt")
            #expect(ParseErrorText.message("The value 'x' is invalid.") == "Der Wert 'x' ist ungültig.")
            #expect(ParseErrorText.message("The value 'x' is invalid for '<n>'. Please provide one of the following:\n  - a\n  - b\n  - c")
                == "Der Wert 'x' ist für '<n>' ungültig. Möglich sind 'a', 'b' oder 'c'.")
            // Ours (a validate() error, already in the language) is left as it is.
            #expect(ParseErrorText.message("--at: 'y' ist keine Zeitangabe") == "--at: 'y' ist keine Zeitangabe")
        }
    }

    @Test("a multi-line usage keeps its hanging indent under a longer label")
    func usageIndent() {
        let full = "Error: Missing expected argument '<a>'\nUsage: quench x [--one <one>]\n       [--two <two>]\n  See 'quench x --help' for more information."
        let german = Localizer.$current.withValue(Localizer(.de)) { ParseErrorText.translate(full) }
        #expect(german == "Fehler: Erwartetes Argument '<a>' fehlt\nAufruf: quench x [--one <one>]\n        [--two <two>]\n  Mehr dazu unter 'quench x --help'.", "\(german)")
    }
}
