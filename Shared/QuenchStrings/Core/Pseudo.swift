/// The pseudo-locale's transform: every ASCII letter becomes an accented one (so text
/// that bypassed the catalog shows as plain ASCII) and every word grows by 40 % (so
/// layouts meet translations longer than English, as German's often are).
/// `Logged` → `Ļöĝĝéðļöĝ`; digits, punctuation and spaces stay, and so do letters stuck to a
/// number (`250ml`, `1RM`), options (`--unit`) and code in backticks.
public enum Pseudo {
    /// How much longer words get (rounded up per word of two letters or more).
    public static let growth = 0.4

    static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// `text` accented and lengthened, word by word. Code in backticks (`` `quench up` ``)
    /// stays as it is, as translators keep it: `inCode` carries an open span across the
    /// parts of one message.
    public static func transform(_ text: String) -> String {
        var inCode = false
        return transform(text, inCode: &inCode)
    }

    public static func transform(_ text: String, inCode: inout Bool) -> String {
        var out = ""
        var word: [Character] = []
        var afterDigit = false
        func flush(before next: Character? = nil) {
            guard !word.isEmpty else { return }
            // Letters stuck to a number are input syntax or a code (`250ml`, `12oz`, `1RM`, `Z85`): kept.
            if afterDigit || next?.isNumber == true {
                out += String(word)
                word.removeAll()
                return
            }
            let accented = word.map { accents[$0] ?? $0 }
            out += String(accented)
            if word.count >= 2 {
                let extra = Int((Double(word.count) * growth).rounded(.up))
                out += String((0..<extra).map { accented[$0 % accented.count] }).lowercased()
            }
            word.removeAll()
        }
        var previous: Character?
        var beforePrevious: Character?
        for character in text {
            if character == "`" {
                flush()
                inCode.toggle()
                out.append(character)
            } else if inCode {
                out.append(character)
            } else if character.isASCII && character.isLetter {
                if word.isEmpty {
                    // After a digit (`250ml`), or an option (`--unit`, `-h`): kept as they are.
                    let option = previous == "-" && (beforePrevious == nil || beforePrevious == "-" || beforePrevious?.isWhitespace == true
                        || beforePrevious == "(" || beforePrevious == "`")
                    afterDigit = previous?.isNumber == true || option
                }
                word.append(character)
            } else {
                flush(before: character)
                out.append(character)
            }
            beforePrevious = previous
            previous = character
        }
        flush()
        return out
    }

    /// Whether `text` has a run of two or more plain ASCII letters: text the pseudo-locale
    /// did not transform (data aside, this is a string that bypassed the catalog).
    public static func plainWords(in text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isASCII && character.isLetter {
                word.append(character)
            } else {
                if word.count >= 2 { words.append(word) }
                word = ""
            }
        }
        if word.count >= 2 { words.append(word) }
        return words
    }
}
