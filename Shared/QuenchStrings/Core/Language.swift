import Foundation

/// A language the catalog speaks. `pseudo` is English made longer and accented
/// (``Pseudo``): it proves in tests that every string comes from the catalog and that
/// layouts hold longer translations.
public enum Language: String, CaseIterable, Sendable, Codable {
    case en
    case de
    case fr
    /// The pseudo-locale (BCP 47 private use `en-XA`; `--lang pseudo` also selects it).
    case pseudo = "en-XA"

    /// The languages real people read (every one has every string: ``Localized/pick(en:de:fr:)``).
    public static let translations: [Language] = [.en, .de, .fr]

    /// The locale numbers and dates are formatted with (the pseudo-locale formats like English).
    public var localeIdentifier: String {
        switch self {
        case .en, .pseudo: "en_US"
        case .de: "de_DE"
        case .fr: "fr_FR"
        }
    }

    /// The language a tag names: `de`, `de_DE.UTF-8`, `fr-CA`, `en-XA` or `pseudo`;
    /// nil for one the catalog does not have (`C` and `POSIX` read as English).
    public init?(tag: String) {
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        let lower = String(trimmed.lowercased().prefix { $0 != "." && $0 != "@" })
        switch lower {
        case "pseudo", "en-xa", "en_xa", "qps", "qps-ploc": self = .pseudo; return
        case "c", "posix": self = .en; return
        default: break
        }
        let primary = lower.prefix { $0 != "_" && $0 != "-" }
        guard let language = Language(rawValue: String(primary)), language != .pseudo else { return nil }
        self = language
    }

    /// The language for an HTTP `Accept-Language` header (the web dashboard): the supported
    /// language with the highest `q` (ties in the header's order; `q=0` refuses), else English.
    /// `de-CH, fr;q=0.9, en;q=0.8` → German. The pseudo-locale only by its own tag.
    public static func negotiate(acceptLanguage header: String?) -> Language {
        guard let header else { return .en }
        var best: (language: Language, q: Double)?
        for item in header.split(separator: ",").prefix(32) {
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, let language = Language(tag: tag) else { continue }
            let weight = fields.dropFirst().first { $0.hasPrefix("q=") }
            guard let q = weight.map({ Double($0.dropFirst(2)) }) ?? 1, q > 0, q <= 1 else { continue }  // a bad q refuses
            if best == nil || q > best!.q { best = (language, q) }
        }
        return best?.language ?? .en
    }

    /// The language to use: `--lang` when given, else the first of `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` that is set and not empty (POSIX's order), else English. A value the catalog
    /// does not have falls back to English (an unknown `--lang` is refused by the CLI before).
    public static func resolve(option: String?, environment: [String: String]) -> Language {
        if let option, let language = Language(tag: option) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return Language(tag: value) ?? .en
            }
        }
        return .en
    }
}
