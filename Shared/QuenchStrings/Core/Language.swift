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
