import Foundation
import QuenchStrings
import Testing

/// The pseudo-locale: every letter accented, words 40 % longer, data untouched.
@Suite("Pseudo-locale")
struct PseudoLocaleTests {
    @Test("letters are accented, words grow by 40 % (rounded up), the rest stays")
    func transform() {
        #expect(Pseudo.transform("Logged") == "Ļöĝĝéðļöĝ")
        #expect(Pseudo.transform("a 250 mL, ok.") == "à 250 ɱĻɱ, öķö.")
        #expect(Pseudo.plainWords(in: Pseudo.transform("The quick brown fox jumps over the lazy dog")).isEmpty)
        let english = "Current streak: longest: goal reached"
        let pseudo = Pseudo.transform(english)
        let growth = Double(pseudo.count - english.count) / Double(english.filter(\.isLetter).count)
        #expect(growth >= 0.4 && growth < 0.6, "grew by \(growth)")
    }

    @Test("a message in the pseudo-locale: its literals transformed, its data and numbers as they are")
    func message() {
        let text = Localizer(.pseudo)(HydrationText.logged(volume: "250 mL", fluid: "coffee", water: "245 mL", time: "08:30", day: "2026-11-20"))
        #expect(text.hasPrefix("Ļöĝĝéðļöĝ 250 mL coffee ("))
        #expect(Pseudo.plainWords(in: text) == ["mL", "coffee", "mL"])
        #expect(Localizer(.pseudo)(CommonText.days(12_345)).hasPrefix("12,345 "))
    }

    @Test("text that bypassed the catalog shows as plain ASCII words")
    func detection() {
        #expect(Pseudo.plainWords(in: "Ţöðàýţöð 42 today x") == ["today"])
    }
}

extension PseudoLocaleTests {
    @Test("code in backticks stays runnable, across the parts of a message")
    func code() {
        #expect(Pseudo.transform("run `quench up` now") == "ŕûñŕû `quench up` ñöŵñö")
        let note = Localizer(.pseudo)(CommonText.notCounted(types: "steps", grant: "steps"))
        #expect(note.contains("`quench consent grant steps`"), "\(note)")
        #expect(Pseudo.plainWords(in: note.replacingOccurrences(of: "`quench consent grant steps`", with: "")) == ["steps"])
    }
}

extension PseudoLocaleTests {
    @Test("letters stuck to a number stay: input syntax and codes (250ml, 0.5l, 1RM, Z85)")
    func numbers() {
        #expect(Pseudo.transform("use 250ml, 0.5l or 12oz; 1RM; Z85 key") == "ûšéûš 250ml, 0.5l öŕö 12oz; 1RM; Z85 ķéýķé")
    }
}

extension PseudoLocaleTests {
    @Test("options stay as typed: --unit, -h, (--json), but a hyphenated word is text")
    func options() {
        #expect(Pseudo.transform("add --unit kg|lb or -h (--json)") == "àððàð --unit ķĝķ|ļƀļ öŕö -h (--json)")
        #expect(Pseudo.transform("weight-derived") == "ŵéîĝĥţŵéî-ðéŕîṽéððéŕ")
    }
}
