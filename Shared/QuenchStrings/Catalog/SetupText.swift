/// `quench keys`, `export`, `erase`, and the client config, keys and options every command reads.
public enum SetupText: LocalizedMessage {
    case keysHeaders
    case noKeys
    case everyKeyExists(folder: String)
    case createdKeys(list: String, folder: String)
    case admitted(principal: String, key: String, config: String)
    case revoked(principal: String, key: String)
    case noAllowList(String)
    case alreadyHasKey(user: String, file: String)
    case userRule(rule: String, got: String)
    case userIDRule
    /// erase / export
    case confirmErase
    case erased(service: String, counts: String)
    case nothing
    case eraseFailed(service: String, error: String)
    /// The client config names no endpoint for this service (a deployment without the web edge).
    case eraseNotDeployed(service: String)
    case failed
    case cannotWrite(path: String, reason: String)
    case exported(user: String, file: String)
    /// The client config and the deployment.
    case cannotReadSecretKey(file: String, reason: String)
    case cannotReadConfig(path: String, reason: String)
    case invalidConfig(path: String, reason: String)
    case noUser
    case noEndpoint(service: String)
    case servedByEvery(String)
    case cannotFindBinary(String)
    case didNotStart(service: String, seconds: Int, log: String, tail: String)
    case portTaken(service: String, address: String, wayOut: String)
    case portTakenWeb(variable: String)
    case portTakenBase
    case timeoutRange(low: String, high: String, got: String)
    case portBaseRange(low: String, high: String, got: String)
    case notAZone(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .keysHeaders: l.pick(en: "PRINCIPAL|PUBLIC KEY|ADMITTED BY", de: "PRINZIPAL|ÖFFENTLICHER SCHLÜSSEL|ZUGELASSEN VON", fr: "PRINCIPAL|CLÉ PUBLIQUE|ADMIS PAR")
        case .noKeys: l.pick(en: "No keys (run `quench keys init`).", de: "Keine Schlüssel (`quench keys init` ausführen).", fr: "Aucune clé (lancez `quench keys init`).")
        case .everyKeyExists(let folder):
            l.pick(en: "Every key exists already (\(folder)).", de: "Alle Schlüssel gibt es schon (\(folder)).", fr: "Toutes les clés existent déjà (\(folder)).")
        case .createdKeys(let list, let folder): l.pick(en: "Created \(list) in \(folder).", de: "\(list) in \(folder) angelegt.", fr: "\(list) créé(s) dans \(folder).")
        case .admitted(let principal, let key, let config):
            l.pick(
                en: "Admitted \(principal) (\(key)) on every service.\nClient config: \(config)  (use it with --config or QUENCH_CONFIG)",
                de: "\(principal) (\(key)) bei allen Diensten zugelassen.\nClient-Konfiguration: \(config)  (mit --config oder QUENCH_CONFIG verwenden)",
                fr: "\(principal) (\(key)) admis sur chaque service.\nConfiguration client : \(config)  (à utiliser avec --config ou QUENCH_CONFIG)")
        case .revoked(let principal, let key): l.pick(en: "Revoked \(principal) (\(key)).", de: "\(principal) (\(key)) widerrufen.", fr: "\(principal) (\(key)) révoqué.")
        case .noAllowList(let target):
            l.pick(en: "no allow-list admits '\(target)'", de: "keine Zulassungsliste enthält '\(target)'", fr: "aucune liste d’autorisation n’admet '\(target)'")
        case .alreadyHasKey(let user, let file):
            l.pick(
                en: "user '\(user)' already has a key (\(file)); revoke it first to issue a new one",
                de: "Nutzer '\(user)' hat schon einen Schlüssel (\(file)); erst widerrufen, dann einen neuen ausstellen",
                fr: "l’utilisateur '\(user)' a déjà une clé (\(file)) ; révoquez-la d’abord pour en émettre une nouvelle")
        case .userRule(let rule, let got): l.pick(en: "\(rule); got \(got)", de: "\(rule); war \(got)", fr: "\(rule) ; reçu \(got)")
        case .userIDRule:
            l.pick(
                en: "user ids are 1 to 64 characters of letters, digits, '.', '_', '@' and '-'",
                de: "Nutzer-IDs bestehen aus 1 bis 64 Zeichen: Buchstaben, Ziffern, '.', '_', '@' und '-'",
                fr: "les identifiants d’utilisateur font 1 à 64 caractères : lettres, chiffres, '.', '_', '@' et '-'")
        case .confirmErase:
            l.pick(
                en: "erase deletes everything about you in every service; confirm with --yes",
                de: "erase löscht alles über dich in allen Diensten; mit --yes bestätigen",
                fr: "erase supprime tout ce qui vous concerne dans chaque service ; confirmez avec --yes")
        case .erased(let service, let counts): l.pick(en: "\(service): erased \(counts)", de: "\(service): gelöscht: \(counts)", fr: "\(service) : effacé : \(counts)")
        case .nothing: l.pick(en: "nothing", de: "nichts", fr: "rien")
        case .eraseFailed(let service, let error):
            l.pick(
                en: "\(service): \(error) — run `quench erase --yes` again once it is up",
                de: "\(service): \(error) — `quench erase --yes` erneut ausführen, sobald der Dienst läuft",
                fr: "\(service) : \(error) — relancez `quench erase --yes` quand il sera actif")
        case .eraseNotDeployed(let service):
            l.pick(
                en: "\(service): not deployed (the client config names no endpoint for it) — nothing to erase",
                de: "\(service): nicht eingerichtet (die Client-Konfiguration nennt keinen Endpunkt dafür) — nichts zu löschen",
                fr: "\(service) : non déployé (la configuration client ne lui donne aucun point d’accès) — rien à effacer")
        case .failed: l.pick(en: "failed", de: "fehlgeschlagen", fr: "échec")
        case .cannotWrite(let path, let reason):
            l.pick(en: "cannot write \(path): \(reason)", de: "\(path) nicht schreibbar: \(reason)", fr: "impossible d’écrire \(path) : \(reason)")
        case .exported(let user, let file):
            l.pick(en: "Exported everything about \(user) to \(file).", de: "Alles über \(user) nach \(file) exportiert.", fr: "Tout ce qui concerne \(user) a été exporté dans \(file).")
        case .cannotReadSecretKey(let file, let reason):
            l.pick(
                en: "cannot read your secret key \(file): \(reason)", de: "dein geheimer Schlüssel \(file) ist nicht lesbar: \(reason)",
                fr: "impossible de lire votre clé secrète \(file) : \(reason)")
        case .cannotReadConfig(let path, let reason):
            l.pick(
                en: "cannot read the client config \(path): \(reason)", de: "die Client-Konfiguration \(path) ist nicht lesbar: \(reason)",
                fr: "impossible de lire la configuration client \(path) : \(reason)")
        case .invalidConfig(let path, let reason):
            l.pick(
                en: "the client config \(path) is not valid: \(reason)", de: "die Client-Konfiguration \(path) ist ungültig: \(reason)",
                fr: "la configuration client \(path) n’est pas valide : \(reason)")
        case .noUser:
            l.pick(en: "no user: pass --user NAME or set `QUENCH_USER`", de: "kein Nutzer: --user NAME angeben oder `QUENCH_USER` setzen", fr: "aucun utilisateur : passez --user NOM ou définissez `QUENCH_USER`")
        case .noEndpoint(let service):
            l.pick(
                en: "the client config names no endpoint for \(service)", de: "die Client-Konfiguration nennt keinen Endpunkt für \(service)",
                fr: "la configuration client ne nomme aucun point d’accès pour \(service)")
        case .servedByEvery(let message):
            l.pick(en: "\(message) is served by every service: name one", de: "\(message) bedient jeder Dienst: einen nennen", fr: "\(message) est servi par chaque service : nommez-en un")
        case .cannotFindBinary(let path):
            l.pick(en: "cannot find \(path); build first with `swift build`", de: "\(path) nicht gefunden; erst mit `swift build` bauen", fr: "\(path) introuvable ; compilez d’abord avec `swift build`")
        case .didNotStart(let service, let seconds, let log, let tail):
            l.pick(
                en: "\(service) did not start within \(String(seconds)) s; its log (\(log)) ends:\n\(tail)",
                de: "\(service) ist nicht binnen \(String(seconds)) s gestartet; sein Protokoll (\(log)) endet mit:\n\(tail)",
                fr: "\(service) n’a pas démarré en \(String(seconds)) s ; son journal (\(log)) se termine par :\n\(tail)")
        case .portTaken(let service, let address, let wayOut):
            l.pick(
                en: "\(service) cannot start: \(address) is already in use by another program; nothing was started. \(wayOut)",
                de: "\(service) kann nicht starten: \(address) wird schon von einem anderen Programm benutzt; nichts wurde gestartet. \(wayOut)",
                fr: "\(service) ne peut pas démarrer : \(address) est déjà utilisé par un autre programme ; rien n’a été démarré. \(wayOut)")
        case .portTakenWeb(let variable):
            l.pick(
                en: "Free the port, start without the web edge (--no-web), or give it another port (\(variable)=PORT).",
                de: "Geben Sie den Port frei, starten Sie ohne Web-Oberfläche (--no-web) oder geben Sie ihr einen anderen Port (\(variable)=PORT).",
                fr: "Libérez le port, démarrez sans l’interface web (--no-web) ou donnez-lui un autre port (\(variable)=PORT).")
        case .portTakenBase:
            l.pick(
                en: "Free the port, or move every port of the deployment (--port-base N).",
                de: "Geben Sie den Port frei oder verschieben Sie alle Ports der Installation (--port-base N).",
                fr: "Libérez le port ou déplacez tous les ports du déploiement (--port-base N).")
        case .timeoutRange(let low, let high, let got):
            l.pick(
                en: "--timeout must be at least \(low) and at most \(high) seconds, got \(got)",
                de: "--timeout muss mindestens \(low) und höchstens \(high) Sekunden sein, war \(got)",
                fr: "--timeout doit valoir au moins \(low) et au plus \(high) secondes, reçu \(got)")
        case .portBaseRange(let low, let high, let got):
            l.pick(
                en: "must be at least \(low) and at most \(high) (every port of the deployment within 1024…65535), got \(got)",
                de: "muss mindestens \(low) und höchstens \(high) sein (jeder Port der Installation in 1024…65535), war \(got)",
                fr: "doit valoir au moins \(low) et au plus \(high) (chaque port du déploiement dans 1024…65535), reçu \(got)")
        case .notAZone(let text):
            l.pick(
                en: "--tz: '\(text)' is not an IANA time zone (e.g. Europe/Berlin)", de: "--tz: '\(text)' ist keine IANA-Zeitzone (z. B. Europe/Berlin)",
                fr: "--tz : '\(text)' n’est pas un fuseau horaire IANA (p. ex. Europe/Berlin)")
        }
    }
}
