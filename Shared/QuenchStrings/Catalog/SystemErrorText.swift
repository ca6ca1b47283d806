import Foundation

/// A system error (an `errno`, a Foundation file error) in the user's language: the common
/// POSIX codes have their own message; any other code shows the system's own text (its
/// `strerror`, English) as it is. English is the C library's wording for every code.
public struct SystemErrorText: LocalizedMessage, Hashable {
    /// The POSIX error number, when known.
    public var code: Int32?
    /// The system's own text (`strerror`, or Foundation's description), shown for codes without a message.
    public var detail: String

    /// The error of `code` (an `errno`).
    public init(errno code: Int32) {
        self.code = code
        detail = String(cString: strerror(code))
    }

    /// A text without a code (the system's words, shown as they are).
    public init(detail: String) {
        code = nil
        self.detail = detail
    }

    /// The POSIX code inside a Foundation or NIO error when there is one (an `NSPOSIXErrorDomain`
    /// error, a `CocoaError` with its underlying POSIX error or a file code), else its description.
    public init(_ error: any Error) {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(ns.code))
        } else if let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }), underlying.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(underlying.code))
        } else if ns.domain == NSCocoaErrorDomain, let code = Self.cocoaCodes[ns.code] {
            self.init(errno: code)
        } else if let posix = error as? POSIXError {
            self.init(errno: posix.code.rawValue)
        } else {
            self.init(detail: ns.localizedDescription)
        }
    }

    /// Foundation's file error codes without an underlying POSIX error.
    static let cocoaCodes: [Int: Int32] = [
        CocoaError.fileNoSuchFile.rawValue: ENOENT, CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
        CocoaError.fileReadNoPermission.rawValue: EACCES, CocoaError.fileWriteNoPermission.rawValue: EACCES,
        CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC, CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
        CocoaError.fileWriteFileExists.rawValue: EEXIST,
    ]

    /// The codes with a message of their own (the rest show the system's text).
    public static let translatedCodes: [Int32] = [
        ENOENT, EACCES, EPERM, EISDIR, ENOTDIR, EEXIST, ENOSPC, EROFS, ENAMETOOLONG, ELOOP, EIO, EMFILE, ENOTEMPTY,
        ECONNREFUSED, ECONNRESET, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EADDRINUSE, EPIPE,
    ]

    public func text(_ l: Language) -> Localized {
        switch code ?? -1 {
        case ENOENT: l.pick(en: "No such file or directory", de: "Datei oder Verzeichnis nicht gefunden", fr: "Fichier ou dossier introuvable")
        case EACCES: l.pick(en: "Permission denied", de: "Zugriff verweigert", fr: "Permission refusée")
        case EPERM: l.pick(en: "Operation not permitted", de: "Vorgang nicht erlaubt", fr: "Opération non permise")
        case EISDIR: l.pick(en: "Is a directory", de: "Ist ein Verzeichnis", fr: "Est un dossier")
        case ENOTDIR: l.pick(en: "Not a directory", de: "Ist kein Verzeichnis", fr: "N’est pas un dossier")
        case EEXIST: l.pick(en: "File exists", de: "Datei existiert bereits", fr: "Le fichier existe déjà")
        case ENOSPC: l.pick(en: "No space left on device", de: "Kein Platz mehr auf dem Gerät", fr: "Plus de place sur le périphérique")
        case EROFS: l.pick(en: "Read-only file system", de: "Dateisystem nur lesbar", fr: "Système de fichiers en lecture seule")
        case ENAMETOOLONG: l.pick(en: "File name too long", de: "Dateiname zu lang", fr: "Nom de fichier trop long")
        case ELOOP: l.pick(en: "Too many levels of symbolic links", de: "Zu viele Ebenen symbolischer Links", fr: "Trop de niveaux de liens symboliques")
        case EIO: l.pick(en: "Input/output error", de: "Ein-/Ausgabefehler", fr: "Erreur d’entrée/sortie")
        case EMFILE: l.pick(en: "Too many open files", de: "Zu viele offene Dateien", fr: "Trop de fichiers ouverts")
        case ENOTEMPTY: l.pick(en: "Directory not empty", de: "Verzeichnis nicht leer", fr: "Dossier non vide")
        case ECONNREFUSED: l.pick(en: "Connection refused", de: "Verbindung abgelehnt", fr: "Connexion refusée")
        case ECONNRESET: l.pick(en: "Connection reset by peer", de: "Verbindung von der Gegenseite zurückgesetzt", fr: "Connexion réinitialisée par le correspondant")
        case ETIMEDOUT: l.pick(en: "Connection timed out", de: "Zeitüberschreitung der Verbindung", fr: "Délai de connexion dépassé")
        case EHOSTUNREACH: l.pick(en: "No route to host", de: "Keine Route zum Zielrechner", fr: "Aucune route vers l’hôte")
        case ENETUNREACH: l.pick(en: "Network is unreachable", de: "Netzwerk nicht erreichbar", fr: "Réseau inaccessible")
        case EADDRINUSE: l.pick(en: "Address already in use", de: "Adresse wird bereits verwendet", fr: "Adresse déjà utilisée")
        case EPIPE: l.pick(en: "Broken pipe", de: "Unterbrochene Verbindung (broken pipe)", fr: "Tube cassé (broken pipe)")
        default: .verbatim(detail)
        }
    }
}
