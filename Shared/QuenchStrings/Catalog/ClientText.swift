import Foundation

/// The client library's own errors (Shared/QuenchClient: the RPC client, key files and
/// allow-lists): what went wrong on this side of the socket, before or without a service's reply.
///
/// The library throws them as `QuenchError`s (the wire's type, whose `message` is this English)
/// or `ConfigError`s (with the message as `text`); the CLI shows them in the user's language.
/// A `QuenchError` carries no catalog message, so ``init(clientMessage:)`` recognises the
/// English the library wrote (every case round-trips: `ClientTextTests`).
public enum ClientText: LocalizedMessage, Hashable {
    // MARK: RPC client
    case clientClosed
    case replyUnreadable(type: String, detail: String)
    case requestInFlight(id: String)
    case connectTimeout(endpoint: String, seconds: String)
    case noReply(endpoint: String, attempts: Int)
    /// The service's connection dropped with the call pending and no attempt was left, or
    /// (`seconds`) the new socket made no connection within the connect timeout.
    case connectionClosed(endpoint: String, seconds: String?)
    case keyRefused
    case handshakeClosed(times: Int)
    case serviceInsecure
    case serviceRequiresCurve

    // MARK: Key files and allow-lists (after "configuration key 'KEY' ")
    case fileUnreadable(path: String, SystemErrorText?)
    case secretKeyMode(path: String, mode: String)
    case notASecretKey(path: String)
    case allowListUnreadable(path: String, SystemErrorText)
    case allowListTooLarge(path: String)
    case allowListInvalid(path: String, detail: String)
    case allowListTooMany(path: String, max: Int)
    case allowListBadKey(path: String, entry: Int)
    case allowListBadPrincipal(path: String, entry: Int, got: String)
    /// `configuration key 'KEY' …`: a `ConfigError`.
    indirect case configKey(String, ClientText)
    /// Words of another module (English), shown as they are.
    case other(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .clientClosed: l.pick(en: "the client was closed", de: "der Client wurde geschlossen", fr: "le client a été fermé")
        case .replyUnreadable(let type, let detail):
            l.pick(
                en: "reply to \(type) could not be read: \(detail)", de: "die Antwort auf \(type) war nicht lesbar: \(detail)",
                fr: "la réponse à \(type) était illisible : \(detail)")
        case .requestInFlight(let id):
            l.pick(
                en: "a request with id \(id) is already in flight", de: "eine Anfrage mit der ID \(id) läuft bereits",
                fr: "une requête d’identifiant \(id) est déjà en cours")
        case .connectTimeout(let endpoint, let seconds):
            l.pick(
                en: "could not connect to \(endpoint) within \(seconds) s; is the service running?",
                de: "keine Verbindung zu \(endpoint) innerhalb von \(seconds) s; läuft der Dienst?",
                fr: "connexion impossible à \(endpoint) en \(seconds) s ; le service tourne-t-il ?")
        case .noReply(let endpoint, let attempts):
            l.pick(
                en: "no reply from \(endpoint) after \(String(attempts)) attempt(s); is the service running?",
                de: "keine Antwort von \(endpoint) nach \(String(attempts)) Versuch(en); läuft der Dienst?",
                fr: "aucune réponse de \(endpoint) après \(String(attempts)) tentative(s) ; le service tourne-t-il ?")
        case .connectionClosed(let endpoint, nil):
            l.pick(
                en: "the service at \(endpoint) closed the connection before it replied; is it running?",
                de: "der Dienst unter \(endpoint) hat die Verbindung geschlossen, bevor er antwortete; läuft er?",
                fr: "le service à \(endpoint) a fermé la connexion avant de répondre ; tourne-t-il ?")
        case .connectionClosed(let endpoint, let seconds?):
            l.pick(
                en: "the service at \(endpoint) closed the connection before it replied, and no new connection was made within \(seconds) s; is it running?",
                de: "der Dienst unter \(endpoint) hat die Verbindung geschlossen, bevor er antwortete, und innerhalb von \(seconds) s kam keine neue zustande; läuft er?",
                fr: "le service à \(endpoint) a fermé la connexion avant de répondre, et aucune nouvelle connexion n’a été établie en \(seconds) s ; tourne-t-il ?")
        case .keyRefused:
            l.pick(
                en: "the service refused this key (not on its allow-list)", de: "der Dienst hat diesen Schlüssel abgelehnt (nicht auf seiner Zulassungsliste)",
                fr: "le service a refusé cette clé (absente de sa liste d’autorisation)")
        case .handshakeClosed(let times):
            l.pick(
                en: """
                    the service closed the connection during the CURVE handshake \(String(times)) times in a row: check the \
                    service's publicKey in the client config (and that it does not run --insecure)
                    """,
                de: """
                    der Dienst hat die Verbindung \(String(times)) Mal nacheinander während des CURVE-Handshakes geschlossen: den \
                    publicKey des Dienstes in der Client-Konfiguration prüfen (und dass er nicht mit --insecure läuft)
                    """,
                fr: """
                    le service a fermé la connexion pendant la poignée de main CURVE \(String(times)) fois de suite : vérifiez la \
                    publicKey du service dans la configuration du client (et qu’il ne tourne pas avec --insecure)
                    """)
        case .serviceInsecure:
            l.pick(
                en: "the service does not use CURVE (it runs --insecure), but this client has a key",
                de: "der Dienst verwendet kein CURVE (er läuft mit --insecure), aber dieser Client hat einen Schlüssel",
                fr: "le service n’utilise pas CURVE (il tourne avec --insecure), mais ce client a une clé")
        case .serviceRequiresCurve:
            l.pick(
                en: "the service requires CURVE: this client has no key (set clientKey and the service's publicKey in the client config)",
                de: "der Dienst verlangt CURVE: dieser Client hat keinen Schlüssel (clientKey und den publicKey des Dienstes in der Client-Konfiguration setzen)",
                fr: "le service exige CURVE : ce client n’a pas de clé (définissez clientKey et la publicKey du service dans la configuration du client)")
        case .fileUnreadable(let path, let error?):
            l.pick(
                en: "names a file that cannot be read: \(path) (\(error))", de: "nennt eine nicht lesbare Datei: \(path) (\(error))",
                fr: "désigne un fichier illisible : \(path) (\(error))")
        case .fileUnreadable(let path, nil):
            l.pick(en: "names a file that cannot be read: \(path)", de: "nennt eine nicht lesbare Datei: \(path)", fr: "désigne un fichier illisible : \(path)")
        case .secretKeyMode(let path, let mode):
            l.pick(
                en: "names the secret key file \(path) with mode \(mode); it must be 0600 or stricter (chmod 600 \(path))",
                de: "nennt die geheime Schlüsseldatei \(path) mit Modus \(mode); er muss 0600 oder strenger sein (chmod 600 \(path))",
                fr: "désigne le fichier de clé secrète \(path) en mode \(mode) ; il doit être 0600 ou plus strict (chmod 600 \(path))")
        case .notASecretKey(let path):
            l.pick(
                en: "names \(path), which does not hold a 40-character Z85 secret key",
                de: "nennt \(path), das keinen geheimen Z85-Schlüssel aus 40 Zeichen enthält",
                fr: "désigne \(path), qui ne contient pas de clé secrète Z85 de 40 caractères")
        case .allowListUnreadable(let path, let error):
            l.pick(en: "cannot be read (\(path)): \(error)", de: "ist nicht lesbar (\(path)): \(error)", fr: "est illisible (\(path)) : \(error)")
        case .allowListTooLarge(let path):
            l.pick(en: "is larger than 4 MiB (\(path))", de: "ist größer als 4 MiB (\(path))", fr: "dépasse 4 Mio (\(path))")
        case .allowListInvalid(let path, let detail):
            l.pick(
                en: "is not a valid allow-list (\(path)): expected \("{\"clients\":[{\"publicKey\":…,\"principal\":…}]}"): \(detail)",
                de: "ist keine gültige Zulassungsliste (\(path)): erwartet \("{\"clients\":[{\"publicKey\":…,\"principal\":…}]}"): \(detail)",
                fr: "n’est pas une liste d’autorisation valide (\(path)) : attendu \("{\"clients\":[{\"publicKey\":…,\"principal\":…}]}") : \(detail)")
        case .allowListTooMany(let path, let max):
            l.pick(
                en: "has more than \(String(max)) entries (\(path))", de: "hat mehr als \(String(max)) Einträge (\(path))",
                fr: "a plus de \(String(max)) entrées (\(path))")
        case .allowListBadKey(let path, let entry):
            l.pick(
                en: "entry \(String(entry)): publicKey must be a 40-character Z85 key (\(path))",
                de: "Eintrag \(String(entry)): publicKey muss ein Z85-Schlüssel aus 40 Zeichen sein (\(path))",
                fr: "entrée \(String(entry)) : publicKey doit être une clé Z85 de 40 caractères (\(path))")
        case .allowListBadPrincipal(let path, let entry, let got):
            l.pick(
                en: "entry \(String(entry)): principal must be \("user:<id>"), \("service:<name>") or \("admin"), got '\(got)' (\(path))",
                de: "Eintrag \(String(entry)): principal muss \("user:<id>"), \("service:<name>") oder \("admin") sein, war '\(got)' (\(path))",
                fr: "entrée \(String(entry)) : principal doit être \("user:<id>"), \("service:<name>") ou \("admin"), reçu '\(got)' (\(path))")
        case .other(let text): .verbatim(text)
        case .configKey(let key, let message):
            l.pick(en: "configuration key '\(key)' \(message)", de: "Konfigurationsschlüssel '\(key)' \(message)", fr: "clé de configuration '\(key)' \(message)")
        }
    }

