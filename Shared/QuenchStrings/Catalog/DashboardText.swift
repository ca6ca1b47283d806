/// The web dashboard (`quench-web`'s pages, library WebDashboard). Numbers and units come in
/// formatted by the request's ``Localizer``; the dashboard also uses ``CommonText/today``,
/// ``CommonText/days(_:)``, ``HydrationText/toGo(_:)``, ``GoalsText/now``,
/// ``GoalsText/steps(_:)`` and ``UnitText``.
public enum DashboardText: LocalizedMessage {
    // Shell
    case skipToContent
    case navigation
    case signOut
    case signedInAs(String)
    case liveConnected
    case liveOffline
    case noticeError
    /// A page's name by its path component: `today`, `goal`, `history`, `steps`, `strength`,
    /// `challenges`, `consents`.
    case page(String)

    // Today
    case waterToday
    case ringLabel(total: String, goal: String, percent: String)
    case of(String)
    case goalReached
    /// The goal's source under the ring: `manual`, `auto`, else the default.
    case goalSourceNote(String)
    case quickLog
    case quickLogHint
    case otherAmount
    /// Form labels and column titles.
    case fluid
    case volume
    case unit
    case time
    case log
    case intakesHeading
    case noIntakes
    case columnWater
    case columnActions
    case edit
    case save
    case delete
    case editLabel(fluid: String, time: String)
    case deleteLabel(fluid: String, time: String)
    case fromHealth
    case moreIntakes(Int)
    /// The notice after a form post.
    case logged
    case updated
    case deleted
    case goalSaved
    case consentSaved

    // Goal
    case currentGoal
    /// A goal's source: `manual`, `auto`, else the default.
    case goalSource(String)
    case sourceLine(String)
    case since(String)
    case fromWeight(String)
    /// How a weight-derived goal was adjusted: `capped`, else raised.
    case adjusted(String)
    case pinned
    case setGoal
    case setGoalButton
    case followWeight
    case followWeightHint
    case goalHistory
    case columnFrom
    case columnTo
    case columnGoal
    case columnSource
    case noGoalHistory

    // History
    case streaks
    case currentStreak(String)
    case longestStreak(String)
    /// Monday to Sunday, two letters each, separated by `|`.
    case weekdaysShort
    /// Monday to Sunday, separated by `|`.
    case weekdayNames
    case dayCell(day: String, total: String, goal: String, met: Bool)
    case legendMet
    case legendPartial
    case legendNone

    // Steps
    case stepsTotal(String)
    case badgesEarned(Int)
    case nextBadge(at: String, toGo: String)
    case badgesHint(every: Int)
    case stepsChartTitle(String)
    case previousMonth
    case nextMonth
    case noSteps
    /// The types left out, already joined.
    case revoked(String)

    // Strength
    case strengthIntro
    case noStrength
    case record(weight: String, day: String)
    case excluded(sets: Int, reps: Int)
    case strengthChartTitle(String)

    // Challenges
    case pointsTotal(String)
    case challengeGoal(String)
    case completed(Int)
    case points(Int)
    case reward(trophy: String, points: Int)
    case trophies(trophy: String, count: Int)
    case noChallenges
    case challengeDay(day: String, value: String, completed: Bool)

    // Consents
    case consentsIntro
    /// A Health data type by its code (`steps`, `body-mass`, …); an unknown code as it is.
    case consentName(String)
    case granted
    case revokedState
    /// A type the user has never granted (nor revoked).
    case notGranted
    case grant
    case revoke
    case deleteData
    case changedOn(String)
    /// Erasing everything about the user (`POST /erase` on the consents page).
    case eraseTitle
    case eraseIntro
    case eraseConfirm
    case eraseButton
    /// The services (with what went wrong) that did not erase; the others did.
    case eraseIncomplete(String)

    // Sign-in and errors
    case signInTitle
    case signInIntro
    /// The command to make a token, then its argument's placeholder.
    case signInCommand(String)
    case token
    case signInButton
    case signInInvalid
    case signInLimited
    case signInExpired
    case signInErased
    case somethingWrong
    case backToToday

