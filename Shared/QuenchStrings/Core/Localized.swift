/// A message of the catalog in one language before it is rendered: literal text (what
/// translators write; the pseudo-locale transforms it) and arguments (values: numbers
/// rendered in the language's locale, text such as a fluid's name kept as it is).
///
/// Written as a string literal with interpolations, e.g. `"\(amount) to go"`:
/// an `Int` is a count (grouped digits: 12,345 / 12.345 / 12 345), a `String` is data.
public struct Localized: Sendable, ExpressibleByStringInterpolation, LocalizedMessage {
    public enum Part: Sendable {
        case literal(String)
        /// Data shown as it is (a name, a file, an already formatted value).
        case text(String)
        /// A whole number, grouped by the locale.
        case integer(Int64)
        /// A number with `minimum...maximum` fraction digits.
        case decimal(Double, minimum: Int, maximum: Int)
        /// Another message (rendered in the same language).
        case nested(any LocalizedMessage)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    public init(stringLiteral value: String) { parts = [.literal(value)] }

    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// Data as it is (no translation, no pseudo-locale).
    public static func verbatim(_ text: String) -> Localized { Localized(parts: [.text(text)]) }

    /// A message is its own text in every language (so a `Localized` nests like a message).
    public func text(_ language: Language) -> Localized { self }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.literal(literal)) }
        }

        public mutating func appendInterpolation(_ text: String) { parts.append(.text(text)) }

        public mutating func appendInterpolation(_ text: Substring) { parts.append(.text(String(text))) }

        public mutating func appendInterpolation<Integer: BinaryInteger>(_ count: Integer) { parts.append(.integer(Int64(clamping: count))) }

        /// `\(value, digits: 1)`: exactly that many fraction digits.
        public mutating func appendInterpolation(_ value: Double, digits: Int) {
            parts.append(.decimal(value, minimum: digits, maximum: digits))
        }

        /// `\(value, upTo: 2)`: as few fraction digits as the value needs, at most that many.
        public mutating func appendInterpolation(_ value: Double, upTo digits: Int) {
            parts.append(.decimal(value, minimum: 0, maximum: digits))
        }

        public mutating func appendInterpolation(_ message: some LocalizedMessage) { parts.append(.nested(message)) }
    }
}

/// A message of the catalog: an enum case per message, its arguments as associated values,
/// its text in every language in ``text(_:)`` (see ``Localized/pick(_:en:de:fr:)``).
public protocol LocalizedMessage: Sendable {
    func text(_ language: Language) -> Localized
}

extension Language {
    /// The one of three texts for this language (the pseudo-locale starts from English).
    /// Every message gives all three: the compiler holds the catalog complete.
    public func pick(en: Localized, de: Localized, fr: Localized) -> Localized {
        switch self {
        case .en, .pseudo: en
        case .de: de
        case .fr: fr
        }
    }

    /// The form of `count` in this language.
    public func plural(_ count: Int, en: Plural, de: Plural, fr: Plural) -> Localized {
        let forms: Plural = switch self {
        case .en, .pseudo: en
        case .de: de
        case .fr: fr
        }
        return forms.form(PluralCategory.of(count, in: self))
    }

    /// The form of a count with fraction digits (1.5 days is `other` in English, `one` in French).
    public func plural(_ count: Double, fractionDigits: Int, en: Plural, de: Plural, fr: Plural) -> Localized {
        let forms: Plural = switch self {
        case .en, .pseudo: en
        case .de: de
        case .fr: fr
        }
        return forms.form(PluralCategory.of(count, fractionDigits: fractionDigits, in: self))
    }
}
