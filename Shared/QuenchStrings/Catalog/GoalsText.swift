/// `quench goal` and `quench challenges`.
public enum GoalsText: LocalizedMessage {
    case goalExamples
    /// `quench goal set` outside 500…6000 mL (the goals service's `GoalVolumeRule`), `got` as typed.
    case goalOutOfRange(got: String)
    case goal(amount: String, source: String)
    case fromWeight(String)
    case since(String)
    case capped
    case raised
    case pinned
    case unchanged
    case noGoalYet
    case goalHeaders
    case now
    /// A goal source as the table shows it: `default`, `manual`, `auto`.
    case source(String)
    case noChallenges
    case challengesHeaders
    case progressHeaders
    case loaded(received: Int, created: Int, updated: Int, unchanged: Int)
    case pointsEarned(String)
    case notAMonth(field: String, text: String)
    case steps(String)
    /// A challenges file's problems.
    case fileTooLarge(path: String, size: Int, max: Int)
    case cannotRead(path: String, reason: String)
    case notJSON(name: String, reason: String)
    case tooManyItems(name: String, max: Int, got: Int)
    case isRequired(path: String)
    case mustBe(path: String, kind: String)
    case aNumber
    case aString
    case mustNotBeNull(path: String)
    case notValidJSON(reason: String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .goalOutOfRange(let got):
            l.pick(
                en: "a daily goal must be at least 500 mL and at most 6000 mL, got \(got)",
                de: "ein Tagesziel muss mindestens 500 mL und höchstens 6000 mL betragen, angegeben: \(got)",
                fr: "un objectif quotidien doit être d’au moins 500 mL et d’au plus 6000 mL, reçu \(got)")
        case .goalExamples: l.pick(en: "3000, 3000ml, 2.5l or 100oz", de: "3000, 3000ml, 2.5l oder 100oz", fr: "3000, 3000ml, 2.5l ou 100oz")
        case .goal(let amount, let source): l.pick(en: "Goal: \(amount) (\(source))", de: "Ziel: \(amount) (\(source))", fr: "Objectif : \(amount) (\(source))")
        case .fromWeight(let weight): l.pick(en: " from your weight of \(weight)", de: " aus deinem Gewicht von \(weight)", fr: " d’après votre poids de \(weight)")
        case .since(let day): l.pick(en: ", since \(day)", de: ", seit \(day)", fr: ", depuis le \(day)")
        case .capped:
            l.pick(
                en: "Your weight gives more than 6000 mL; the goal is capped at 6000 mL.",
                de: "Dein Gewicht ergibt mehr als 6000 ml; das Ziel ist auf 6000 ml begrenzt.",
                fr: "Votre poids donne plus de 6000 ml ; l’objectif est plafonné à 6000 ml.")
        case .raised:
            l.pick(
                en: "Your weight gives less than 1000 mL; the goal is raised to 1000 mL.",
                de: "Dein Gewicht ergibt weniger als 1000 ml; das Ziel wird auf 1000 ml angehoben.",
                fr: "Votre poids donne moins de 1000 ml ; l’objectif est relevé à 1000 ml.")
        case .pinned:
            l.pick(
                en: "Manual goal kept over your weight-derived goal; `quench goal auto` follows your weight again.",
                de: "Festes Ziel behält Vorrang vor dem Ziel aus deinem Gewicht; `quench goal auto` folgt wieder deinem Gewicht.",
                fr: "Objectif manuel conservé plutôt que celui tiré de votre poids ; `quench goal auto` suit à nouveau votre poids.")
        case .unchanged: l.pick(en: "(unchanged)", de: "(unverändert)", fr: "(inchangé)")
        case .noGoalYet:
            l.pick(
                en: "No goal set yet: the default of 2500 mL applies.",
                de: "Noch kein Ziel gesetzt: es gilt der Standard von 2500 ml.",
                fr: "Aucun objectif défini : la valeur par défaut de 2500 ml s’applique.")
        case .goalHeaders: l.pick(en: "FROM|TO|GOAL|SOURCE", de: "VON|BIS|ZIEL|QUELLE", fr: "DU|AU|OBJECTIF|SOURCE")
        case .now: l.pick(en: "now", de: "jetzt", fr: "maintenant")
        case .source(let source):
            switch source {
            case "manual": l.pick(en: "manual", de: "fest", fr: "manuel")
            case "auto": l.pick(en: "auto", de: "automatisch", fr: "automatique")
            case "default": l.pick(en: "default", de: "Standard", fr: "par défaut")
            default: .verbatim(source)
            }
        case .noChallenges:
            l.pick(
                en: "No challenges yet: `quench challenges load FILE` adds them.",
                de: "Noch keine Herausforderungen: `quench challenges load DATEI` fügt sie hinzu.",
                fr: "Pas encore de défis : `quench challenges load FICHIER` les ajoute.")
        case .challengesHeaders:
            l.pick(en: "ID|TITLE|TYPE|GOAL|TROPHY|POINTS", de: "ID|TITEL|ART|ZIEL|TROPHÄE|PUNKTE", fr: "ID|TITRE|TYPE|OBJECTIF|TROPHÉE|POINTS")
        case .progressHeaders:
            l.pick(en: "CHALLENGE|GOAL|DAYS|TROPHY|POINTS", de: "HERAUSFORDERUNG|ZIEL|TAGE|TROPHÄE|PUNKTE", fr: "DÉFI|OBJECTIF|JOURS|TROPHÉE|POINTS")
        case .loaded(let received, let created, let updated, let unchanged):
            l.plural(
                received,
                en: Plural(
                    one: "Loaded \(received) challenge: \(created) new, \(updated) updated, \(unchanged) unchanged.",
                    other: "Loaded \(received) challenges: \(created) new, \(updated) updated, \(unchanged) unchanged."),
                de: Plural(
                    one: "\(received) Herausforderung geladen: \(created) neu, \(updated) geändert, \(unchanged) unverändert.",
                    other: "\(received) Herausforderungen geladen: \(created) neu, \(updated) geändert, \(unchanged) unverändert."),
                fr: Plural(
                    one: "\(received) défi chargé : \(created) nouveaux, \(updated) mis à jour, \(unchanged) inchangés.",
                    other: "\(received) défis chargés : \(created) nouveaux, \(updated) mis à jour, \(unchanged) inchangés."))
        case .pointsEarned(let points): l.pick(en: "Points earned: \(points)", de: "Erzielte Punkte: \(points)", fr: "Points gagnés : \(points)")
        case .notAMonth(let field, let text):
            l.pick(en: "\(field): '\(text)' is not a month YYYY-MM", de: "\(field): '\(text)' ist kein Monat JJJJ-MM", fr: "\(field) : '\(text)' n’est pas un mois AAAA-MM")
        case .steps(let count): l.pick(en: "\(count) steps", de: "\(count) Schritte", fr: "\(count) pas")
        case .fileTooLarge(let path, let size, let max):
            l.pick(
                en: "\(path): \(String(size)) bytes is larger than a challenges file may be (\(String(max)) bytes)",
                de: "\(path): \(String(size)) Bytes sind mehr, als eine Herausforderungsdatei haben darf (\(String(max)) Bytes)",
                fr: "\(path) : \(String(size)) octets dépassent la taille permise pour un fichier de défis (\(String(max)) octets)")
        case .cannotRead(let path, let reason):
            l.pick(en: "cannot read \(path): \(reason)", de: "\(path) nicht lesbar: \(reason)", fr: "impossible de lire \(path) : \(reason)")
        case .notJSON(let name, let reason):
            l.pick(en: "\(name): not JSON: \(reason)", de: "\(name): kein JSON: \(reason)", fr: "\(name) : pas du JSON : \(reason)")
        case .tooManyItems(let name, let max, let got):
            l.pick(
                en: "\(name): items: at most \(String(max)) challenges per file, got \(String(got))",
                de: "\(name): items: höchstens \(String(max)) Herausforderungen je Datei, waren \(String(got))",
                fr: "\(name) : items : au plus \(String(max)) défis par fichier, reçu \(String(got))")
        case .isRequired(let path): l.pick(en: "\(path): is required", de: "\(path): fehlt", fr: "\(path) : est requis")
        case .mustBe(let path, let kind): l.pick(en: "\(path): must be \(kind)", de: "\(path): muss \(kind) sein", fr: "\(path) : doit être \(kind)")
        case .aNumber: l.pick(en: "a number", de: "eine Zahl", fr: "un nombre")
        case .aString: l.pick(en: "a string", de: "ein Text", fr: "une chaîne")
        case .mustNotBeNull(let path): l.pick(en: "\(path): must not be null", de: "\(path): darf nicht null sein", fr: "\(path) : ne doit pas être null")
        case .notValidJSON(let reason): l.pick(en: "not valid JSON (\(reason))", de: "kein gültiges JSON (\(reason))", fr: "JSON invalide (\(reason))")
        }
    }
}
