/// `quench log`, `intakes`, `fluids`, `today`, `history`.
public enum HydrationText: LocalizedMessage {
    /// `quench log`: "Logged 250 mL coffee (245 mL water) at 08:30 on 2026-11-20".
    case logged(volume: String, fluid: String, water: String, time: String, day: String)
    /// The id of what was just stored, dimmed after it.
    case id(String)
    /// `quench today`: how much is left.
    case toGo(String)
    case goalReached
    /// "1,200 mL of 2,500 mL (manual goal)".
    case progress(total: String, goal: String, source: String)
    /// A goal's source: `default`, `manual`, `auto`.
    case goalSource(String)
    /// `quench history` table and streaks.
    case historyHeaders
    case streaks(current: String, longest: String)
    /// `quench intakes`.
    case noDrinks(day: String)
    case intakesHeaders
    case totalWater(String)
    case updated(id: String, volume: String, fluid: String, water: String, time: String, day: String)
    case deleted(id: String)
    case nothingToChange
    /// `quench fluids`.
    case fluidsHeaders
    /// Marks a fluid the user added.
    case yours
    case fluidAdded(name: String, percent: String)
    case fluidChanged(name: String, percent: String)
    case waterRange(String)
    /// An amount or a time that does not read.
    case notAnAmount(field: String, text: String, examples: String)
    case amountExamples
    case notATime(field: String, text: String)
    case notAZone(field: String, zone: String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .logged(let volume, let fluid, let water, let time, let day):
            l.pick(
                en: "Logged \(volume) \(fluid) (\(water) water) at \(time) on \(day)",
                de: "Eingetragen: \(volume) \(fluid) (\(water) Wasser) um \(time) am \(day)",
                fr: "Noté : \(volume) de \(fluid) (\(water) d’eau) à \(time) le \(day)")
        case .id(let id): l.pick(en: "id \(id)", de: "ID \(id)", fr: "id \(id)")
        case .toGo(let amount): l.pick(en: "\(amount) to go", de: "noch \(amount)", fr: "encore \(amount)")
        case .goalReached: l.pick(en: "goal reached", de: "Ziel erreicht", fr: "objectif atteint")
        case .progress(let total, let goal, let source):
            l.pick(en: "\(total) of \(goal) (\(source))", de: "\(total) von \(goal) (\(source))", fr: "\(total) sur \(goal) (\(source))")
        case .goalSource(let source):
            switch source {
            case "manual": l.pick(en: "manual goal", de: "festes Ziel", fr: "objectif manuel")
            case "auto": l.pick(en: "auto goal", de: "automatisches Ziel", fr: "objectif automatique")
            case "default": l.pick(en: "default goal", de: "Standardziel", fr: "objectif par défaut")
            default: l.pick(en: "\(source) goal", de: "Ziel \(source)", fr: "objectif \(source)")
            }
        case .historyHeaders: l.pick(en: "DAY|WATER|GOAL|MET", de: "TAG|WASSER|ZIEL|ERREICHT", fr: "JOUR|EAU|OBJECTIF|ATTEINT")
        case .streaks(let current, let longest):
            l.pick(
                en: "Current streak: \(current) · longest: \(longest)",
                de: "Aktuelle Serie: \(current) · längste: \(longest)",
                fr: "Série en cours : \(current) · la plus longue : \(longest)")
        case .noDrinks(let day): l.pick(en: "No drinks logged on \(day).", de: "Am \(day) nichts getrunken eingetragen.", fr: "Aucune boisson notée le \(day).")
        case .intakesHeaders: l.pick(en: "ID|TIME|FLUID|VOLUME|WATER", de: "ID|UHRZEIT|GETRÄNK|MENGE|WASSER", fr: "ID|HEURE|BOISSON|VOLUME|EAU")
        case .totalWater(let amount): l.pick(en: "Total water: \(amount)", de: "Wasser gesamt: \(amount)", fr: "Eau au total : \(amount)")
        case .updated(let id, let volume, let fluid, let water, let time, let day):
            l.pick(
                en: "Updated \(id): \(volume) \(fluid) (\(water) water) at \(time) on \(day)",
                de: "\(id) geändert: \(volume) \(fluid) (\(water) Wasser) um \(time) am \(day)",
                fr: "\(id) modifié : \(volume) de \(fluid) (\(water) d’eau) à \(time) le \(day)")
        case .deleted(let id): l.pick(en: "Deleted \(id).", de: "\(id) gelöscht.", fr: "\(id) supprimé.")
        case .nothingToChange:
            l.pick(
                en: "nothing to change: give --amount, --fluid or --at",
                de: "nichts zu ändern: --amount, --fluid oder --at angeben",
                fr: "rien à modifier : indiquez --amount, --fluid ou --at")
        case .fluidsHeaders: l.pick(en: "FLUID|WATER|", de: "GETRÄNK|WASSER|", fr: "BOISSON|EAU|")
        case .yours: l.pick(en: "yours", de: "eigenes", fr: "à vous")
        case .fluidAdded(let name, let percent):
            l.pick(en: "Added \(name) (\(percent) water).", de: "\(name) hinzugefügt (\(percent) Wasser).", fr: "\(name) ajouté (\(percent) d’eau).")
        case .fluidChanged(let name, let percent):
            l.pick(en: "\(name): \(percent) water.", de: "\(name): \(percent) Wasser.", fr: "\(name) : \(percent) d’eau.")
        case .waterRange(let got):
            l.pick(
                en: "--water must be more than 0 and at most 100, got \(got)",
                de: "--water muss größer als 0 und höchstens 100 sein, war \(got)",
                fr: "--water doit être supérieur à 0 et au plus 100, reçu \(got)")
        case .notAnAmount(let field, let text, let examples):
            l.pick(
                en: "\(field): '\(text)' is not an amount; use \(examples)",
                de: "\(field): '\(text)' ist keine Menge; zum Beispiel \(examples)",
                fr: "\(field) : '\(text)' n’est pas une quantité ; utilisez \(examples)")
        case .amountExamples: l.pick(en: "250, 250ml, 0.5l or 12oz", de: "250, 250ml, 0.5l oder 12oz", fr: "250, 250ml, 0.5l ou 12oz")
        case .notATime(let field, let text):
            l.pick(
                en: "\(field): '\(text)' is not a time; use 08:30, 2026-11-21 08:30 or 2026-11-21T08:30:00Z",
                de: "\(field): '\(text)' ist keine Zeitangabe; zum Beispiel 08:30, 2026-11-21 08:30 oder 2026-11-21T08:30:00Z",
                fr: "\(field) : '\(text)' n’est pas une heure ; utilisez 08:30, 2026-11-21 08:30 ou 2026-11-21T08:30:00Z")
        case .notAZone(let field, let zone):
            l.pick(
                en: "\(field): '\(zone)' is not an IANA time zone",
                de: "\(field): '\(zone)' ist keine IANA-Zeitzone",
                fr: "\(field) : '\(zone)' n’est pas un fuseau horaire IANA")
        }
    }
}
