/// The CLI's own errors and the services' errors by stable code (docs/PROTOCOL.md's codes).
public enum ErrorText: LocalizedMessage {
    /// A service does not answer; `noConnection` when nothing accepted a connection.
    case notAnswering(service: String, endpoint: String, noConnection: Bool)
    /// Several services do not answer: `list` of "SERVICE at ENDPOINT".
    case servicesDown(list: String, count: Int)
    case serviceAt(service: String, endpoint: String)
    /// `quench status --health` found problems.
    case notHealthy(String)
    /// The hint after an unauthenticated refusal.
    case checkYourKey
    /// The hint after an internal error.
    case seeServiceLog(service: String)
    /// A service refused a request: the message for its stable `code` and `field`, with
    /// the service's own (English) `detail`. English shows the detail alone, as the service
    /// wrote it; the translations say what the code means and keep the detail.
    case service(code: String, field: String?, detail: String, rule: String? = nil, values: [String: String] = [:])

    public func text(_ l: Language) -> Localized {
        switch self {
        case .notAnswering(let service, let endpoint, let noConnection):
            noConnection
                ? l.pick(
                    en: "\(service) is not answering at \(endpoint) (nothing accepted a connection); start it with `quench up` (see `quench status`)",
                    de: "\(service) antwortet nicht unter \(endpoint) (keine Verbindung angenommen); mit `quench up` starten (siehe `quench status`)",
                    fr: "\(service) ne répond pas à \(endpoint) (aucune connexion acceptée) ; démarrez-le avec `quench up` (voir `quench status`)")
                : l.pick(
                    en: "\(service) is not answering at \(endpoint); start it with `quench up` (see `quench status`)",
                    de: "\(service) antwortet nicht unter \(endpoint); mit `quench up` starten (siehe `quench status`)",
                    fr: "\(service) ne répond pas à \(endpoint) ; démarrez-le avec `quench up` (voir `quench status`)")
        case .servicesDown(let list, let count):
            l.plural(
                count,
                en: Plural(one: "not answering: \(list); start it with `quench up`", other: "not answering: \(list); start them with `quench up`"),
                de: Plural(one: "antwortet nicht: \(list); mit `quench up` starten", other: "antworten nicht: \(list); mit `quench up` starten"),
                fr: Plural(one: "ne répond pas : \(list) ; démarrez-le avec `quench up`", other: "ne répondent pas : \(list) ; démarrez-les avec `quench up`"))
        case .serviceAt(let service, let endpoint):
            l.pick(en: "\(service) at \(endpoint)", de: "\(service) unter \(endpoint)", fr: "\(service) à \(endpoint)")
        case .notHealthy(let problems):
            l.pick(en: "not healthy: \(problems)", de: "nicht gesund: \(problems)", fr: "en mauvaise santé : \(problems)")
        case .checkYourKey:
            l.pick(en: " (check your key: `quench keys`)", de: " (Schlüssel prüfen: `quench keys`)", fr: " (vérifiez votre clé : `quench keys`)")
        case .seeServiceLog(let service):
            l.pick(en: " (the \(service) log has the details)", de: " (Einzelheiten im Protokoll von \(service))", fr: " (les détails sont dans le journal de \(service))")
        case .service(let code, let field, let detail, let rule, let values):
            Self.service(l, code: code, field: field, detail: detail, rule: rule.flatMap { RuleText(name: $0, values: values) })
        }
    }

    /// English: the service's words as they are. German and French: the rule the field broke
    /// when the service named one this catalog knows (``RuleText``: the field and the rule in
    /// the language), else the code's meaning (naming the field when there is one); then the
    /// service's detail.
    static func service(_ l: Language, code: String, field: String?, detail: String, rule: RuleText?) -> Localized {
        if l == .en { return .verbatim(detail) }
        if let rule {
            let named = FieldNameText(field: field ?? "")
            let said: Localized = l.pick(en: "\(named): \(rule)", de: "\(named): \(rule)", fr: "\(named) : \(rule)")
            return detail.isEmpty ? said : "\(said) (\(detail))"
        }
        let meaning = ServiceErrorText(code: code, field: field)
        return detail.isEmpty ? "\(meaning)" : "\(meaning) (\(detail))"
    }
}

/// A request field by its name in the language (`volume` → „Menge“), the wire name kept in
/// brackets so that it can be found in the docs; a field this catalog does not name as sent.
public struct FieldNameText: LocalizedMessage {
    public var field: String

    public init(field: String) { self.field = field }