    /// The message the client library wrote as this English, nil for any other text (a
    /// service's own words).
    public init?(clientMessage message: String) {
        let english = Localizer(.en)
        for fixed in [ClientText.clientClosed, .keyRefused, .serviceInsecure, .serviceRequiresCurve] where english(fixed) == message {
            self = fixed
            return
        }
        if let rest = Self.between(message, "could not connect to ", " s; is the service running?"),
           let split = rest.range(of: " within ", options: .backwards) {
            self = .connectTimeout(endpoint: String(rest[..<split.lowerBound]), seconds: String(rest[split.upperBound...]))
        } else if let rest = Self.between(message, "no reply from ", " attempt(s); is the service running?"),
                  let split = rest.range(of: " after ", options: .backwards), let attempts = Int(rest[split.upperBound...]) {
            self = .noReply(endpoint: String(rest[..<split.lowerBound]), attempts: attempts)
        } else if let endpoint = Self.between(message, "the service at ", " closed the connection before it replied") {
            let seconds = Self.between(message, "the service at \(endpoint) closed the connection before it replied, and no new connection was made within ", " s; is it running?")
            guard message == english(ClientText.connectionClosed(endpoint: endpoint, seconds: seconds)) else { return nil }
            self = .connectionClosed(endpoint: endpoint, seconds: seconds)
        } else if let rest = Self.between(message, "the service closed the connection during the CURVE handshake ", " times in a row"),
                  let times = Int(rest), message == english(ClientText.handshakeClosed(times: times)) {
            self = .handshakeClosed(times: times)
        } else if let rest = Self.between(message, "a request with id ", " is already in flight") {
            self = .requestInFlight(id: rest)
        } else if message.hasPrefix("reply to "), let split = message.range(of: " could not be read: ") {
            self = .replyUnreadable(type: String(message[message.index(message.startIndex, offsetBy: 9)..<split.lowerBound]), detail: String(message[split.upperBound...]))
        } else {
            return nil
        }
    }

    /// The text between `prefix` and `suffix` (the start of `suffix`'s first occurrence after the prefix).
    private static func between(_ message: String, _ prefix: String, _ suffix: String) -> String? {
        guard message.hasPrefix(prefix), let end = message.range(of: suffix, range: message.index(message.startIndex, offsetBy: prefix.count)..<message.endIndex)
        else { return nil }
        return String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end.lowerBound])
    }
}
