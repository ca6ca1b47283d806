/// `quench up`, `down`, `status`, `services`, `ping`, `metrics`, `subscribe`.
public enum SystemText: LocalizedMessage {
    case statusHeaders
    case healthHeaders
    case endpointHeader
    case up
    case down
    case ok
    case failed
    case checkedAgo(String)
    case upToDate(publisher: String)
    case behind(publisher: String, count: Int64)
    case notConnected
    case problemStatus(String)
    case databaseCheckFailed(detail: String)
    case notHearingFrom(String)
    /// An uptime: `42s`, `5m3s`, `2h5m`, `3d4h`.
    case uptime(days: Int, hours: Int, minutes: Int, seconds: Int)
    case milliseconds(String)
    case servicesHeaders
    case serviceMustBe(field: String, list: String, got: String)
    case keyFilesTogether
    case endpointURL(String)
    case noEndpoint(service: String)
    case answered(service: String, endpoint: String, roundTrip: String, details: String)
    case version(String)
    case upFor(String)
    case headSeq(String)
    case notAKey(option: String, file: String, kind: String)
    case secretKey
    case publicKey
    case cannotReadOption(option: String, path: String, reason: String)
    case publisherMustBe(list: String, got: String)
    case countAtLeastOne
    case refusedKey(publisher: String)
    case stillUnreachable(publisher: String, address: String, seconds: String)
    case unreachable(publisher: String, address: String, seconds: String)
    case connected(publisher: String)
    case connectionLost(publisher: String)
    case started
    case alreadyRunning
    case dataIn(root: String, config: String)
    case startedNotAnswering
    case nothingRunning
    case stopped(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .statusHeaders:
            l.pick(
                en: "SERVICE|STATE|VERSION|UPTIME|ROUND TRIP|HEAD SEQ", de: "DIENST|ZUSTAND|VERSION|LAUFZEIT|ANTWORTZEIT|LETZTE SEQ",
                fr: "SERVICE|ÉTAT|VERSION|EN SERVICE DEPUIS|ALLER-RETOUR|SÉQ. DE TÊTE")
        case .healthHeaders: l.pick(en: "HEALTH|DATABASE|SUBSCRIPTIONS", de: "GESUNDHEIT|DATENBANK|ABONNEMENTS", fr: "SANTÉ|BASE DE DONNÉES|ABONNEMENTS")
        case .endpointHeader: l.pick(en: "ENDPOINT", de: "ENDPUNKT", fr: "POINT D’ACCÈS")
        case .up: l.pick(en: "up", de: "läuft", fr: "actif")
        case .down: l.pick(en: "down", de: "aus", fr: "arrêté")
        case .ok: l.pick(en: "ok", de: "ok", fr: "ok")
        case .failed: l.pick(en: "FAILED", de: "FEHLER", fr: "ÉCHEC")
        case .checkedAgo(let age): l.pick(en: " (checked \(age) ago)", de: " (geprüft vor \(age))", fr: " (vérifié il y a \(age))")
        case .upToDate(let publisher): l.pick(en: "\(publisher) up to date", de: "\(publisher) aktuell", fr: "\(publisher) à jour")
        case .behind(let publisher, let count): l.pick(en: "\(publisher) \(count) behind", de: "\(publisher) \(count) im Rückstand", fr: "\(publisher) \(count) en retard")
        case .notConnected: l.pick(en: " (not connected)", de: " (nicht verbunden)", fr: " (non connecté)")
        case .problemStatus(let status): l.pick(en: "status \(status)", de: "Status \(status)", fr: "état \(status)")
        case .databaseCheckFailed(let detail):
            l.pick(en: "database check failed\(detail)", de: "Datenbankprüfung fehlgeschlagen\(detail)", fr: "échec de la vérification de la base\(detail)")
        case .notHearingFrom(let list): l.pick(en: "not hearing from \(list)", de: "keine Nachricht von \(list)", fr: "aucune nouvelle de \(list)")
        case .uptime(let d, let h, let m, let s):
            if d > 0 {
                l.pick(en: "\(String(d))d\(String(h))h", de: "\(String(d)) T \(String(h)) Std.", fr: "\(String(d)) j \(String(h)) h")
            } else if h > 0 {
                l.pick(en: "\(String(h))h\(String(m))m", de: "\(String(h)) Std. \(String(m)) Min.", fr: "\(String(h)) h \(String(m)) min")
            } else if m > 0 {
                l.pick(en: "\(String(m))m\(String(s))s", de: "\(String(m)) Min. \(String(s)) s", fr: "\(String(m)) min \(String(s)) s")
            } else {
                l.pick(en: "\(String(s))s", de: "\(String(s)) s", fr: "\(String(s)) s")
            }
        case .milliseconds(let value): l.pick(en: "\(value) ms", de: "\(value) ms", fr: "\(value) ms")
        case .servicesHeaders:
            l.pick(
                en: "SERVICE|RPC|EVENTS|USER EVENTS|SUBSCRIBES TO", de: "DIENST|RPC|EREIGNISSE|NUTZEREREIGNISSE|ABONNIERT",
                fr: "SERVICE|RPC|ÉVÉNEMENTS|ÉVÉNEMENTS UTILISATEUR|ABONNÉ À")
        case .serviceMustBe(let field, let list, let got):
            l.pick(en: "\(field) must be one of \(list); got '\(got)'", de: "\(field) muss einer von \(list) sein; war '\(got)'", fr: "\(field) doit être l’un de \(list) ; reçu '\(got)'")
        case .keyFilesTogether:
            l.pick(en: "--key-file and --server-key-file go together", de: "--key-file und --server-key-file gehören zusammen", fr: "--key-file et --server-key-file vont ensemble")
        case .endpointURL(let got):
            l.pick(
                en: "--endpoint must be a tcp:// or ipc:// URL, got '\(got)'", de: "--endpoint muss eine tcp://- oder ipc://-URL sein, war '\(got)'",
                fr: "--endpoint doit être une URL tcp:// ou ipc://, reçu '\(got)'")
        case .noEndpoint(let service):
            l.pick(
                en: "the client config names no endpoint for \(service)", de: "die Client-Konfiguration nennt keinen Endpunkt für \(service)",
                fr: "la configuration client ne nomme aucun point d’accès pour \(service)")
        case .answered(let service, let endpoint, let roundTrip, let details):
            l.pick(
                en: "\(service) answered from \(endpoint) in \(roundTrip) (\(details))", de: "\(service) hat von \(endpoint) in \(roundTrip) geantwortet (\(details))",
                fr: "\(service) a répondu depuis \(endpoint) en \(roundTrip) (\(details))")
        case .version(let version): l.pick(en: "version \(version)", de: "Version \(version)", fr: "version \(version)")
        case .upFor(let uptime): l.pick(en: "up \(uptime)", de: "läuft seit \(uptime)", fr: "actif depuis \(uptime)")
        case .headSeq(let seq): l.pick(en: "head seq \(seq)", de: "letzte Seq \(seq)", fr: "séq. de tête \(seq)")
        case .notAKey(let option, let file, let kind):
            l.pick(
                en: "\(option): \(file) does not hold a 40-character Z85 \(kind)", de: "\(option): \(file) enthält keinen \(kind) (40 Zeichen Z85)",
                fr: "\(option) : \(file) ne contient pas de \(kind) Z85 de 40 caractères")
        case .secretKey: l.pick(en: "secret key", de: "geheimen Schlüssel", fr: "clé secrète")
        case .publicKey: l.pick(en: "public key", de: "öffentlichen Schlüssel", fr: "clé publique")
        case .cannotReadOption(let option, let path, let reason):
            l.pick(en: "\(option): cannot read \(path): \(reason)", de: "\(option): \(path) nicht lesbar: \(reason)", fr: "\(option) : impossible de lire \(path) : \(reason)")
        case .publisherMustBe(let list, let got):
            l.pick(
                en: "--publisher must be one of \(list), got '\(got)'", de: "--publisher muss einer von \(list) sein, war '\(got)'",
                fr: "--publisher doit être l’un de \(list), reçu '\(got)'")
        case .countAtLeastOne: l.pick(en: "--count must be at least 1", de: "--count muss mindestens 1 sein", fr: "--count doit valoir au moins 1")
        case .refusedKey(let publisher):
            l.pick(
                en: "\(publisher): the publisher refused this key (not on its allow-list); retrying",
                de: "\(publisher): die Quelle hat diesen Schlüssel abgelehnt (nicht auf ihrer Liste); neuer Versuch",
                fr: "\(publisher) : l’émetteur a refusé cette clé (absente de sa liste) ; nouvel essai")
        case .stillUnreachable(let publisher, let address, let seconds):
            l.pick(
                en: "\(publisher): still unreachable at \(address) (\(seconds) s); retrying, events resume when it is back",
                de: "\(publisher): weiterhin nicht erreichbar unter \(address) (\(seconds) s); neuer Versuch, Ereignisse folgen, sobald sie zurück ist",
                fr: "\(publisher) : toujours injoignable à \(address) (\(seconds) s) ; nouvel essai, les événements reprendront à son retour")
        case .unreachable(let publisher, let address, let seconds):
            l.pick(
                en: "\(publisher): publisher unreachable at \(address) (\(seconds) s); retrying, events resume when it is back",
                de: "\(publisher): Quelle nicht erreichbar unter \(address) (\(seconds) s); neuer Versuch, Ereignisse folgen, sobald sie zurück ist",
                fr: "\(publisher) : émetteur injoignable à \(address) (\(seconds) s) ; nouvel essai, les événements reprendront à son retour")
        case .connected(let publisher): l.pick(en: "\(publisher): connected", de: "\(publisher): verbunden", fr: "\(publisher) : connecté")
        case .connectionLost(let publisher):
            l.pick(en: "\(publisher): connection lost; retrying", de: "\(publisher): Verbindung verloren; neuer Versuch", fr: "\(publisher) : connexion perdue ; nouvel essai")
        case .started: l.pick(en: "started", de: "gestartet", fr: "démarré")
        case .alreadyRunning: l.pick(en: "already running", de: "lief schon", fr: "déjà actif")
        case .dataIn(let root, let config):
            l.pick(en: "Data in \(root); client config \(config)", de: "Daten in \(root); Client-Konfiguration \(config)", fr: "Données dans \(root) ; configuration client \(config)")
        case .startedNotAnswering: l.pick(en: "started but not answering", de: "gestartet, antwortet aber nicht", fr: "démarré mais ne répond pas")
        case .nothingRunning: l.pick(en: "Nothing was running.", de: "Es lief nichts.", fr: "Rien ne tournait.")
        case .stopped(let list): l.pick(en: "Stopped \(list).", de: "\(list) gestoppt.", fr: "\(list) arrêté(s).")
        }
    }
}
