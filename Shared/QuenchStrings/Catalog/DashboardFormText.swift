/// The dashboard's forms and error pages (issue #39 items 8, 11, 12, 15): a refused form in the
/// user's words (the field by its label, numbers and times as the page writes them, volumes in
/// the unit the form was in), the service's own text only as a detail; the pages for a refused
/// form token, an unknown address and an empty sign-in; the undo after a delete.
public enum DashboardFormText: LocalizedMessage {
    /// A field of a form or of a service's refusal by the word the page uses for it (`volume`
    /// is the form's "Amount"); a name it does not know as it is.
    case field(String)
    /// A number field whose text is not one number as the page's language writes numbers.
    case notANumber(field: String, got: String, grouped: String, decimal: String)
    /// A field left empty.
    case required(field: String)
    /// A drink's volume outside what intake keeps (`max` in the form's unit).
    case drinkVolume(field: String, max: String, got: String)
    /// A daily goal outside the goal rule.
    case goalVolume(field: String, min: String, max: String, got: String)
    /// A drink's time later than now (both as the page writes a time of day).
    case inFuture(field: String, time: String, now: String)
    /// A fluid the user's catalog does not have.
    case unknownFluid(field: String, name: String)
    /// A unit the form does not offer.
    case unknownUnit(field: String)
    /// The drink a form names is not (any more) the user's.
    case drinkGone
    /// A refusal the dashboard has no words of its own for: what its code means, naming the field.
    case refused(code: String, field: String?)
    /// The service's own words, shown under the message.
    case detail(String)

    // Error pages
    case notFoundTitle
    case notFoundText
    case formRefusedTitle
    case formRefusedText
    case signInEmpty
    case errorTitle

    // Undo after a delete
    case undo
    case undoLabel(fluid: String, time: String)
    case restored
    case undoExpired(seconds: Int)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .field(let name):
            switch name {
            case "volume": "\(DashboardText.volume)"
            case "unit": "\(DashboardText.unit)"
            case "fluid": "\(DashboardText.fluid)"
            case "time", "at": "\(DashboardText.time)"
            case "token": "\(DashboardText.token)"
            case "day": l.pick(en: "Day", de: "Tag", fr: "Jour")
            case "month": l.pick(en: "Month", de: "Monat", fr: "Mois")
            case "id": l.pick(en: "Drink", de: "Getränk", fr: "Boisson")
            case "confirm": l.pick(en: "Confirmation", de: "Bestätigung", fr: "Confirmation")
            case "type", "types": l.pick(en: "Data type", de: "Datentyp", fr: "Type de données")
            case "change": l.pick(en: "Change", de: "Änderung", fr: "Modification")
            default: .verbatim(name)
            }
        case .notANumber(let field, let got, let grouped, let decimal):
            l.pick(
                en: "\(field): “\(got)” is not a number. Write it like \(grouped) or \(decimal).",
                de: "\(field): „\(got)“ ist keine Zahl. Schreibe sie wie \(grouped) oder \(decimal).",
                fr: "\(field) : « \(got) » n’est pas un nombre. Écrivez-le comme \(grouped) ou \(decimal).")
        case .required(let field):
            l.pick(en: "\(field): enter a value.", de: "\(field): Bitte einen Wert eingeben.", fr: "\(field) : saisissez une valeur.")
        case .drinkVolume(let field, let max, let got):
            l.pick(
                en: "\(field): a drink is more than 0 and at most \(max); you entered \(got).",
                de: "\(field): Ein Getränk hat mehr als 0 und höchstens \(max); eingegeben: \(got).",
                fr: "\(field) : une boisson fait plus de 0 et au plus \(max) ; vous avez saisi \(got).")
        case .goalVolume(let field, let min, let max, let got):
            l.pick(
                en: "\(field): a daily goal is from \(min) to \(max); you entered \(got).",
                de: "\(field): Ein Tagesziel liegt zwischen \(min) und \(max); eingegeben: \(got).",
                fr: "\(field) : un objectif quotidien va de \(min) à \(max) ; vous avez saisi \(got).")
        case .inFuture(let field, let time, let now):
            l.pick(
                en: "\(field): \(time) is later than now (\(now)); a drink cannot be logged ahead of time.",
                de: "\(field): \(time) liegt nach jetzt (\(now)); ein Getränk lässt sich nicht im Voraus eintragen.",
                fr: "\(field) : \(time) est plus tard que maintenant (\(now)) ; une boisson ne se note pas à l’avance.")
        case .unknownFluid(let field, let name):
            l.pick(
                en: "\(field): there is no drink called “\(name)”.", de: "\(field): Es gibt kein Getränk namens „\(name)“.",
                fr: "\(field) : aucune boisson ne s’appelle « \(name) ».")
        case .unknownUnit(let field):
            l.pick(
                en: "\(field): choose one of the units offered.", de: "\(field): Bitte eine der angebotenen Einheiten wählen.",
                fr: "\(field) : choisissez l’une des unités proposées.")
        case .drinkGone:
            l.pick(
                en: "This drink is not there any more (deleted on another device?).",
                de: "Dieses Getränk gibt es nicht mehr (auf einem anderen Gerät gelöscht?).",
                fr: "Cette boisson n’existe plus (supprimée sur un autre appareil ?).")
        case .refused(let code, let field):
            l.pick(
                en: "\(ServiceErrorText(code: code, field: field)).", de: "\(ServiceErrorText(code: code, field: field)).",
                fr: "\(ServiceErrorText(code: code, field: field)).")
        case .detail(let text):
            l.pick(en: "Details: \(text)", de: "Einzelheiten: \(text)", fr: "Détails : \(text)")

