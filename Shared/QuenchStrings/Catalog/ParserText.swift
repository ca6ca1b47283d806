/// argument-parser's own parse errors and the frame around them (`Help:`, `Usage:`, `See …`),
/// translated from its English by the CLI (`ParseErrorText` in the gateway). The argument,
/// option and value names stay as typed: they are what the user has to type.
public enum ParserText: LocalizedMessage {
    case missingArgument(String)
    case missingOneOf(String)
    case unknownOption(String)
    case unknownOptionSuggestion(String, suggestion: String)
    case missingValue(String)
    case takesNoValue(String, value: String)
    case unexpectedArgument(String)
    case unexpectedArguments(Int, list: String)
    case invalidValue(String, for: String)
    case invalidValueNoName(String)
    case invalidOption(String)
    case missingSubcommand
    case setTwice(String, before: String)
    /// After an invalid value: the values the option takes (`'a', 'b' or 'c'`).
    case provideOneOf([String])
    /// The word before the last of a list of choices.
    case or
    /// The line that names the argument's help: `Help:`.
    case helpLabel
    /// Before the synopsis: `Usage:`.
    case usageLabel
    /// `See 'quench log --help' for more information.`
    case seeHelp(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .missingArgument(let name):
            l.pick(en: "Missing expected argument '\(name)'", de: "Erwartetes Argument '\(name)' fehlt", fr: "Argument attendu '\(name)' manquant")
        case .missingOneOf(let names):
            l.pick(en: "Missing one of: \(names)", de: "Eines davon fehlt: \(names)", fr: "Il manque l’un de : \(names)")
        case .unknownOption(let name):
            l.pick(en: "Unknown option '\(name)'", de: "Unbekannte Option '\(name)'", fr: "Option inconnue '\(name)'")
        case .unknownOptionSuggestion(let name, let suggestion):
            l.pick(
                en: "Unknown option '\(name)'. Did you mean '\(suggestion)'?",
                de: "Unbekannte Option '\(name)'. Meinten Sie '\(suggestion)'?",
                fr: "Option inconnue '\(name)'. Vouliez-vous dire '\(suggestion)' ?")
        case .missingValue(let name):
            l.pick(en: "Missing value for '\(name)'", de: "Wert für '\(name)' fehlt", fr: "Valeur manquante pour '\(name)'")
        case .takesNoValue(let name, let value):
            l.pick(
                en: "The option '\(name)' does not take any value, but '\(value)' was specified.",
                de: "Die Option '\(name)' nimmt keinen Wert, angegeben war '\(value)'.",
                fr: "L’option '\(name)' ne prend pas de valeur, mais '\(value)' a été indiqué.")
        case .unexpectedArgument(let value):
            l.pick(en: "Unexpected argument '\(value)'", de: "Unerwartetes Argument '\(value)'", fr: "Argument inattendu '\(value)'")
        case .unexpectedArguments(let count, let list):
            l.plural(
                count,
                en: Plural(one: "\(count) unexpected argument: \(list)", other: "\(count) unexpected arguments: \(list)"),
                de: Plural(one: "\(count) unerwartetes Argument: \(list)", other: "\(count) unerwartete Argumente: \(list)"),
                fr: Plural(one: "\(count) argument inattendu : \(list)", other: "\(count) arguments inattendus : \(list)"))
        case .invalidValue(let value, let name):
            l.pick(
                en: "The value '\(value)' is invalid for '\(name)'", de: "Der Wert '\(value)' ist für '\(name)' ungültig",
                fr: "La valeur '\(value)' n’est pas valable pour '\(name)'")
        case .invalidValueNoName(let value):
            l.pick(en: "The value '\(value)' is invalid.", de: "Der Wert '\(value)' ist ungültig.", fr: "La valeur '\(value)' n’est pas valable.")
        case .invalidOption(let name):
            l.pick(en: "Invalid option: \(name)", de: "Ungültige Option: \(name)", fr: "Option non valable : \(name)")
        case .missingSubcommand:
            l.pick(en: "Missing required subcommand.", de: "Ein Unterbefehl fehlt.", fr: "Une sous-commande est requise.")
        case .setTwice(let now, let before):
            l.pick(
                en: "Value to be set with \(now) had already been set with \(before)",
                de: "Der mit \(now) gesetzte Wert wurde schon mit \(before) gesetzt",
                fr: "La valeur donnée par \(now) a déjà été donnée par \(before)")
        case .provideOneOf(let values):
            l.pick(
                en: "Please provide one of \(Self.list(values)).", de: "Möglich sind \(Self.list(values)).",
                fr: "Valeurs possibles : \(Self.list(values)).")
        case .or: l.pick(en: "or", de: "oder", fr: "ou")
        case .helpLabel: l.pick(en: "Help:", de: "Hilfe:", fr: "Aide :")
        case .usageLabel: l.pick(en: "Usage:", de: "Aufruf:", fr: "Utilisation :")
        case .seeHelp(let command):
            l.pick(
                en: "See '\(command) --help' for more information.", de: "Mehr dazu unter '\(command) --help'.",
                fr: "Voir '\(command) --help' pour en savoir plus.")
        }
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`, "or" in the language.
    private static func list(_ values: [String]) -> Localized {
        var parts: [Localized.Part] = []
        for (index, value) in values.enumerated() {
            if index > 0 {
                parts.append(.literal(index == values.count - 1 ? " " : ", "))
                if index == values.count - 1 { parts += [.nested(ParserText.or), .literal(" ")] }
            }
            parts.append(.text("'\(value)'"))
        }
        return Localized(parts: parts)
    }
}
