public import Foundation

/// Renders catalog messages and formats numbers, dates and units for one language.
/// The CLI sets ``current`` once per run (from `--lang` or the environment); the web
/// dashboard makes one per request.
public struct Localizer: Sendable {
    public let language: Language
    public let locale: Locale

    public init(_ language: Language) {
        self.language = language
        locale = Locale(identifier: language.localeIdentifier)
    }

    /// The language of the running command (English unless set).
    @TaskLocal public static var current = Localizer(.en)

    /// `message` in this language.
    public func callAsFunction(_ message: some LocalizedMessage) -> String {
        render(message.text(language))
    }

    /// Renders the parts: literals as written (transformed in the pseudo-locale), numbers
    /// in the locale, data as it is.
    public func render(_ text: Localized) -> String {
        var out = ""
        var inCode = false
        for part in text.parts {
            switch part {
            case .literal(let literal): out += language == .pseudo ? Pseudo.transform(literal, inCode: &inCode) : literal
            case .text(let data): out += data
            case .integer(let value): out += integer(value)
            case .decimal(let value, let minimum, let maximum): out += decimal(value, minimum: minimum, maximum: maximum)
            case .nested(let message): out += render(message.text(language))
            }
        }
        return out
    }
}
