/// The Health Auto Export payload parser's diagnostics (Shared/HealthImport's
/// `HealthAutoExportParser`): why a payload is refused as a whole, the rule a point broke,
/// where (its index) and what it held.
///
/// The parser keeps these cases as the structure of its problems (`HealthAutoExportProblem.ruleText`,
/// `HealthAutoExportError.text`) and renders English for the `rule`, `examples` and `message` the
/// HTTP endpoint and `--json` return; the CLI renders them in the user's language. Payload paths
/// (`data.metrics[step_count].data[*].qty`), keys, units and values stay as written.
public enum AutoExportRuleText: LocalizedMessage, Hashable {
    // MARK: A payload refused as a whole

    case cannotOpen(path: String)
    case tooLarge(max: Int)
    indirect case notAnObject(because: AutoExportRuleText)
    case dataRequired

    // MARK: Rules of metrics, points and workouts

    indirect case metricShape(because: AutoExportRuleText)
    case pointsRequired
    case unitsRequired(metric: String)
    case unitsOneOf(accepted: String, metric: String)
    case pointShape
    case quantityRequired
    case quantityNumber
    case timestamp
    case timestampRequired
    case workoutShape
    case activityRequired
    case durationSeconds
    case amountUnits(accepted: String)

    // MARK: Why JSON did not decode (a few words)

    case expectedNumber
    case expectedString
    case expectedOther
    case nullValue
    case keyMissing(String)
    /// Not JSON at all (English: the decoder's own words).
    case invalidJSON
    /// The decoder's own words (English), shown as they are.
    case decoderDetail(String)

    // MARK: Examples: where, and what was found

    /// A point or item by its place (`[3]`, `metrics[2]`).
    case place(String)
    case got(place: String?, value: String)
    case gotUnits(place: String, units: String)
    indirect case because(place: String, AutoExportRuleText)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .cannotOpen(let path): l.pick(en: "cannot open \(path)", de: "\(path) nicht zu öffnen", fr: "impossible d’ouvrir \(path)")
        case .tooLarge(let max):
            l.pick(
                en: "must be at most \(String(max)) bytes, got more; turn on the app's batch requests",
                de: "darf höchstens \(String(max)) Bytes groß sein, war größer; in der App die Stapelanfragen (batch requests) einschalten",
                fr: "doit faire au plus \(String(max)) octets, reçu davantage ; activez les requêtes par lots (batch requests) de l’app")
        case .notAnObject(let reason):
            l.pick(
                en: "must be a JSON object like \("{\"data\": {\"metrics\": […]}}"): \(reason)",
                de: "muss ein JSON-Objekt wie \("{\"data\": {\"metrics\": […]}}") sein: \(reason)",
                fr: "doit être un objet JSON comme \("{\"data\": {\"metrics\": […]}}") : \(reason)")
        case .dataRequired:
            l.pick(
                en: "is required: an object holding metrics and/or workouts", de: "ist nötig: ein Objekt mit metrics und/oder workouts",
                fr: "est requis : un objet contenant metrics et/ou workouts")
        case .metricShape(let reason):
            l.pick(
                en: "must be an object with name (a string), units (a string) and data (an array): \(reason)",
                de: "muss ein Objekt mit name (Zeichenkette), units (Zeichenkette) und data (Array) sein: \(reason)",
                fr: "doit être un objet avec name (une chaîne), units (une chaîne) et data (un tableau) : \(reason)")
        case .pointsRequired:
            l.pick(en: "is required: an array of points", de: "ist nötig: ein Array von Punkten", fr: "est requis : un tableau de points")
        case .unitsRequired(let metric):
            l.pick(en: "is required for \(metric)", de: "ist für \(metric) nötig", fr: "est requis pour \(metric)")
        case .unitsOneOf(let accepted, let metric):
            l.pick(
                en: "must be one of \(accepted) for \(metric)", de: "muss für \(metric) eines von \(accepted) sein",
                fr: "doit être l’une de \(accepted) pour \(metric)")
        case .pointShape:
            l.pick(
                en: "must be an object with date (a string), qty (a number) and source (a string)",
                de: "muss ein Objekt mit date (Zeichenkette), qty (Zahl) und source (Zeichenkette) sein",
                fr: "doit être un objet avec date (une chaîne), qty (un nombre) et source (une chaîne)")
        case .quantityRequired: l.pick(en: "is required: a number", de: "ist nötig: eine Zahl", fr: "est requis : un nombre")
        case .quantityNumber: l.pick(en: "must be a number", de: "muss eine Zahl sein", fr: "doit être un nombre")
        case .timestamp:
            l.pick(
                en: "must be a timestamp like '\("2024-02-06 14:30:00 -0500")'", de: "muss ein Zeitstempel wie '\("2024-02-06 14:30:00 -0500")' sein",
                fr: "doit être un horodatage comme '\("2024-02-06 14:30:00 -0500")'")
        case .timestampRequired:
            l.pick(
                en: "is required: \(Self.timestamp)", de: "ist nötig und \(Self.timestamp)", fr: "est requis et \(Self.timestamp)")
        case .workoutShape:
            l.pick(
                en: "must be an object with name, start and end (strings)", de: "muss ein Objekt mit name, start und end (Zeichenketten) sein",
                fr: "doit être un objet avec name, start et end (des chaînes)")
        case .activityRequired:
            l.pick(
                en: "is required: the activity, e.g. '\("Running")'", de: "ist nötig: die Aktivität, z. B. '\("Running")'",
                fr: "est requis : l’activité, p. ex. '\("Running")'")
        case .durationSeconds: l.pick(en: "must be a number of seconds", de: "muss eine Zahl von Sekunden sein", fr: "doit être un nombre de secondes")
        case .amountUnits(let accepted):
            l.pick(
                en: "must be {qty: a number, units: one of \(accepted)}", de: "muss {qty: eine Zahl, units: eine von \(accepted)} sein",
                fr: "doit être {qty: un nombre, units: l’une de \(accepted)}")
        case .expectedNumber: l.pick(en: "expected a number there", de: "dort wurde eine Zahl erwartet", fr: "un nombre était attendu ici")
        case .expectedString: l.pick(en: "expected a string there", de: "dort wurde eine Zeichenkette erwartet", fr: "une chaîne était attendue ici")
        case .expectedOther: l.pick(en: "expected another type there", de: "dort wurde ein anderer Typ erwartet", fr: "un autre type était attendu ici")
        case .nullValue: l.pick(en: "a value is null", de: "ein Wert ist null", fr: "une valeur est null")
        case .keyMissing(let key): l.pick(en: "'\(key)' is missing", de: "'\(key)' fehlt", fr: "'\(key)' manque")
        case .invalidJSON:
            l.pick(en: "The given data was not valid JSON.", de: "Die Daten sind kein gültiges JSON.", fr: "Les données ne sont pas du JSON valide.")
        case .decoderDetail(let detail): .verbatim(detail)
        case .place(let place): .verbatim(place)
        case .got(let place?, let value): l.pick(en: "\(place): got '\(value)'", de: "\(place): war '\(value)'", fr: "\(place) : reçu '\(value)'")
        case .got(nil, let value): l.pick(en: "got '\(value)'", de: "war '\(value)'", fr: "reçu '\(value)'")
        case .gotUnits(let place, let units):
            l.pick(en: "\(place): got units '\(units)'", de: "\(place): Einheit war '\(units)'", fr: "\(place) : unité reçue '\(units)'")
        case .because(let place, let reason): l.pick(en: "\(place): \(reason)", de: "\(place): \(reason)", fr: "\(place) : \(reason)")
        }
    }
}
