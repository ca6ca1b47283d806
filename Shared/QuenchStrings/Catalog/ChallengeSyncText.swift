/// `quench challenges sync` and the catalog's source line of `quench challenges`.
public enum ChallengeSyncText: LocalizedMessage {
    // A fetch that gave no catalog.
    case timedOut(seconds: Double)
    case unreachable(SystemErrorText)
    /// With `privateCAHint`, followed by ``tlsPrivateCAHint``.
    case tlsRefused(String, privateCAHint: Bool)
    case tlsPrivateCAHint
    case serverFailed(code: Int, reason: String)
    case unexpectedStatus(code: Int, reason: String)
    case redirects(limit: Int)
    case tooLarge(bytes: Int, limit: Int)
    case bodyTooLarge(limit: Int)
    // The feed's body.
    case notJSON
    case noItems
    case tooManyItems(count: Int, limit: Int)
    case feedEmpty
    case noneUsable(skipped: Int)
    // One item's problem (after its field).
    case notAnObject
    case unreadable
    case isRequired
    case mustBeNumber
    case mustBeString
    case mustBeType(String)
    case mustNotBeNull
    case invalidJSON(String)
    case duplicate(first: Int, id: String)
    // The command.
    case warningPrefix
    case noURL
    case badURL(String)
    case badURLArgument(String)
    case fetchTimeoutRange(got: Double)
    case caFileUnreadable(path: String, reason: String)
    case caFileTooLarge(path: String, limit: Int)
    case caFileNotPEM(path: String)
    case catalogKept
    case skipped(field: String, message: String)
    case skippedWithID(field: String, id: String, message: String)
    case replaced(received: Int, created: Int, updated: Int, unchanged: Int, retired: Int, effectiveDay: String)
    case notModified(url: String)
    case offline(reason: String)
    // The catalog's source.
    case fromFiles
    case fromFeed(url: String, fetched: ChallengeAge)
    case lastCheckFailed(when: ChallengeAge, detail: String)
    case lastCheckUnchanged(when: ChallengeAge)
    case itemsLeftOut(Int)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .timedOut(let seconds):
            l.pick(
                en: "the feed did not answer within \(seconds, upTo: 1) s", de: "der Feed antwortete nicht innerhalb von \(seconds, upTo: 1) s",
                fr: "le flux n’a pas répondu en \(seconds, upTo: 1) s")
        case .unreachable(let detail):
            l.pick(en: "the feed cannot be reached: \(detail)", de: "der Feed ist nicht erreichbar: \(detail)", fr: "le flux est injoignable : \(detail)")
        case .tlsRefused(let detail, let hint):
            Self.withHint(hint, l.pick(
                en: "the feed's TLS certificate or handshake was refused: \(detail)",
                de: "Zertifikat oder TLS-Handshake des Feeds abgelehnt: \(detail)",
                fr: "certificat ou négociation TLS du flux refusés : \(detail)"))
        case .tlsPrivateCAHint:
            l.pick(
                en: "(a feed behind a private CA: give its certificate with --ca-file)",
                de: "(ein Feed hinter einer eigenen CA: deren Zertifikat mit --ca-file angeben)",
                fr: "(un flux derrière une AC privée : indiquez son certificat avec --ca-file)")
        case .serverFailed(let code, let reason):
            l.pick(
                en: "the feed answered \(String(code)) \(reason) (a server error: try again later)",
                de: "der Feed antwortete \(String(code)) \(reason) (ein Serverfehler: später erneut versuchen)",
                fr: "le flux a répondu \(String(code)) \(reason) (erreur du serveur : réessayez plus tard)")
        case .unexpectedStatus(let code, let reason):
            l.pick(
                en: "the feed answered \(String(code)) \(reason), not 200 or 304", de: "der Feed antwortete \(String(code)) \(reason), nicht 200 oder 304",
                fr: "le flux a répondu \(String(code)) \(reason), ni 200 ni 304")
        case .redirects(let limit):
            l.pick(
                en: "the feed redirected more than \(limit) times, or in a circle", de: "der Feed leitete mehr als \(limit)-mal oder im Kreis weiter",
                fr: "le flux a redirigé plus de \(limit) fois, ou en boucle")
        case .tooLarge(let bytes, let limit):
            l.pick(
                en: "\(String(bytes)) bytes is larger than a challenges feed may be (\(String(limit)) bytes)",
                de: "\(String(bytes)) Bytes sind mehr, als ein Herausforderungs-Feed haben darf (\(String(limit)) Bytes)",
                fr: "\(String(bytes)) octets dépassent la taille permise pour un flux de défis (\(String(limit)) octets)")
        case .bodyTooLarge(let limit):
            l.pick(
                en: "the body is larger than a challenges feed may be (\(String(limit)) bytes)",
                de: "der Inhalt ist größer, als ein Herausforderungs-Feed sein darf (\(String(limit)) Bytes)",
                fr: "le contenu dépasse la taille permise pour un flux de défis (\(String(limit)) octets)")
        case .notJSON: l.pick(en: "the feed is not JSON", de: "der Feed ist kein JSON", fr: "le flux n’est pas du JSON")
        case .noItems:
            l.pick(
                en: #"the feed is not {"items":[…]}: no "items" array"#, de: #"der Feed ist nicht {"items":[…]}: kein Feld "items""#,
                fr: #"le flux n’est pas {"items":[…]} : pas de tableau "items""#)
        case .tooManyItems(let count, let limit):
            l.pick(
                en: "items: at most \(String(limit)) challenges per feed, got \(String(count))",
                de: "items: höchstens \(String(limit)) Herausforderungen je Feed, waren \(String(count))",
                fr: "items : au plus \(String(limit)) défis par flux, reçu \(String(count))")
        case .feedEmpty: l.pick(en: "the feed has no challenges", de: "der Feed hat keine Herausforderungen", fr: "le flux n’a aucun défi")
        case .noneUsable(let skipped):
            l.plural(
                skipped,
                en: Plural(one: "the feed's only challenge cannot be used", other: "none of the feed's \(skipped) challenges can be used"),
                de: Plural(one: "die einzige Herausforderung des Feeds ist unbrauchbar", other: "keine der \(skipped) Herausforderungen des Feeds ist brauchbar"),
                fr: Plural(one: "le seul défi du flux est inutilisable", other: "aucun des \(skipped) défis du flux n’est utilisable"))
        case .notAnObject: l.pick(en: "must be an object", de: "muss ein Objekt sein", fr: "doit être un objet")
        case .unreadable: l.pick(en: "cannot be read", de: "ist nicht lesbar", fr: "illisible")
        case .isRequired: l.pick(en: "is required", de: "fehlt", fr: "est requis")
        case .mustBeNumber: l.pick(en: "must be a number", de: "muss eine Zahl sein", fr: "doit être un nombre")
        case .mustBeString: l.pick(en: "must be a string", de: "muss ein Text sein", fr: "doit être une chaîne")
        case .mustBeType(let type): l.pick(en: "must be \(type)", de: "muss \(type) sein", fr: "doit être \(type)")
        case .mustNotBeNull: l.pick(en: "must not be null", de: "darf nicht null sein", fr: "ne doit pas être null")
        case .invalidJSON(let reason): l.pick(en: "not valid JSON (\(reason))", de: "kein gültiges JSON (\(reason))", fr: "JSON invalide (\(reason))")
        case .duplicate(let first, let id):
            l.pick(
                en: "duplicates items[\(String(first))].id '\(id)'", de: "wiederholt items[\(String(first))].id '\(id)'",
                fr: "répète items[\(String(first))].id '\(id)'")
        case .warningPrefix: l.pick(en: "warning:", de: "Warnung:", fr: "avertissement :")
        case .noURL:
            l.pick(
                en: "no feed URL: give one (quench challenges sync URL), set challengesURL in the client config or QUENCH_CHALLENGES_URL",
                de: "keine Feed-URL: eine angeben (quench challenges sync URL), challengesURL in der Client-Konfiguration oder QUENCH_CHALLENGES_URL setzen",
                fr: "aucune URL de flux : indiquez-en une (quench challenges sync URL), ou définissez challengesURL dans la configuration client ou QUENCH_CHALLENGES_URL")
        case .badURL(let text):
            l.pick(
                en: "must be an http or https URL, got '\(text)'", de: "muss eine http- oder https-URL sein, war '\(text)'",
                fr: "doit être une URL http ou https, reçu '\(text)'")
        case .badURLArgument(let text):
            l.pick(
                en: "URL: must be an http or https URL, got '\(text)'", de: "URL: muss eine http- oder https-URL sein, war '\(text)'",
                fr: "URL : doit être une URL http ou https, reçu '\(text)'")
        case .fetchTimeoutRange(let got):
            l.pick(
                en: "--fetch-timeout must be at least 0.1 and at most 600 seconds, got \(got, upTo: 3)",
                de: "--fetch-timeout muss mindestens 0,1 und höchstens 600 Sekunden sein, war \(got, upTo: 3)",
                fr: "--fetch-timeout doit être d’au moins 0,1 et d’au plus 600 secondes, reçu \(got, upTo: 3)")
        case .caFileUnreadable(let path, let reason):
            l.pick(
                en: "cannot read '\(path)' (\(reason)); it must be a readable PEM file of CA certificates",
                de: "'\(path)' ist nicht lesbar (\(reason)); es muss eine lesbare PEM-Datei mit CA-Zertifikaten sein",
                fr: "impossible de lire '\(path)' (\(reason)) ; il faut un fichier PEM lisible de certificats d’AC")
        case .caFileTooLarge(let path, let limit):
            l.pick(
                en: "'\(path)' is larger than a CA file may be (\(String(limit)) bytes); it must be a PEM file of CA certificates",
                de: "'\(path)' ist größer, als eine CA-Datei sein darf (\(String(limit)) Bytes); es muss eine PEM-Datei mit CA-Zertifikaten sein",
                fr: "'\(path)' dépasse la taille permise pour un fichier d’AC (\(String(limit)) octets) ; il faut un fichier PEM de certificats d’AC")
        case .caFileNotPEM(let path):
            l.pick(
                en: "'\(path)' holds no PEM certificate; it must be a PEM file of CA certificates (`-----BEGIN CERTIFICATE-----`)",
                de: "'\(path)' enthält kein PEM-Zertifikat; es muss eine PEM-Datei mit CA-Zertifikaten sein (`-----BEGIN CERTIFICATE-----`)",
                fr: "'\(path)' ne contient aucun certificat PEM ; il faut un fichier PEM de certificats d’AC (`-----BEGIN CERTIFICATE-----`)")
        case .catalogKept: l.pick(en: "the catalog was kept", de: "der Katalog blieb unverändert", fr: "le catalogue est conservé")
        case .skipped(let field, let message):
            l.pick(en: "skipped \(field): \(message)", de: "übersprungen \(field): \(message)", fr: "ignoré \(field) : \(message)")
        case .skippedWithID(let field, let id, let message):
            l.pick(
                en: "skipped \(field) ('\(id)'): \(message)", de: "übersprungen \(field) ('\(id)'): \(message)",
                fr: "ignoré \(field) ('\(id)') : \(message)")
        case .replaced(let received, let created, let updated, let unchanged, let retired, let day):
            l.plural(
                received,
                en: Plural(
                    one: "Catalog replaced from the feed: \(received) challenge (\(created) new, \(updated) changed, \(unchanged) unchanged, \(retired) retired); changes count from \(day).",
                    other: "Catalog replaced from the feed: \(received) challenges (\(created) new, \(updated) changed, \(unchanged) unchanged, \(retired) retired); changes count from \(day)."),
                de: Plural(
                    one: "Katalog aus dem Feed ersetzt: \(received) Herausforderung (\(created) neu, \(updated) geändert, \(unchanged) unverändert, \(retired) entfernt); Änderungen gelten ab \(day).",
                    other: "Katalog aus dem Feed ersetzt: \(received) Herausforderungen (\(created) neu, \(updated) geändert, \(unchanged) unverändert, \(retired) entfernt); Änderungen gelten ab \(day)."),
                fr: Plural(
                    one: "Catalogue remplacé depuis le flux : \(received) défi (\(created) nouveaux, \(updated) modifiés, \(unchanged) inchangés, \(retired) retirés) ; les changements comptent à partir du \(day).",
                    other: "Catalogue remplacé depuis le flux : \(received) défis (\(created) nouveaux, \(updated) modifiés, \(unchanged) inchangés, \(retired) retirés) ; les changements comptent à partir du \(day)."))
        case .notModified(let url):
            l.pick(
                en: "The catalog is current: \(url) has not changed.", de: "Der Katalog ist aktuell: \(url) hat sich nicht geändert.",
                fr: "Le catalogue est à jour : \(url) n’a pas changé.")
        case .offline(let reason):
            l.pick(
                en: "Could not fetch the feed (\(reason)); the cached catalog is shown.",
                de: "Feed nicht abrufbar (\(reason)); der zwischengespeicherte Katalog wird gezeigt.",
                fr: "Impossible de récupérer le flux (\(reason)) ; le catalogue en cache est affiché.")
        case .fromFiles:
            l.pick(
                en: "From files (quench challenges load); never synced from a feed.",
                de: "Aus Dateien (quench challenges load); nie aus einem Feed abgeglichen.",
                fr: "Depuis des fichiers (quench challenges load) ; jamais synchronisé depuis un flux.")
        case .fromFeed(let url, let fetched):
            l.pick(en: "From \(url), fetched \(fetched)", de: "Aus \(url), abgerufen \(fetched)", fr: "Depuis \(url), récupéré \(fetched)")
        case .lastCheckFailed(let when, let detail):
            l.pick(
                en: "; the last check \(when) failed: \(detail)", de: "; die letzte Prüfung \(when) schlug fehl: \(detail)",
                fr: " ; la dernière vérification \(when) a échoué : \(detail)")
        case .lastCheckUnchanged(let when):
            l.pick(
                en: "; unchanged at the last check \(when)", de: "; unverändert bei der letzten Prüfung \(when)",
                fr: " ; inchangé à la dernière vérification \(when)")
        case .itemsLeftOut(let count):
            l.plural(
                count,
                en: Plural(one: "; \(count) bad item of the feed left out", other: "; \(count) bad items of the feed left out"),
                de: Plural(one: "; \(count) fehlerhafter Eintrag des Feeds ausgelassen", other: "; \(count) fehlerhafte Einträge des Feeds ausgelassen"),
                fr: Plural(one: "; \(count) élément invalide du flux écarté", many: "; \(count) éléments invalides du flux écartés",
                           other: "; \(count) éléments invalides du flux écartés"))
        }
    }

    /// `refused`, then the hint on giving a private CA when `hint`.
    private static func withHint(_ hint: Bool, _ refused: Localized) -> Localized {
        hint ? "\(refused) \(ChallengeSyncText.tlsPrivateCAHint)" : refused
    }
}

