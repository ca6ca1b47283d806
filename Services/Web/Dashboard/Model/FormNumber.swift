import Foundation
public import QuenchStrings

/// A number typed into a dashboard form, read in the language of the page the form was on
/// (issue #39 item 8), and a number written into a form's field the same way.
///
/// | language | decimal mark | digit groups | reads |
/// |---|---|---|---|
/// | en (and the pseudo-locale) | `.` | `,` | `1,000` → 1000, `1,250.5` → 1250.5, `0.5` |
/// | de | `,` | `.`, a space | `1.000` → 1000, `0,5` → 0.5, `1.250,5` |
/// | fr | `,` | a space (also no-break and narrow no-break) | `1 000` → 1000, `0,5` |
///
/// The whole text must be one number: digit groups of exactly three digits after a first of
/// one to three, one kind of group mark, at most one decimal mark after them, an optional
/// leading minus. Anything else is nil, never a part of it: `1,0,0`, `12abc`, `1,5` in
/// English (a comma that is not a thousands group), `0.5` in German or French (the dot is not
/// their decimal mark), `1.5.0`, `e3`, `∞`. Surrounding spaces are ignored.
public enum FormNumber {
    /// The longest text read as a number (a volume has no use for more).
    public static let maxLength = 40

    /// The decimal mark of `language`.
    public static func decimalMark(_ language: Language) -> Character {
        switch language {
        case .en, .pseudo: "."
        case .de, .fr: ","
        }
    }

    /// The characters that may group digits in `language`.
    public static func groupMarks(_ language: Language) -> Set<Character> {
        switch language {
        case .en, .pseudo: [","]
        case .de: [".", " ", "\u{00A0}", "\u{202F}"]
        case .fr: [" ", "\u{00A0}", "\u{202F}"]
        }
    }

    /// `text` as a number in `language`; nil unless the whole text is one (see the type).
    public static func parse(_ text: String, language: Language) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.count <= maxLength else { return nil }
        var characters = Substring(trimmed)
        var negative = false
        if let first = characters.first, first == "-" || first == "\u{2212}" {
            negative = true
            characters = characters.dropFirst()
        }
        let decimal = decimalMark(language)
        let groups = groupMarks(language)
        var whole = ""
        var fraction: String?
        var groupMark: Character?
        var groupLength = 0  // digits since the last group mark (or from the start)
        var sawGroup = false
        for character in characters {
            if fraction != nil {
                guard character.isASCIIDigit else { return nil }
                fraction!.append(character)
            } else if character.isASCIIDigit {
                whole.append(character)
                groupLength += 1
            } else if groups.contains(character) {
                // A group mark: after one to three digits at first, after exactly three later;
                // one kind of mark throughout.
                guard groupMark == nil || groupMark == character else { return nil }
                guard sawGroup ? groupLength == 3 : (1...3).contains(groupLength) else { return nil }
                groupMark = character
                sawGroup = true
                groupLength = 0
            } else if character == decimal {
                guard !sawGroup || groupLength == 3 else { return nil }
                fraction = ""
            } else {
                return nil
            }
        }
        if sawGroup, groupLength != 3 { return nil }
        if let fraction, fraction.isEmpty { return nil }
        guard !whole.isEmpty || fraction != nil else { return nil }
        guard let value = Double((whole.isEmpty ? "0" : whole) + (fraction.map { "." + $0 } ?? "")), value.isFinite else { return nil }
        return negative ? -value : value
    }

    /// `value` as a form field shows it in `language`: at most `places` decimals, no trailing
    /// zeros, no digit groups, the language's decimal mark (`1250.5` · `1250,5`), so that
    /// ``parse(_:language:)`` reads it back as it was.
    public static func format(_ value: Double, places: Int, language: Language) -> String {
        let machine = WebFormat.decimals(value, places: places)
        let mark = decimalMark(language)
        return mark == "." ? machine : machine.replacingOccurrences(of: ".", with: String(mark))
    }

    /// An example of a number with digit groups and one with decimals in `language`, for a
    /// message: (`1,250`, `0.5`) · (`1.250`, `0,5`) · (`1 250`, `0,5`).
    public static func examples(_ language: Language) -> (grouped: String, decimal: String) {
        let l = Localizer(language)
        return (l.integer(1250), l.decimal(0.5, maximum: 1))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// Without the spaces (any kind, no-break ones too) at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
