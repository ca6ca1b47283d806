/// `quench consent`, `weight`, `units`, `sources`.
public enum HealthText: LocalizedMessage {
    case nameAType(types: String)
    case notAConsentType(type: String, types: String)
    case consentHeaders
    case granted
    case notGranted
    case deletedSamples(count: Int, type: String)
    /// `quench weight`: "Weight 72.5 kg (160 lb), measured 2026-11-20 07:30 (already recorded)".
    case weightShown(weight: String, given: String, measured: String, duplicate: Bool)
    case weightRecorded(weight: String, given: String, measured: String, duplicate: Bool)
    case notAWeight(field: String, value: String)
    case twoUnits(field: String, value: String, written: String, option: String)
    case noUnit(field: String, value: String)
    case notPositive(field: String, value: String)
    /// `quench units`.
    case units(weight: String, volume: String, stored: Bool)
    case giveWeightOrVolume
    /// `quench sources`.
    case noSourcesYet
    case sourcesIntro
    case sourceLine(rank: Int, name: String, samples: Int, why: String)
    case yourPriority
    case defaultKind(String)
    case listedNotSeen(String)
    case defaultOrder
    case yourOrder
    case sourcesOrClear(both: Bool)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .nameAType(let types):
            l.pick(en: "name at least one type: \(types)", de: "mindestens eine Art angeben: \(types)", fr: "indiquez au moins un type : \(types)")
        case .notAConsentType(let type, let types):
            l.pick(
                en: "'\(type)' is not a consent type; use \(types)", de: "'\(type)' ist keine Einwilligungsart; zur Wahl: \(types)",
                fr: "'\(type)' n’est pas un type de consentement ; utilisez \(types)")
        case .consentHeaders: l.pick(en: "TYPE|CONSENT|SINCE", de: "ART|EINWILLIGUNG|SEIT", fr: "TYPE|CONSENTEMENT|DEPUIS")
        case .granted: l.pick(en: "granted", de: "erteilt", fr: "accordé")
        case .notGranted: l.pick(en: "not granted", de: "nicht erteilt", fr: "non accordé")
        case .deletedSamples(let count, let type):
            l.plural(
                count,
                en: Plural(one: "Deleted \(count) \(type) sample.", other: "Deleted \(count) \(type) samples."),
                de: Plural(one: "\(count) Messwert \(type) gelöscht.", other: "\(count) Messwerte \(type) gelöscht."),
                fr: Plural(one: "\(count) mesure \(type) supprimée.", other: "\(count) mesures \(type) supprimées."))
        case .weightShown(let weight, let given, let measured, let duplicate):
            duplicate
                ? l.pick(
                    en: "Weight \(weight)\(given), measured \(measured) (already recorded)",
                    de: "Gewicht \(weight)\(given), gemessen \(measured) (schon eingetragen)",
                    fr: "Poids \(weight)\(given), mesuré le \(measured) (déjà enregistré)")
                : l.pick(en: "Weight \(weight)\(given), measured \(measured)", de: "Gewicht \(weight)\(given), gemessen \(measured)", fr: "Poids \(weight)\(given), mesuré le \(measured)")
        case .weightRecorded(let weight, let given, let measured, let duplicate):
            duplicate
                ? l.pick(
                    en: "Recorded \(weight)\(given), measured \(measured) (already recorded)",
                    de: "Eingetragen: \(weight)\(given), gemessen \(measured) (schon eingetragen)",
                    fr: "Enregistré : \(weight)\(given), mesuré le \(measured) (déjà enregistré)")
                : l.pick(en: "Recorded \(weight)\(given), measured \(measured)", de: "Eingetragen: \(weight)\(given), gemessen \(measured)", fr: "Enregistré : \(weight)\(given), mesuré le \(measured)")
        case .notAWeight(let field, let value):
            l.pick(
                en: "\(field): '\(value)' is not a weight; use 72.5kg, 160lb or 72.5 --unit kg",
                de: "\(field): '\(value)' ist kein Gewicht; zum Beispiel 72.5kg, 160lb oder 72.5 --unit kg",
                fr: "\(field) : '\(value)' n’est pas un poids ; utilisez 72.5kg, 160lb ou 72.5 --unit kg")
        case .twoUnits(let field, let value, let written, let option):
            l.pick(
                en: "\(field): '\(value)' says \(written) but --unit says \(option); give one unit",
                de: "\(field): '\(value)' sagt \(written), aber --unit sagt \(option); nur eine Einheit angeben",
                fr: "\(field) : '\(value)' indique \(written) mais --unit indique \(option) ; donnez une seule unité")
        case .noUnit(let field, let value):
            l.pick(
                en: "\(field): '\(value)' has no unit; write 72.5kg or 160lb, or add --unit kg|lb",
                de: "\(field): '\(value)' hat keine Einheit; 72.5kg oder 160lb schreiben oder --unit kg|lb angeben",
                fr: "\(field) : '\(value)' n’a pas d’unité ; écrivez 72.5kg ou 160lb, ou ajoutez --unit kg|lb")
        case .notPositive(let field, let value):
            l.pick(
                en: "\(field): must be a number greater than 0, got \(value)",
                de: "\(field): muss eine Zahl größer als 0 sein, war \(value)",
                fr: "\(field) : doit être un nombre supérieur à 0, reçu \(value)")
        case .units(let weight, let volume, let stored):
            stored
                ? l.pick(en: "Weights in \(weight), volumes in \(volume).", de: "Gewichte in \(weight), Mengen in \(volume).", fr: "Poids en \(weight), volumes en \(volume).")
                : l.pick(
                    en: "Weights in \(weight), volumes in \(volume) (the defaults; change them with: quench units set).",
                    de: "Gewichte in \(weight), Mengen in \(volume) (die Vorgaben; ändern mit: quench units set).",
                    fr: "Poids en \(weight), volumes en \(volume) (les valeurs par défaut ; à changer avec : quench units set).")
        case .giveWeightOrVolume:
            l.pick(en: "give --weight, --volume or both", de: "--weight, --volume oder beides angeben", fr: "indiquez --weight, --volume ou les deux")
        case .noSourcesYet:
            l.pick(en: "No steps or distance stored yet.", de: "Noch keine Schritte oder Strecken gespeichert.", fr: "Aucun pas ni distance enregistrés pour l’instant.")
        case .sourcesIntro:
            l.pick(
                en: "Steps and distance merge these sources in time, highest first:",
                de: "Schritte und Strecken verbinden diese Quellen zeitlich, die oberste zuerst:",
                fr: "Les pas et distances fusionnent ces sources dans le temps, la plus haute d’abord :")
        case .sourceLine(let rank, let name, let samples, let why):
            l.plural(
                samples,
                en: Plural(one: "  \(rank). \(name)  (\(samples) sample, \(why))", other: "  \(rank). \(name)  (\(samples) samples, \(why))"),
                de: Plural(one: "  \(rank). \(name)  (\(samples) Messwert, \(why))", other: "  \(rank). \(name)  (\(samples) Messwerte, \(why))"),
                fr: Plural(one: "  \(rank). \(name)  (\(samples) mesure, \(why))", other: "  \(rank). \(name)  (\(samples) mesures, \(why))"))
        case .yourPriority: l.pick(en: "your priority", de: "deine Reihenfolge", fr: "votre priorité")
        case .defaultKind(let kind):
            switch kind {
            case "watch": l.pick(en: "default: watch", de: "Vorgabe: Uhr", fr: "par défaut : montre")
            case "phone": l.pick(en: "default: phone", de: "Vorgabe: Telefon", fr: "par défaut : téléphone")
            case "other": l.pick(en: "default: other", de: "Vorgabe: sonstige", fr: "par défaut : autre")
            default: l.pick(en: "default: \(kind)", de: "Vorgabe: \(kind)", fr: "par défaut : \(kind)")
            }
        case .listedNotSeen(let names):
            l.pick(en: "Listed but not seen yet: \(names)", de: "Genannt, aber noch nicht gesehen: \(names)", fr: "Listées mais pas encore vues : \(names)")
        case .defaultOrder:
            l.pick(
                en: "Order: the default (set one with: quench sources priority SOURCE…)",
                de: "Reihenfolge: die Vorgabe (eigene setzen mit: quench sources priority QUELLE…)",
                fr: "Ordre : celui par défaut (à définir avec : quench sources priority SOURCE…)")
        case .yourOrder:
            l.pick(
                en: "Order: your priority, then the default (clear it with: quench sources priority --clear)",
                de: "Reihenfolge: deine, dann die Vorgabe (zurücksetzen mit: quench sources priority --clear)",
                fr: "Ordre : votre priorité, puis celui par défaut (à effacer avec : quench sources priority --clear)")
        case .sourcesOrClear(let both):
            both
                ? l.pick(en: "give SOURCE names or --clear, not both", de: "QUELLE-Namen oder --clear angeben, nicht beides", fr: "donnez des noms de SOURCE ou --clear, pas les deux")
                : l.pick(en: "give one or more SOURCE names, or --clear", de: "einen oder mehrere QUELLE-Namen oder --clear angeben", fr: "donnez un ou plusieurs noms de SOURCE, ou --clear")
        }
    }
}