/// How long ago something was: "just now", "12 min ago", "5 h ago", "3 days ago".
public enum ChallengeAge: LocalizedMessage {
    case justNow
    case minutes(Int)
    case hours(Int)
    case days(Int)

    /// The age of `seconds` ago.
    public init(seconds: Double) {
        switch max(0, seconds) {
        case ..<60: self = .justNow
        case ..<3600: self = .minutes(Int(seconds / 60))
        case ..<(48 * 3600): self = .hours(Int(seconds / 3600))
        default: self = .days(Int(seconds / 86_400))
        }
    }

    public func text(_ l: Language) -> Localized {
        switch self {
        case .justNow: l.pick(en: "just now", de: "gerade eben", fr: "à l’instant")
        case .minutes(let n): l.pick(en: "\(n) min ago", de: "vor \(n) min", fr: "il y a \(n) min")
        case .hours(let n): l.pick(en: "\(n) h ago", de: "vor \(n) h", fr: "il y a \(n) h")
        case .days(let n):
            l.plural(
                n, en: Plural(one: "\(n) day ago", other: "\(n) days ago"), de: Plural(one: "vor \(n) Tag", other: "vor \(n) Tagen"),
                fr: Plural(one: "il y a \(n) jour", many: "il y a \(n) jours", other: "il y a \(n) jours"))
        }
    }
}
