/// `quench tokens` and `quench web` (the web edge's API tokens and sign-in links).
public enum TokensText: LocalizedMessage {
    case created(id: String, name: String, user: String)
    case noTokens
    case lastUsed(String)
    case neverUsed
    case line(id: String, user: String, name: String, created: String, used: String)
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
        case .line(let id, let user, let name, let created, let used):
            l.pick(
                en: "\(id)  \(user)  \(name)  created \(created), \(used)",
                de: "\(id)  \(user)  \(name)  angelegt \(created), \(used)",
                fr: "\(id)  \(user)  \(name)  créé \(created), \(used)")
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
