/// `quench tokens` and `quench web` (the web edge's API tokens and sign-in links).
public enum TokensText: LocalizedMessage {
    case created(id: String, name: String, user: String)
    case noTokens
    case lastUsed(String)
    case neverUsed
    case line(id: String, user: String, name: String, scopes: String, created: String, used: String)
    /// `--scope` named something that is not a scope.
    case scopeUnknown(String)
    case scopeAndPurpose
    case purposeUnknown(String)
    /// A narrow token was made; what it may do.
    case scoped(String)
    /// A full-scope token was made: the hint to make a narrow one.
    case fullScopeHint
    case signInNeedsFullScope
    case revoked(id: String, name: String, user: String)
    case linkSignsIn(user: String, until: String)
    case minutesRange(Int)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .created(let id, let name, let user):
            l.pick(
                en: "token \(id) (\(name)) for \(user): shown once, keep it secret; quench tokens revoke \(id) ends it",
                de: "Token \(id) (\(name)) für \(user): wird nur einmal gezeigt, geheim halten; quench tokens revoke \(id) beendet es",
                fr: "jeton \(id) (\(name)) pour \(user) : affiché une seule fois, gardez-le secret ; quench tokens revoke \(id) le révoque")
        case .noTokens:
            l.pick(en: "no tokens (quench tokens create USER)", de: "keine Tokens (quench tokens create NUTZER)", fr: "aucun jeton (quench tokens create UTILISATEUR)")
        case .lastUsed(let when): l.pick(en: "last used \(when)", de: "zuletzt benutzt \(when)", fr: "dernière utilisation \(when)")
        case .neverUsed: l.pick(en: "never used", de: "nie benutzt", fr: "jamais utilisé")
        case .line(let id, let user, let name, let scopes, let created, let used):
            l.pick(
                en: "\(id)  \(user)  \(name)  scopes \(scopes)  created \(created), \(used)",
                de: "\(id)  \(user)  \(name)  Bereiche \(scopes)  angelegt \(created), \(used)",
                fr: "\(id)  \(user)  \(name)  portées \(scopes)  créé \(created), \(used)")
        case .scopeUnknown(let got):
            l.pick(
                en: "--scope: '\(got)' is not a list of scopes; name one or more of ingest, log, read, account, comma-separated",
                de: "--scope: '\(got)' ist keine Liste von Bereichen; einen oder mehrere von ingest, log, read, account angeben, durch Kommas getrennt",
                fr: "--scope : '\(got)' n’est pas une liste de portées ; indiquez une ou plusieurs de ingest, log, read, account, séparées par des virgules")
        case .purposeUnknown(let got):
            l.pick(
                en: "--for: '\(got)' is not a job; use health-auto-export, log-drinks, read-only or full",
                de: "--for: '\(got)' ist keine Aufgabe; health-auto-export, log-drinks, read-only oder full angeben",
                fr: "--for : '\(got)' n’est pas un usage ; indiquez health-auto-export, log-drinks, read-only ou full")
        case .scopeAndPurpose:
            l.pick(
                en: "--for: give --for or --scope, not both", de: "--for: entweder --for oder --scope angeben, nicht beide",
                fr: "--for : indiquez --for ou --scope, pas les deux")
        case .scoped(let scopes):
            l.pick(
                en: "it may only: \(scopes) (it cannot sign a browser in or erase the account)",
                de: "es darf nur: \(scopes) (es kann keinen Browser anmelden und das Konto nicht löschen)",
                fr: "il peut seulement : \(scopes) (il ne peut ni connecter un navigateur ni effacer le compte)")
        case .fullScopeHint:
            l.pick(
                en: "full scope (account: everything, erasing the account too); for an app that needs less: --for health-auto-export, log-drinks or read-only",
                de: "voller Umfang (account: alles, auch das Konto löschen); für eine App, die weniger braucht: --for health-auto-export, log-drinks oder read-only",
                fr: "portée complète (account : tout, y compris effacer le compte) ; pour une application qui en demande moins : --for health-auto-export, log-drinks ou read-only")
        case .signInNeedsFullScope:
            l.pick(
                en: "This token may do only part of what the dashboard does; sign in with a full-scope token (quench tokens create USER, or --for full) or a one-time link (quench web open USER).",
                de: "Dieses Token darf nur einen Teil dessen, was das Dashboard tut; melde dich mit einem Token mit vollem Umfang an (quench tokens create NUTZER oder --for full) oder mit einem Einmal-Link (quench web open NUTZER).",
                fr: "Ce jeton ne permet qu’une partie de ce que fait le tableau de bord ; connectez-vous avec un jeton de portée complète (quench tokens create UTILISATEUR, ou --for full) ou un lien à usage unique (quench web open UTILISATEUR).")
        case .revoked(let id, let name, let user):
            l.pick(en: "revoked token \(id) (\(name)) of \(user)", de: "Token \(id) (\(name)) von \(user) widerrufen", fr: "jeton \(id) (\(name)) de \(user) révoqué")
        case .linkSignsIn(let user, let until):
            l.pick(
                en: "signs in \(user) once, until \(until)", de: "meldet \(user) einmal an, bis \(until)",
                fr: "connecte \(user) une seule fois, jusqu’à \(until)")
        case .minutesRange(let got):
            l.pick(
                en: "--minutes must be from 1 to 1440, got \(got)", de: "--minutes muss zwischen 1 und 1440 liegen, war \(got)",
                fr: "--minutes doit être entre 1 et 1440, reçu \(got)")
        }
    }
}
