/// The dashboard's tokens page (issue #39 item 5): a user makes the narrowest token for the job
/// it names (Health Auto Export, a shortcut that logs drinks, a read-only display, everything),
/// sees it once, and lists and revokes their tokens.
public enum TokensPageText: LocalizedMessage {
    case intro
    case createTitle
    case purposeLabel
    /// A job a token is made for, by `TokenPurpose`'s raw value, and what it may do.
    case purpose(String)
    case purposeHelp(String)
    case nameLabel
    case nameHint
    case createButton
    case createdTitle
    case createdText
    case listTitle
    case none
    /// A token that may do everything (scope `account`).
    case everything
    /// What one scope lets a token do, by its raw value.
    case scope(String)
    case createdOn(String)
    case revoke
    case revokeLabel(name: String)
    case revokedNotice
    case unknownPurpose

    public func text(_ l: Language) -> Localized {
        switch self {
        case .intro:
            l.pick(
                en: "An app or a script reaches your data with a token. Give each one its own, able to do only its job; revoke it when you stop using it.",
                de: "Eine App oder ein Skript greift mit einem Token auf deine Daten zu. Gib jeder ein eigenes, das nur ihre Aufgabe erledigen kann, und widerrufe es, wenn du sie nicht mehr nutzt.",
                fr: "Une app ou un script accède à vos données avec un jeton. Donnez à chacun le sien, qui ne peut faire que sa tâche ; révoquez-le quand vous ne l’utilisez plus.")
        case .createTitle: l.pick(en: "New token", de: "Neues Token", fr: "Nouveau jeton")
        case .purposeLabel: l.pick(en: "For", de: "Für", fr: "Pour")
        case .purpose(let purpose):
            switch purpose {
            case "health-auto-export": l.pick(en: "Health Auto Export", de: "Health Auto Export", fr: "Health Auto Export")
            case "log-drinks": l.pick(en: "Logging drinks (a shortcut, a button)", de: "Getränke eintragen (Kurzbefehl, Taste)", fr: "Saisir des boissons (raccourci, bouton)")
            case "read-only": l.pick(en: "Reading only (a widget, a display)", de: "Nur lesen (Widget, Anzeige)", fr: "Lecture seule (widget, écran)")
            case "full": l.pick(en: "Everything (like this dashboard)", de: "Alles (wie dieses Dashboard)", fr: "Tout (comme ce tableau de bord)")
            default: .verbatim(purpose)
            }
        case .purposeHelp(let purpose):
            switch purpose {
            case "health-auto-export":
                l.pick(
                    en: "sends health data; cannot read or change anything else", de: "sendet Gesundheitsdaten; kann sonst nichts lesen oder ändern",
                    fr: "envoie des données de santé ; ne peut rien lire ni modifier d’autre")
            case "log-drinks":
                l.pick(en: "logs, edits and deletes drinks", de: "trägt Getränke ein, ändert und löscht sie", fr: "saisit, modifie et supprime des boissons")
            case "read-only": l.pick(en: "reads your day, history and charts", de: "liest deinen Tag, Verlauf und Diagramme", fr: "lit votre journée, l’historique et les graphiques")
            default:
                l.pick(
                    en: "everything, your goal, consents and erasing the account included", de: "alles, auch Ziel, Einwilligungen und das Löschen des Kontos",
                    fr: "tout, y compris l’objectif, les consentements et la suppression du compte")
            }
        case .nameLabel: l.pick(en: "Name", de: "Name", fr: "Nom")
        case .nameHint: l.pick(en: "e.g. iPhone", de: "z. B. iPhone", fr: "p. ex. iPhone")
        case .createButton: l.pick(en: "Make token", de: "Token erstellen", fr: "Créer le jeton")
        case .createdTitle: l.pick(en: "Your new token", de: "Dein neues Token", fr: "Votre nouveau jeton")
        case .createdText:
            l.pick(
                en: "Copy it now into the app: it is shown only this once. Anyone who has it can do what it may.",
                de: "Kopiere es jetzt in die App: Es wird nur dieses eine Mal angezeigt. Wer es hat, kann alles, was es darf.",
                fr: "Copiez-le maintenant dans l’app : il n’est affiché que cette fois. Qui le détient peut faire tout ce qu’il permet.")
        case .listTitle: l.pick(en: "Your tokens", de: "Deine Tokens", fr: "Vos jetons")
        case .none: l.pick(en: "No tokens yet.", de: "Noch keine Tokens.", fr: "Aucun jeton pour l’instant.")
        case .everything: l.pick(en: "everything", de: "alles", fr: "tout")
        case .scope(let scope):
            switch scope {
            case "ingest": l.pick(en: "send health data", de: "Gesundheitsdaten senden", fr: "envoyer des données de santé")
            case "log": l.pick(en: "log drinks", de: "Getränke eintragen", fr: "saisir des boissons")
            case "read": l.pick(en: "read", de: "lesen", fr: "lire")
            default: .verbatim(scope)
            }
        case .createdOn(let day): l.pick(en: "made \(day)", de: "erstellt \(day)", fr: "créé le \(day)")
        case .revoke: l.pick(en: "Revoke", de: "Widerrufen", fr: "Révoquer")
        case .revokeLabel(let name): l.pick(en: "Revoke \(name)", de: "\(name) widerrufen", fr: "Révoquer \(name)")
        case .revokedNotice:
            l.pick(
                en: "Token revoked: whatever used it is refused from now on.", de: "Token widerrufen: Was es benutzt hat, wird ab jetzt abgewiesen.",
                fr: "Jeton révoqué : ce qui l’utilisait est refusé désormais.")
        case .unknownPurpose:
            l.pick(en: "Choose what the token is for.", de: "Wähle, wofür das Token ist.", fr: "Choisissez à quoi sert le jeton.")
        }
    }
}
