/// `quench orm`, `workouts`, `analytics`.
public enum AnalyticsText: LocalizedMessage {
    case limitRange(max: Int, got: Int)
    case noOneRepMaxShown
    case noStrengthSets
    case record(weight: String, day: String)
    case ormHeaders
    case excludedSets(Int)
    case noWorkoutsShown
    case noWorkouts(month: String)
    case workoutsHeaders
    /// An Apple Health activity (`Running` from HKWorkoutActivityTypeRunning); unknown ones stay as they are.
    case activity(String)
    case rebuilt(rows: Int, publishers: String)
    case everyPublisher
    case lagHeaders
    case yes
    case no

    public func text(_ l: Language) -> Localized {
        switch self {
        case .limitRange(let max, let got):
            l.pick(
                en: "--limit must be between 1 and \(String(max)), got \(String(got))",
                de: "--limit muss zwischen 1 und \(String(max)) liegen, war \(String(got))",
                fr: "--limit doit être entre 1 et \(String(max)), reçu \(String(got))")
        case .noOneRepMaxShown: l.pick(en: "No one-rep maxes shown.", de: "Keine Maximalkraftwerte angezeigt.", fr: "Aucun maximum sur une répétition affiché.")
        case .noStrengthSets:
            l.pick(
                en: "No strength sets yet: `quench import workouts FILE` adds them.",
                de: "Noch keine Kraftsätze: `quench import workouts DATEI` fügt sie hinzu.",
                fr: "Pas encore de séries de force : `quench import workouts FICHIER` les ajoute.")
        case .record(let weight, let day): l.pick(en: "Record: \(weight) on \(day)", de: "Bestwert: \(weight) am \(day)", fr: "Record : \(weight) le \(day)")
        case .ormHeaders: l.pick(en: "DAY|1RM", de: "TAG|1RM", fr: "JOUR|1RM")
        case .excludedSets(let count):
            l.plural(
                count,
                en: Plural(one: "\(count) set of more than 12 reps left out", other: "\(count) sets of more than 12 reps left out"),
                de: Plural(one: "\(count) Satz mit mehr als 12 Wiederholungen ausgelassen", other: "\(count) Sätze mit mehr als 12 Wiederholungen ausgelassen"),
                fr: Plural(one: "\(count) série de plus de 12 répétitions écartée", other: "\(count) séries de plus de 12 répétitions écartées"))
        case .noWorkoutsShown: l.pick(en: "No workouts shown.", de: "Keine Trainings angezeigt.", fr: "Aucun entraînement affiché.")
        case .noWorkouts(let month):
            l.pick(
                en: "No workouts in \(month): `quench import apple-health FILE` adds them.",
                de: "Keine Trainings im \(month): `quench import apple-health DATEI` fügt sie hinzu.",
                fr: "Aucun entraînement en \(month) : `quench import apple-health FICHIER` les ajoute.")
        case .workoutsHeaders:
            l.pick(
                en: "DAY|WORKOUT|DURATION|DISTANCE|ENERGY|SOURCE", de: "TAG|TRAINING|DAUER|STRECKE|ENERGIE|QUELLE",
                fr: "JOUR|ENTRAÎNEMENT|DURÉE|DISTANCE|ÉNERGIE|SOURCE")
        case .activity(let name):
            switch name {
            case "Running": l.pick(en: "Running", de: "Laufen", fr: "Course à pied")
            case "Walking": l.pick(en: "Walking", de: "Gehen", fr: "Marche")
            case "Cycling": l.pick(en: "Cycling", de: "Radfahren", fr: "Vélo")
            case "Swimming": l.pick(en: "Swimming", de: "Schwimmen", fr: "Natation")
            case "Hiking": l.pick(en: "Hiking", de: "Wandern", fr: "Randonnée")
            case "Yoga": l.pick(en: "Yoga", de: "Yoga", fr: "Yoga")
            case "TraditionalStrengthTraining": l.pick(en: "Strength training", de: "Krafttraining", fr: "Musculation")
            case "FunctionalStrengthTraining": l.pick(en: "Functional strength training", de: "Funktionelles Krafttraining", fr: "Renforcement fonctionnel")
            case "HighIntensityIntervalTraining": l.pick(en: "HIIT", de: "HIIT", fr: "HIIT")
            case "Rowing": l.pick(en: "Rowing", de: "Rudern", fr: "Aviron")
            case "Elliptical": l.pick(en: "Elliptical", de: "Crosstrainer", fr: "Elliptique")
            default: .verbatim(name)
            }
        case .rebuilt(let rows, let publishers):
            l.pick(
                en: "Dropped \(String(rows)) read-model rows; replaying events of \(publishers) from the start.",
                de: "\(String(rows)) Zeilen der Lesemodelle verworfen; die Ereignisse von \(publishers) werden von vorn abgespielt.",
                fr: "\(String(rows)) lignes des modèles de lecture supprimées ; les événements de \(publishers) sont rejoués depuis le début.")
        case .everyPublisher: l.pick(en: "every publisher", de: "allen Quellen", fr: "tous les émetteurs")
        case .lagHeaders:
            l.pick(
                en: "PUBLISHER|APPLIED|HEAD|BEHIND|SKIPPED|CONNECTED", de: "QUELLE|ANGEWANDT|STAND|RÜCKSTAND|ÜBERSPRUNGEN|VERBUNDEN",
                fr: "ÉMETTEUR|APPLIQUÉS|TÊTE|RETARD|IGNORÉS|CONNECTÉ")
        case .yes: l.pick(en: "yes", de: "ja", fr: "oui")
        case .no: l.pick(en: "no", de: "nein", fr: "non")
        }
    }
}