        case .notFoundTitle: l.pick(en: "Page not found", de: "Seite nicht gefunden", fr: "Page introuvable")
        case .notFoundText:
            l.pick(
                en: "There is no page at this address. The pages are listed above.", de: "Unter dieser Adresse gibt es keine Seite. Die Seiten stehen oben.",
                fr: "Il n’y a pas de page à cette adresse. Les pages sont listées en haut.")
        case .formRefusedTitle: l.pick(en: "Form not accepted", de: "Formular nicht angenommen", fr: "Formulaire refusé")
        case .formRefusedText:
            l.pick(
                en: "Nothing was changed: the form came without this session’s security token (from a page opened before you last signed in, or from another site). Reload the page and try again.",
                de: "Nichts wurde geändert: Das Formular kam ohne das Sicherheitstoken dieser Sitzung (von einer Seite, die vor der letzten Anmeldung geöffnet wurde, oder von einer anderen Website). Lade die Seite neu und versuche es noch einmal.",
                fr: "Rien n’a été modifié : le formulaire est arrivé sans le jeton de sécurité de cette session (depuis une page ouverte avant votre dernière connexion, ou depuis un autre site). Rechargez la page et réessayez.")
        case .signInEmpty:
            l.pick(
                en: "Paste your token into the field, then sign in.", de: "Füge dein Token in das Feld ein und melde dich dann an.",
                fr: "Collez votre jeton dans le champ, puis connectez-vous.")
        case .errorTitle: l.pick(en: "Not done", de: "Nicht erledigt", fr: "Non effectué")

        case .undo: l.pick(en: "Undo", de: "Rückgängig", fr: "Annuler")
        case .undoLabel(let fluid, let time):
            l.pick(en: "Bring back \(fluid) at \(time)", de: "\(fluid) um \(time) zurückholen", fr: "Rétablir \(fluid) à \(time)")
        case .restored: l.pick(en: "Drink brought back.", de: "Getränk zurückgeholt.", fr: "Boisson rétablie.")
        case .undoExpired(let seconds):
            l.plural(
                seconds,
                en: Plural(
                    one: "Too late to undo: a deleted drink can be brought back for \(seconds) second. Log it again instead.",
                    other: "Too late to undo: a deleted drink can be brought back for \(seconds) seconds. Log it again instead."),
                de: Plural(
                    one: "Zu spät zum Rückgängigmachen: Ein gelöschtes Getränk lässt sich \(seconds) Sekunde lang zurückholen. Trag es stattdessen neu ein.",
                    other: "Zu spät zum Rückgängigmachen: Ein gelöschtes Getränk lässt sich \(seconds) Sekunden lang zurückholen. Trag es stattdessen neu ein."),
                fr: Plural(
                    one: "Trop tard pour annuler : une boisson supprimée peut être rétablie pendant \(seconds) seconde. Notez-la de nouveau.",
                    other: "Trop tard pour annuler : une boisson supprimée peut être rétablie pendant \(seconds) secondes. Notez-la de nouveau."))
        }
    }
}