    public func text(_ l: Language) -> Localized {
        switch field {
        case "volume": l.pick(en: "volume", de: "Menge (volume)", fr: "quantité (volume)")
        case "unit": l.pick(en: "unit", de: "Einheit (unit)", fr: "unité (unit)")
        case "at": l.pick(en: "at", de: "Zeitpunkt (at)", fr: "moment (at)")
        case "fluid": l.pick(en: "fluid", de: "Getränk (fluid)", fr: "boisson (fluid)")
        case "value": l.pick(en: "value", de: "Wert (value)", fr: "valeur (value)")
        case "day": l.pick(en: "day", de: "Tag (day)", fr: "jour (day)")
        case "limit": l.pick(en: "limit", de: "Anzahl (limit)", fr: "nombre (limit)")
        case "cursor": l.pick(en: "cursor", de: "Cursor (cursor)", fr: "curseur (cursor)")
        default: .verbatim(field)
        }
    }
}

/// What a stable error code means, with the field it concerns (one message per code).
public struct ServiceErrorText: LocalizedMessage {
    public var code: String
    public var field: String?

    public init(code: String, field: String?) {
        self.code = code
        self.field = field
    }

    public func text(_ l: Language) -> Localized {
        if let field {
            switch code {
            case "invalid_argument": return l.pick(en: "invalid value for \(field)", de: "ungültiger Wert für \(field)", fr: "valeur invalide pour \(field)")
            case "not_found": return l.pick(en: "\(field) not found", de: "\(field) nicht gefunden", fr: "\(field) introuvable")
            case "already_exists": return l.pick(en: "\(field) already exists", de: "\(field) gibt es schon", fr: "\(field) existe déjà")
            case "failed_precondition": return l.pick(en: "not possible now for \(field)", de: "für \(field) gerade nicht möglich", fr: "impossible pour l’instant pour \(field)")
            case "conflict": return l.pick(en: "conflict on \(field)", de: "Konflikt bei \(field)", fr: "conflit sur \(field)")
            case "resource_exhausted", "too_large": return l.pick(en: "limit reached for \(field)", de: "Grenze erreicht bei \(field)", fr: "limite atteinte pour \(field)")
            default: break
            }
        }
        switch code {
        case "invalid_argument": return l.pick(en: "invalid request", de: "ungültige Anfrage", fr: "requête invalide")
        case "not_found": return l.pick(en: "not found", de: "nicht gefunden", fr: "introuvable")
        case "already_exists": return l.pick(en: "already exists", de: "gibt es schon", fr: "existe déjà")
        case "conflict": return l.pick(en: "conflict with the stored state", de: "Widerspruch zum gespeicherten Stand", fr: "conflit avec l’état enregistré")
        case "failed_precondition": return l.pick(en: "not possible in the current state", de: "im jetzigen Zustand nicht möglich", fr: "impossible dans l’état actuel")
        case "unauthenticated": return l.pick(en: "not signed in: the key was refused", de: "nicht angemeldet: der Schlüssel wurde abgelehnt", fr: "non authentifié : la clé a été refusée")
        case "permission_denied": return l.pick(en: "not allowed", de: "nicht erlaubt", fr: "non autorisé")
        case "unavailable": return l.pick(en: "service unavailable, try again later", de: "Dienst nicht verfügbar, später erneut versuchen", fr: "service indisponible, réessayez plus tard")
        case "deadline_exceeded": return l.pick(en: "took too long", de: "hat zu lange gedauert", fr: "a pris trop de temps")
        case "resource_exhausted": return l.pick(en: "a limit was reached", de: "eine Grenze wurde erreicht", fr: "une limite a été atteinte")
        case "malformed": return l.pick(en: "the request could not be read", de: "die Anfrage war nicht lesbar", fr: "la requête est illisible")
        case "too_large": return l.pick(en: "the request is too large", de: "die Anfrage ist zu groß", fr: "la requête est trop volumineuse")
        case "unknown_type": return l.pick(en: "the service does not know this request", de: "der Dienst kennt diese Anfrage nicht", fr: "le service ne connaît pas cette requête")
        case "unsupported_version": return l.pick(en: "protocol version not supported", de: "Protokollversion nicht unterstützt", fr: "version de protocole non prise en charge")
        case "internal": return l.pick(en: "internal error in the service", de: "interner Fehler im Dienst", fr: "erreur interne du service")
        default: return l.pick(en: "error \(code)", de: "Fehler \(code)", fr: "erreur \(code)")
        }
    }

    /// Every stable code this catalog explains (the protocol's codes; a test holds them equal).
    public static let codes = [
        "invalid_argument", "not_found", "already_exists", "conflict", "failed_precondition", "unauthenticated", "permission_denied",
        "unavailable", "deadline_exceeded", "resource_exhausted", "malformed", "too_large", "unknown_type", "unsupported_version", "internal",
    ]
}