    public func text(_ l: Language) -> Localized {
        switch self {
        case .skipToContent: l.pick(en: "Skip to content", de: "Zum Inhalt springen", fr: "Aller au contenu")
        case .navigation: l.pick(en: "Pages", de: "Seiten", fr: "Pages")
        case .signOut: l.pick(en: "Sign out", de: "Abmelden", fr: "Se déconnecter")
        case .signedInAs(let user): l.pick(en: "Signed in as \(user)", de: "Angemeldet als \(user)", fr: "Connecté en tant que \(user)")
        case .liveConnected:
            l.pick(en: "Live: updates appear by themselves.", de: "Live: Änderungen erscheinen von selbst.", fr: "En direct : les mises à jour s’affichent d’elles-mêmes.")
        case .liveOffline:
            l.pick(
                en: "Live updates paused; reload to see changes.", de: "Live-Aktualisierung angehalten; neu laden, um Änderungen zu sehen.",
                fr: "Mises à jour en direct suspendues ; rechargez pour voir les changements.")
        case .noticeError: l.pick(en: "Error", de: "Fehler", fr: "Erreur")
        case .page(let page):
            switch page {
            case "today": l.pick(en: "Today", de: "Heute", fr: "Aujourd’hui")
            case "goal": l.pick(en: "Goal", de: "Ziel", fr: "Objectif")
            case "history": l.pick(en: "History", de: "Verlauf", fr: "Historique")
            case "steps": l.pick(en: "Steps", de: "Schritte", fr: "Pas")
            case "strength": l.pick(en: "Strength", de: "Kraft", fr: "Force")
            case "challenges": l.pick(en: "Challenges", de: "Herausforderungen", fr: "Défis")
            case "consents": l.pick(en: "Consents", de: "Einwilligungen", fr: "Consentements")
            case "tokens": l.pick(en: "Tokens", de: "Tokens", fr: "Jetons")
            default: .verbatim(page)
            }

        case .waterToday: l.pick(en: "Water today", de: "Wasser heute", fr: "Eau aujourd’hui")
        case .ringLabel(let total, let goal, let percent):
            l.pick(en: "\(total) of \(goal) (\(percent))", de: "\(total) von \(goal) (\(percent))", fr: "\(total) sur \(goal) (\(percent))")
        case .of(let goal): l.pick(en: "of \(goal)", de: "von \(goal)", fr: "sur \(goal)")
        case .goalReached: l.pick(en: "Goal reached", de: "Ziel erreicht", fr: "Objectif atteint")
        case .goalSourceNote(let source):
            switch source {
            case "manual": l.pick(en: "your own goal", de: "dein eigenes Ziel", fr: "votre propre objectif")
            case "auto": l.pick(en: "goal from your weight", de: "Ziel aus deinem Gewicht", fr: "objectif d’après votre poids")
            default: l.pick(en: "the default goal", de: "das Standardziel", fr: "l’objectif par défaut")
            }
        case .quickLog: l.pick(en: "Log a drink", de: "Getränk eintragen", fr: "Noter une boisson")
        case .quickLogHint: l.pick(en: "One tap logs it now.", de: "Einmal tippen trägt es jetzt ein.", fr: "Un appui la note maintenant.")
        case .otherAmount: l.pick(en: "Another drink", de: "Anderes Getränk", fr: "Autre boisson")
        case .fluid: l.pick(en: "Drink", de: "Getränk", fr: "Boisson")
        case .volume: l.pick(en: "Amount", de: "Menge", fr: "Quantité")
        case .unit: l.pick(en: "Unit", de: "Einheit", fr: "Unité")
        case .time: l.pick(en: "Time", de: "Uhrzeit", fr: "Heure")
        case .log: l.pick(en: "Log", de: "Eintragen", fr: "Noter")
        case .intakesHeading: l.pick(en: "Today's drinks", de: "Heutige Getränke", fr: "Boissons du jour")
        case .noIntakes: l.pick(en: "Nothing logged yet today.", de: "Heute noch nichts eingetragen.", fr: "Rien de noté aujourd’hui pour l’instant.")
        case .columnWater: l.pick(en: "Water", de: "Wasser", fr: "Eau")
        case .columnActions: l.pick(en: "Change", de: "Ändern", fr: "Modifier")
        case .edit: l.pick(en: "Edit", de: "Bearbeiten", fr: "Modifier")
        case .save: l.pick(en: "Save", de: "Speichern", fr: "Enregistrer")
        case .delete: l.pick(en: "Delete", de: "Löschen", fr: "Supprimer")
        case .editLabel(let fluid, let time):
            l.pick(en: "Edit \(fluid) at \(time)", de: "\(fluid) um \(time) bearbeiten", fr: "Modifier \(fluid) à \(time)")
        case .deleteLabel(let fluid, let time):
            l.pick(en: "Delete \(fluid) at \(time)", de: "\(fluid) um \(time) löschen", fr: "Supprimer \(fluid) à \(time)")
        case .fromHealth: l.pick(en: "from Apple Health", de: "aus Apple Health", fr: "depuis Apple Santé")
        case .moreIntakes(let count):
            l.plural(
                count,
                en: Plural(other: "and more (\(count) shown)"),
                de: Plural(other: "und weitere (\(count) gezeigt)"),
                fr: Plural(one: "et d’autres (\(count) affichée)", other: "et d’autres (\(count) affichées)"))
        case .logged: l.pick(en: "Drink logged.", de: "Getränk eingetragen.", fr: "Boisson notée.")
        case .updated: l.pick(en: "Drink changed.", de: "Getränk geändert.", fr: "Boisson modifiée.")
        case .deleted: l.pick(en: "Drink deleted.", de: "Getränk gelöscht.", fr: "Boisson supprimée.")
        case .goalSaved: l.pick(en: "Goal saved.", de: "Ziel gespeichert.", fr: "Objectif enregistré.")
        case .consentSaved: l.pick(en: "Consent changed.", de: "Einwilligung geändert.", fr: "Consentement modifié.")

        case .currentGoal: l.pick(en: "Your goal", de: "Dein Ziel", fr: "Votre objectif")
        case .goalSource(let source):
            switch source {
            case "manual": l.pick(en: "Manual", de: "Fest", fr: "Manuel")
            case "auto": l.pick(en: "From your weight", de: "Aus deinem Gewicht", fr: "D’après votre poids")
            default: l.pick(en: "Default", de: "Standard", fr: "Par défaut")
            }
        case .sourceLine(let source):
            l.pick(en: "Source: \(DashboardText.goalSource(source))", de: "Quelle: \(DashboardText.goalSource(source))", fr: "Source : \(DashboardText.goalSource(source))")
        case .since(let day): l.pick(en: "Since \(day)", de: "Seit \(day)", fr: "Depuis le \(day)")
        case .fromWeight(let weight):
            l.pick(en: "Derived from your weight of \(weight)", de: "Abgeleitet aus deinem Gewicht von \(weight)", fr: "Calculé d’après votre poids de \(weight)")
        case .adjusted(let how):
            how == "capped"
                ? l.pick(en: "capped at the maximum", de: "auf das Höchstmaß begrenzt", fr: "plafonné au maximum")
                : l.pick(en: "raised to the minimum", de: "auf das Mindestmaß angehoben", fr: "relevé au minimum")
        case .pinned:
            l.pick(
                en: "Pinned: new weights do not change it until you follow your weight again.",
                de: "Festgehalten: neue Gewichte ändern es nicht, bis du wieder deinem Gewicht folgst.",
                fr: "Figé : les nouveaux poids ne le changent pas tant que vous ne suivez pas à nouveau votre poids.")
        case .setGoal: l.pick(en: "Set a goal", de: "Ziel setzen", fr: "Définir un objectif")
        case .setGoalButton: l.pick(en: "Set goal", de: "Ziel setzen", fr: "Définir l’objectif")
        case .followWeight: l.pick(en: "Follow my weight", de: "Meinem Gewicht folgen", fr: "Suivre mon poids")
        case .followWeightHint:
            l.pick(
                en: "Derive the goal from your newest weight (needs the body-mass consent and a weight).",
                de: "Das Ziel aus deinem neuesten Gewicht ableiten (braucht die Einwilligung für das Körpergewicht und ein Gewicht).",
                fr: "Calculer l’objectif d’après votre poids le plus récent (il faut le consentement pour la masse corporelle et un poids).")
        case .goalHistory: l.pick(en: "Goal history", de: "Bisherige Ziele", fr: "Historique des objectifs")
        case .columnFrom: l.pick(en: "From", de: "Von", fr: "Du")
        case .columnTo: l.pick(en: "To", de: "Bis", fr: "Au")
        case .columnGoal: l.pick(en: "Goal", de: "Ziel", fr: "Objectif")
        case .columnSource: l.pick(en: "Source", de: "Quelle", fr: "Source")
        case .noGoalHistory:
            l.pick(en: "No goal set yet: the default applies.", de: "Noch kein Ziel gesetzt: es gilt der Standard.", fr: "Aucun objectif défini : la valeur par défaut s’applique.")

        case .streaks: l.pick(en: "Streaks", de: "Serien", fr: "Séries")
        case .currentStreak(let days): l.pick(en: "Current streak: \(days)", de: "Aktuelle Serie: \(days)", fr: "Série en cours : \(days)")
        case .longestStreak(let days): l.pick(en: "Longest: \(days)", de: "Längste: \(days)", fr: "La plus longue : \(days)")
        case .weekdaysShort: l.pick(en: "Mo|Tu|We|Th|Fr|Sa|Su", de: "Mo|Di|Mi|Do|Fr|Sa|So", fr: "lu|ma|me|je|ve|sa|di")
        case .weekdayNames:
            l.pick(
                en: "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday",
                de: "Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag",
                fr: "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche")
        case .dayCell(let day, let total, let goal, let met):
            met
                ? l.pick(en: "\(day): \(total) of \(goal), goal met", de: "\(day): \(total) von \(goal), Ziel erreicht", fr: "\(day) : \(total) sur \(goal), objectif atteint")
                : l.pick(en: "\(day): \(total) of \(goal)", de: "\(day): \(total) von \(goal)", fr: "\(day) : \(total) sur \(goal)")
        case .legendMet: l.pick(en: "goal met", de: "Ziel erreicht", fr: "objectif atteint")
        case .legendPartial: l.pick(en: "some water", de: "etwas Wasser", fr: "un peu d’eau")
        case .legendNone: l.pick(en: "nothing logged", de: "nichts eingetragen", fr: "rien de noté")

        case .stepsTotal(let steps): l.pick(en: "\(steps) steps this month", de: "\(steps) Schritte in diesem Monat", fr: "\(steps) pas ce mois-ci")
        case .badgesEarned(let count):
            l.plural(
                count,
                en: Plural(one: "\(count) badge", other: "\(count) badges"),
                de: Plural(one: "\(count) Abzeichen", other: "\(count) Abzeichen"),
                fr: Plural(one: "\(count) badge", other: "\(count) badges"))
        case .nextBadge(let at, let toGo):
            l.pick(en: "next at \(at) (\(toGo) to go)", de: "nächstes bei \(at) (noch \(toGo))", fr: "prochain à \(at) (encore \(toGo))")
        case .badgesHint(let every):
            l.pick(
                en: "A badge for every \(every) steps of the month.", de: "Ein Abzeichen für je \(every) Schritte im Monat.",
                fr: "Un badge tous les \(every) pas du mois.")
        case .stepsChartTitle(let month): l.pick(en: "Steps per day, \(month)", de: "Schritte pro Tag, \(month)", fr: "Pas par jour, \(month)")
        case .previousMonth: l.pick(en: "Previous month", de: "Voriger Monat", fr: "Mois précédent")
        case .nextMonth: l.pick(en: "Next month", de: "Nächster Monat", fr: "Mois suivant")
        case .noSteps: l.pick(en: "No steps this month yet.", de: "In diesem Monat noch keine Schritte.", fr: "Pas encore de pas ce mois-ci.")
        case .revoked(let types):
            l.pick(
                en: "Left out while consent is revoked: \(types).", de: "Weggelassen, solange die Einwilligung widerrufen ist: \(types).",
                fr: "Omis tant que le consentement est retiré : \(types).")

        case .strengthIntro:
            l.pick(
                en: "Estimated one-rep max per exercise (Brzycki), one point per training day.",
                de: "Geschätztes Maximalgewicht für eine Wiederholung je Übung (Brzycki), ein Punkt je Trainingstag.",
                fr: "Charge maximale estimée sur une répétition par exercice (Brzycki), un point par jour d’entraînement.")
        case .noStrength:
            l.pick(
                en: "No strength sets yet: import a workout log to see them.",
                de: "Noch keine Kraftsätze: importiere ein Trainingsprotokoll, um sie zu sehen.",
                fr: "Pas encore de séries de force : importez un journal d’entraînement pour les voir.")
        case .record(let weight, let day): l.pick(en: "Record: \(weight) on \(day)", de: "Rekord: \(weight) am \(day)", fr: "Record : \(weight) le \(day)")
        case .excluded(let sets, let reps):
            l.plural(
                sets,
                en: Plural(one: "\(sets) set of more than \(reps) reps left out", other: "\(sets) sets of more than \(reps) reps left out"),
                de: Plural(one: "\(sets) Satz mit mehr als \(reps) Wiederholungen weggelassen", other: "\(sets) Sätze mit mehr als \(reps) Wiederholungen weggelassen"),
                fr: Plural(one: "\(sets) série de plus de \(reps) répétitions omise", other: "\(sets) séries de plus de \(reps) répétitions omises"))
        case .strengthChartTitle(let exercise):
            l.pick(en: "One-rep max of \(exercise)", de: "Maximalgewicht von \(exercise)", fr: "Charge maximale de \(exercise)")

        case .pointsTotal(let points): l.pick(en: "\(points) points this month", de: "\(points) Punkte in diesem Monat", fr: "\(points) points ce mois-ci")
        case .challengeGoal(let goal): l.pick(en: "Daily goal: \(goal)", de: "Tagesziel: \(goal)", fr: "Objectif quotidien : \(goal)")
        case .completed(let days):
            l.plural(
                days,
                en: Plural(one: "\(days) day completed", other: "\(days) days completed"),
                de: Plural(one: "\(days) Tag geschafft", other: "\(days) Tage geschafft"),
                fr: Plural(one: "\(days) jour réussi", many: "\(days) de jours réussis", other: "\(days) jours réussis"))
        case .points(let points):
            l.plural(
                points,
                en: Plural(one: "\(points) point", other: "\(points) points"),
                de: Plural(one: "\(points) Punkt", other: "\(points) Punkte"),
                fr: Plural(one: "\(points) point", many: "\(points) de points", other: "\(points) points"))
        case .reward(let trophy, let points):
            l.pick(
                en: "\(trophy) and \(DashboardText.points(points)) a day", de: "\(trophy) und \(DashboardText.points(points)) pro Tag",
                fr: "\(trophy) et \(DashboardText.points(points)) par jour")
        case .trophies(let trophy, let count): l.pick(en: "\(trophy) × \(count)", de: "\(trophy) × \(count)", fr: "\(trophy) × \(count)")
        case .noChallenges:
            l.pick(en: "No challenges in the catalog yet.", de: "Noch keine Herausforderungen im Katalog.", fr: "Pas encore de défis au catalogue.")
        case .challengeDay(let day, let value, let completed):
            completed
                ? l.pick(en: "\(day): \(value), completed", de: "\(day): \(value), geschafft", fr: "\(day) : \(value), réussi")
                : l.pick(en: "\(day): \(value)", de: "\(day): \(value)", fr: "\(day) : \(value)")

        case .consentsIntro:
            l.pick(
                en: "What Quench may use from your Health data. Revoking stops its use at once; you can also delete what is stored.",
                de: "Was Quench aus deinen Health-Daten verwenden darf. Ein Widerruf beendet die Verwendung sofort; du kannst das Gespeicherte auch löschen.",
                fr: "Ce que Quench peut utiliser de vos données Santé. Un retrait arrête aussitôt leur usage ; vous pouvez aussi supprimer ce qui est enregistré.")
        case .consentName(let type):
            switch type {
            case "steps": l.pick(en: "Steps", de: "Schritte", fr: "Pas")
            case "body-mass": l.pick(en: "Body mass (weight)", de: "Körpergewicht", fr: "Masse corporelle (poids)")
            case "distance": l.pick(en: "Walking and running distance", de: "Geh- und Laufstrecke", fr: "Distance de marche et de course")
            case "dietary-water": l.pick(en: "Water from Apple Health", de: "Wasser aus Apple Health", fr: "Eau depuis Apple Santé")
            case "workouts": l.pick(en: "Workouts", de: "Trainings", fr: "Entraînements")
            default: .verbatim(type)
            }
        case .granted: l.pick(en: "Granted", de: "Erteilt", fr: "Accordé")
        case .revokedState: l.pick(en: "Revoked", de: "Widerrufen", fr: "Retiré")
        case .notGranted: l.pick(en: "Not granted", de: "Nicht erteilt", fr: "Non accordé")
        case .grant: l.pick(en: "Grant", de: "Erteilen", fr: "Accorder")
        case .revoke: l.pick(en: "Revoke", de: "Widerrufen", fr: "Retirer")
        case .deleteData: l.pick(en: "Also delete the stored data", de: "Auch die gespeicherten Daten löschen", fr: "Supprimer aussi les données enregistrées")
        case .changedOn(let day): l.pick(en: "since \(day)", de: "seit \(day)", fr: "depuis le \(day)")
        case .eraseTitle: l.pick(en: "Erase my data", de: "Meine Daten löschen", fr: "Effacer mes données")
        case .eraseIntro:
            l.pick(
                en: "Deletes everything Quench keeps about you: drinks, goals, weights, Health imports, statistics, your tokens and sessions. This cannot be undone; you are signed out.",
                de: "Löscht alles, was Quench über dich speichert: Getränke, Ziele, Gewichte, Health-Importe, Statistiken, deine Tokens und Sitzungen. Das lässt sich nicht rückgängig machen; du wirst abgemeldet.",
                fr: "Supprime tout ce que Quench conserve sur vous : boissons, objectifs, poids, imports Santé, statistiques, vos jetons et sessions. C’est irréversible ; vous serez déconnecté.")
        case .eraseConfirm: l.pick(en: "Yes, erase all my data", de: "Ja, alle meine Daten löschen", fr: "Oui, effacer toutes mes données")
        case .eraseButton: l.pick(en: "Erase", de: "Löschen", fr: "Effacer")
        case .eraseIncomplete(let services):
            l.pick(
                en: "Not everything was erased: \(services). The rest is gone; try again later.",
                de: "Nicht alles wurde gelöscht: \(services). Der Rest ist gelöscht; versuche es später erneut.",
                fr: "Tout n’a pas été effacé : \(services). Le reste l’est ; réessayez plus tard.")

        case .signInTitle: l.pick(en: "Sign in", de: "Anmelden", fr: "Connexion")
        case .signInIntro:
            l.pick(en: "Sign in with a token made on the server by", de: "Melde dich mit einem Token an, das auf dem Server erzeugt wird mit", fr: "Connectez-vous avec un jeton créé sur le serveur par")
        case .signInCommand(let command):
            l.pick(en: "\(command) YOUR-NAME", de: "\(command) DEIN-NAME", fr: "\(command) VOTRE-NOM")
        case .token: l.pick(en: "Token", de: "Token", fr: "Jeton")
        case .signInButton: l.pick(en: "Sign in", de: "Anmelden", fr: "Se connecter")
        case .signInInvalid:
            l.pick(
                en: "That token is not valid (unknown, revoked or mistyped).", de: "Dieses Token ist nicht gültig (unbekannt, widerrufen oder vertippt).",
                fr: "Ce jeton n’est pas valide (inconnu, révoqué ou mal saisi).")
        case .signInLimited:
            l.pick(
                en: "Too many attempts from here; wait a minute and try again.", de: "Zu viele Versuche von hier; eine Minute warten und erneut versuchen.",
                fr: "Trop de tentatives depuis cet endroit ; attendez une minute et réessayez.")
        case .signInExpired: l.pick(en: "Your session ended; sign in again.", de: "Deine Sitzung ist abgelaufen; bitte neu anmelden.", fr: "Votre session a pris fin ; reconnectez-vous.")
        case .signInErased:
            l.pick(en: "Your data has been erased.", de: "Deine Daten wurden gelöscht.", fr: "Vos données ont été effacées.")
        case .somethingWrong: l.pick(en: "Something went wrong", de: "Etwas ist schiefgegangen", fr: "Un problème est survenu")
        case .backToToday: l.pick(en: "Back to today", de: "Zurück zu heute", fr: "Retour à aujourd’hui")
        }
    }
}
