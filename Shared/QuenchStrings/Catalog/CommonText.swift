/// Words and lines many commands share.
public enum CommonText: LocalizedMessage {
    /// `--lang` names a language the catalog does not have.
    case unknownLanguage(String)
    /// Before the one line of an error on stderr.
    case errorPrefix
    /// The marker of today on a chart.
    case today
    /// A count of days: `1 day`, `3 days`.
    case days(Int)
    /// A table cell or list item with nothing to show.
    case none
    /// "Wrote FILE (N bytes)." after a file is written.
    case wroteFile(String)
    /// Analytics may be missing events: the line's start, then the notes joined by "; ".
    case analyticsBehind(notes: String)
    case publisherOutOfReach(publisher: String)
    case changesNotApplied(publisher: String)
    /// A message about one field: `AMOUNT: …`.
    case field(String, message: String)
    /// Data left out because consent was revoked.
    case notCounted(types: String, grant: String)
    /// `--days` out of its range.
    case daysRange(max: Int, got: Int)
    /// In an import's summary: `1 duplicate`, `3 duplicates`.
    case duplicates(Int)
    /// In an import's summary: records or points skipped.
    case skipped(Int)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .duplicates(let count):
            l.plural(
                count, en: Plural(one: "\(count) duplicate", other: "\(count) duplicates"), de: Plural(other: "\(count) doppelt"),
                fr: Plural(other: "\(count) en double"))
        case .skipped(let count):
            l.plural(
                count, en: Plural(other: "\(count) skipped"), de: Plural(other: "\(count) übersprungen"),
                fr: Plural(one: "\(count) ignoré", other: "\(count) ignorés"))
        case .unknownLanguage(let tag):
            l.pick(
                en: "unknown language '\(tag)': use en, de, fr or pseudo",
                de: "unbekannte Sprache '\(tag)': en, de, fr oder pseudo verwenden",
                fr: "langue inconnue '\(tag)' : utilisez en, de, fr ou pseudo")
        case .errorPrefix: l.pick(en: "error:", de: "Fehler:", fr: "erreur :")
        case .today: l.pick(en: "today", de: "heute", fr: "aujourd’hui")
        case .days(let count):
            l.plural(
                count,
                en: Plural(one: "\(count) day", other: "\(count) days"),
                de: Plural(one: "\(count) Tag", other: "\(count) Tage"),
                fr: Plural(one: "\(count) jour", many: "\(count) de jours", other: "\(count) jours"))
        case .field(let field, let message): l.pick(en: "\(field): \(message)", de: "\(field): \(message)", fr: "\(field) : \(message)")
        case .none: l.pick(en: "none", de: "keine", fr: "aucun")
        case .wroteFile(let file): l.pick(en: "Wrote \(file).", de: "\(file) geschrieben.", fr: "\(file) écrit.")
        case .analyticsBehind(let notes):
            l.pick(en: "Analytics may be behind: \(notes).", de: "Die Auswertung ist womöglich im Rückstand: \(notes).", fr: "Les analyses sont peut-être en retard : \(notes).")
        case .publisherOutOfReach(let publisher):
            l.pick(
                en: "\(publisher) is out of reach",
                de: "\(publisher) ist nicht erreichbar",
                fr: "\(publisher) est injoignable")
        case .changesNotApplied(let publisher):
            l.pick(
                en: "recent changes from \(publisher) are not applied yet",
                de: "neue Änderungen von \(publisher) sind noch nicht angewandt",
                fr: "des changements récents de \(publisher) ne sont pas encore appliqués")
        case .notCounted(let types, let grant):
            l.pick(
                en: "Not counted: consent revoked for \(types) (the data is kept; `quench consent grant \(grant)` counts it again).",
                de: "Nicht gezählt: Einwilligung widerrufen für \(types) (die Daten bleiben; `quench consent grant \(grant)` zählt sie wieder).",
                fr: "Non compté : consentement retiré pour \(types) (les données sont conservées ; `quench consent grant \(grant)` les compte à nouveau).")
        case .daysRange(let max, let got):
            l.pick(
                en: "--days must be between 1 and \(String(max)), got \(String(got))",
                de: "--days muss zwischen 1 und \(String(max)) liegen, war \(String(got))",
                fr: "--days doit être entre 1 et \(String(max)), reçu \(String(got))")
        }
    }
}
