/// `quench import health-auto-export` (a Health Auto Export payload).
public enum AutoExportText: LocalizedMessage {
    /// `imported` is already styled (``ImportText/imported(_:)``).
    case importedPoints(imported: String, seen: Int, duplicates: Int, replaced: Int, skipped: Int, job: String)
    case headers
    /// A rule the parser's points broke: its field and rule (the parser's English, data here).
    case problem(count: Int, field: String, rule: String)
    case examples(String)
    case skippedNoConsent(count: Int, consent: String)
    case grantThenSend(consent: String)
    case otherMetrics(String)
    case otherSections(String)
    case notAPayload(path: String, message: String)
    case cannotRead(path: String, error: String)
    case badPoints(path: String, count: Int, first: String)
    /// A skip reason: points of `field` breaking `rule` (already in the user's language).
    case badPoint(field: String, rule: String)
    case badPointOtherRules

    public func text(_ l: Language) -> Localized {
        switch self {
        case .importedPoints(let imported, let seen, let duplicates, let replaced, let skipped, let job):
            l.plural(
                seen,
                en: Plural(
                    one: "\(imported) of \(seen) point (\(CommonText.duplicates(duplicates)), \(replaced) replaced an earlier value, \(CommonText.skipped(skipped))) as job \(job)",
                    other: "\(imported) of \(seen) points (\(CommonText.duplicates(duplicates)), \(replaced) replaced an earlier value, \(CommonText.skipped(skipped))) as job \(job)"),
                de: Plural(
                    one: "\(imported) von \(seen) Punkt (\(CommonText.duplicates(duplicates)), \(replaced) ersetzten einen früheren Wert, \(CommonText.skipped(skipped))) als Auftrag \(job)",
                    other: "\(imported) von \(seen) Punkten (\(CommonText.duplicates(duplicates)), \(replaced) ersetzten einen früheren Wert, \(CommonText.skipped(skipped))) als Auftrag \(job)"),
                fr: Plural(
                    one: "\(imported) sur \(seen) point (\(CommonText.duplicates(duplicates)), \(replaced) ont remplacé une valeur antérieure, \(CommonText.skipped(skipped))) dans la tâche \(job)",
                    other: "\(imported) sur \(seen) points (\(CommonText.duplicates(duplicates)), \(replaced) ont remplacé une valeur antérieure, \(CommonText.skipped(skipped))) dans la tâche \(job)"))
        case .headers:
            l.pick(en: "TYPE|IMPORTED|DUPLICATES|REPLACED", de: "ART|IMPORTIERT|DOPPELT|ERSETZT", fr: "TYPE|IMPORTÉS|DOUBLONS|REMPLACÉS")
        case .problem(let count, let field, let rule):
            l.pick(en: "\(count) × \(field): \(rule)", de: "\(count) × \(field): \(rule)", fr: "\(count) × \(field) : \(rule)")
        case .examples(let list): l.pick(en: " (e.g. \(list))", de: " (z. B. \(list))", fr: " (p. ex. \(list))")
        case .skippedNoConsent(let count, let consent):
            l.plural(
                count,
                en: Plural(one: "\(count) \(consent) point skipped: no consent", other: "\(count) \(consent) points skipped: no consent"),
                de: Plural(one: "\(count) Punkt \(consent) übersprungen: keine Einwilligung", other: "\(count) Punkte \(consent) übersprungen: keine Einwilligung"),
                fr: Plural(one: "\(count) point \(consent) ignoré : pas de consentement", other: "\(count) points \(consent) ignorés : pas de consentement"))
        case .grantThenSend(let consent):
            l.pick(
                en: " (quench consent grant \(consent), then send again)", de: " (quench consent grant \(consent), dann erneut senden)",
                fr: " (quench consent grant \(consent), puis envoyez à nouveau)")
        case .otherMetrics(let list):
            l.pick(en: "Other metrics, not imported: \(list)", de: "Andere Messgrößen, nicht importiert: \(list)", fr: "Autres mesures, non importées : \(list)")
        case .otherSections(let list):
            l.pick(en: "Other sections, not imported: \(list)", de: "Andere Abschnitte, nicht importiert: \(list)", fr: "Autres sections, non importées : \(list)")
        case .notAPayload(let path, let message):
            l.pick(en: "\(path): \(message); nothing imported", de: "\(path): \(message); nichts importiert", fr: "\(path) : \(message) ; rien n’a été importé")
        case .badPoint(let field, let rule):
            l.pick(en: "bad-point: \(field): \(rule)", de: "fehlerhafter Punkt: \(field): \(rule)", fr: "point erroné : \(field) : \(rule)")
        case .badPointOtherRules:
            l.pick(en: "bad-point: other rules", de: "fehlerhafter Punkt: andere Regeln", fr: "point erroné : autres règles")
        case .cannotRead(let path, let error):
            l.pick(en: "cannot read \(path): \(error)", de: "\(path) nicht lesbar: \(error)", fr: "impossible de lire \(path) : \(error)")
        case .badPoints(let path, let count, let first):
            l.plural(
                count,
                en: Plural(
                    one: "\(path): \(count) point could not be read (\(first)); the rest was imported",
                    other: "\(path): \(count) points could not be read (first: \(first)); the rest was imported"),
                de: Plural(
                    one: "\(path): \(count) Punkt war nicht lesbar (\(first)); der Rest wurde importiert",
                    other: "\(path): \(count) Punkte waren nicht lesbar (zuerst: \(first)); der Rest wurde importiert"),
                fr: Plural(
                    one: "\(path) : \(count) point était illisible (\(first)) ; le reste a été importé",
                    other: "\(path) : \(count) points étaient illisibles (d’abord : \(first)) ; le reste a été importé"))
        }
    }
}
