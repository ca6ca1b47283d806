import QuenchStrings

/// `message` from the catalog (Shared/QuenchStrings) in the language of this run
/// (`--lang`, else LC_ALL / LC_MESSAGES / LANG, else English): the one way user-facing
/// text reaches the terminal (see docs/LOCALISATION.md; the lint is CatalogLintTests).
func tr(_ message: some LocalizedMessage) -> String {
    Localizer.current(message)
}

/// The localizer of this run (numbers, days, units).
var l10n: Localizer { Localizer.current }

enum LanguageSelection {
    /// The language for `arguments` (a `--lang X` or `--lang=X` before any `--`) and the environment.
    static func resolve(_ arguments: [String], environment: [String: String]) -> Language {
        Language.resolve(option: option(in: arguments), environment: environment)
    }

    /// The value of `--lang` in `arguments`, nil when absent.
    static func option(in arguments: [String]) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--lang", index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--lang=") {
                found = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        return found
    }
}

/// A table's column titles: one catalog message per table, the titles separated by `|`.
func columns(_ message: some LocalizedMessage) -> [String] {
    tr(message).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
}
