/// A rule a service names with its refusal (QuenchProtocol's `ErrorRule`: `volume.max` with
/// `limitMl`, `got` and `unit`; docs/PROTOCOL.md §4 lists them), said in the user's language.
/// Nil for a rule this catalog does not know (then the code's meaning is shown).
public struct RuleText: LocalizedMessage {
    public var name: String
    public var values: [String: String]

    /// The rules this catalog says (QuenchProtocol's `FieldRules`, `GoalVolumeRule`, intake's
    /// and health-ingest's checks name them).
    public static let names: Set<String> = [
        "volume.finite", "volume.positive", "volume.max", "volume.min", "goal.range", "unit.one_of", "at.range", "at.future",
        "at.earliest", "fluid.length", "fluid.unknown", "text.control", "weight.range", "limit.min", "cursor.invalid", "cursor.other_day",
        "day.date", "integer.range",
    ]

    public init?(name: String, values: [String: String]) {
        guard Self.names.contains(name) else { return nil }
        self.name = name
        self.values = values
    }

    public func text(_ l: Language) -> Localized {
        let got = [values["got"], values["unit"]].compactMap { $0 }.joined(separator: " ")
        if name.hasPrefix("volume.") || name == "goal.range" { return volume(l, got: got) }
        func value(_ key: String) -> String { values[key] ?? "?" }
        switch name {
        case "unit.one_of":
            return l.pick(
                en: "must be one of \(value("accepted")), got '\(got)'", de: "muss eines von \(value("accepted")) sein, angegeben: '\(got)'",
                fr: "doit être l’un de \(value("accepted")), reçu '\(got)'")
        case "at.range":
            return l.pick(
                en: "must be between the years 1 and 9999, got \(got)", de: "muss zwischen den Jahren 1 und 9999 liegen, angegeben: \(got)",
                fr: "doit se situer entre les années 1 et 9999, reçu \(got)")
        case "at.future":
            return l.pick(
                en: "is more than 5 minutes in the future (\(got), now \(value("now")))",
                de: "liegt mehr als 5 Minuten in der Zukunft (\(got), jetzt \(value("now")))",
                fr: "est à plus de 5 minutes dans le futur (\(got), maintenant \(value("now")))")
        case "at.earliest":
            return l.pick(
                en: "must be on or after \(value("earliest")), got \(got)", de: "darf nicht vor dem \(value("earliest")) liegen, angegeben: \(got)",
                fr: "doit être le \(value("earliest")) ou après, reçu \(got)")
        case "fluid.length":
            return l.pick(
                en: "must be 1 to \(value("max")) characters, got \(got)", de: "muss 1 bis \(value("max")) Zeichen lang sein, angegeben: \(got)",
                fr: "doit faire de 1 à \(value("max")) caractères, reçu \(got)")
        case "fluid.unknown":
            return l.pick(
                en: "no fluid named '\(got)'; `quench fluids` lists them, `quench fluids add` adds one",
                de: "kein Getränk namens '\(got)'; `quench fluids` listet sie auf, `quench fluids add` fügt eines hinzu",
                fr: "aucune boisson nommée '\(got)' ; `quench fluids` les liste, `quench fluids add` en ajoute une")
        case "text.control":
            return l.pick(en: "must not contain control characters", de: "darf keine Steuerzeichen enthalten", fr: "ne doit pas contenir de caractères de contrôle")
        case "weight.range":
            let (least, most) = (Double(value("minKg")) ?? .nan, Double(value("maxKg")) ?? .nan)
            return l.pick(
                en: "a weight must be \(least, upTo: 1) to \(most, upTo: 1) kg, got \(got)",
                de: "ein Gewicht muss zwischen \(least, upTo: 1) und \(most, upTo: 1) kg liegen, angegeben: \(got)",
                fr: "un poids doit être compris entre \(least, upTo: 1) et \(most, upTo: 1) kg, reçu \(got)")
        case "limit.min":
            return l.pick(
                en: "must be at least 1 (a page holds at most \(value("max"))), got \(got)",
                de: "muss mindestens 1 sein (eine Seite fasst höchstens \(value("max"))), angegeben: \(got)",
                fr: "doit être d’au moins 1 (une page contient au plus \(value("max"))), reçu \(got)")
        case "day.date":
            return l.pick(
                en: "must be a date YYYY-MM-DD, got '\(got)'", de: "muss ein Datum JJJJ-MM-TT sein, angegeben: '\(got)'",
                fr: "doit être une date AAAA-MM-JJ, reçu '\(got)'")
        case "integer.range":
            return l.pick(
                en: "must be an integer from \(value("min")) to \(value("max")), got '\(value("got"))'",
                de: "muss eine ganze Zahl von \(value("min")) bis \(value("max")) sein, angegeben: '\(value("got"))'",
                fr: "doit être un entier de \(value("min")) à \(value("max")), reçu '\(value("got"))'")
        case "cursor.invalid":
            return l.pick(
                en: "is not a cursor from a previous reply's nextCursor", de: "ist kein Cursor aus dem nextCursor einer früheren Antwort",
                fr: "n’est pas un curseur tiré du nextCursor d’une réponse précédente")
        default:
            return l.pick(
                en: "belongs to a list of \(value("cursorDay")), not of \(value("day"))",
                de: "gehört zur Liste vom \(value("cursorDay")), nicht vom \(value("day"))",
                fr: "appartient à la liste du \(value("cursorDay")), pas du \(value("day"))")
        }
    }

    /// The volume rules (`FieldRules.volume`) and the goal's range.
    private func volume(_ l: Language, got: String) -> Localized {
        switch name {
        case "volume.finite":
            return l.pick(en: "must be a finite number, got \(got)", de: "muss eine endliche Zahl sein, angegeben: \(got)", fr: "doit être un nombre fini, reçu \(got)")
        case "volume.positive":
            return l.pick(en: "must be greater than 0 mL, got \(got)", de: "muss größer als 0 mL sein, angegeben: \(got)", fr: "doit être supérieur à 0 mL, reçu \(got)")
        case "volume.max":
            let limit = values["limitMl"].flatMap(Double.init).map { String(Int64($0)) } ?? "?"
            return l.pick(
                en: "must be at most \(limit) mL per entry, got \(got)", de: "darf höchstens \(limit) mL je Eintrag betragen, angegeben: \(got)",
                fr: "doit être d’au plus \(limit) mL par saisie, reçu \(got)")
        case "volume.min":
            return l.pick(en: "must be at least 0.001 mL, got \(got)", de: "muss mindestens 0,001 mL betragen, angegeben: \(got)", fr: "doit être d’au moins 0,001 mL, reçu \(got)")
        default:
            return GoalsText.goalOutOfRange(got: got).text(l)
        }
    }
}
