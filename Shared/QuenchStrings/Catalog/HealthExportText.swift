/// The Apple Health export parser's diagnostics (Shared/HealthImport's `AppleHealthParser`):
/// why a file is refused before an import, why a parse stopped, why records were skipped.
///
/// The parser keeps these cases as the structure of its errors (`AppleHealthImportError.kind`)
/// and renders English for `reason`/`description` (services, `--json`, logs); the CLI renders
/// them in the user's language. Element and attribute names (`<HealthData>`, `startDate`),
/// file and zip entry names and limits stay as written in every language. Byte offsets,
/// line numbers and limits are written without grouping, as the English always was.
public enum HealthExportText: LocalizedMessage, Hashable {
    // MARK: Refused before an import (what the input is, what to pass instead)

    case noSuchPath(String)
    case gzip(name: String)
    case clinicalDocument(name: String)
    /// `name` is no export; `why` says what it is instead (``notXML``, ``otherRoot(_:)``, …).
    indirect case notAnExportFile(name: String, why: HealthExportText)
    case folderWithoutExport(String)

    // MARK: Why an input is not a Health export

    indirect case notAnExport(HealthExportText)
    case noRootBefore(byte: Int64)
    case noMarkup
    case notXML
    case otherRoot(String)
    /// A zip without a Health export: `tried` lists its entries and why each was not one
    /// (``triedEntry(_:_:)`` joined by "; "), or ``noEntries``.
    indirect case zipWithoutExport(tried: [HealthExportText])
    indirect case triedEntry(String, HealthExportText)
    case noEntries

    // MARK: Why a parse stopped

    case truncatedInDTD
    case truncatedInComment
    case truncatedInMarkup(endsAt: Int64)
    case rootNotClosed
    case endTagWithoutStart
    case openBracketWithoutName
    case slashInTag
    case attributeWithoutValue
    case attributeNotQuoted
    case nestedTooDeep(max: Int)
    case elementTooLong(max: Int)
    case zipEntryWithoutSize(entry: String)
    case zipEntryCorrupt(entry: String, detail: String)
    case zipEntryCompression(entry: String, method: Int)
    case zipEntryTruncated(entry: String)
    case zipBombDeclaredSize(entry: String, declared: Int64, limit: Int64)
    case zipBombDeclaredRatio(entry: String, ratio: Int, limit: Int)
    case zipBombInflatedSize(entry: String, limit: Int64)
    case zipBombInflatedRatio(entry: String, limit: Int)
    indirect case inZipEntry(HealthExportText, entry: String)
    case zlibUnavailable
    case zipFromBytes
    case cannotOpen(path: String, SystemErrorText)
    case cannotRead(path: String, SystemErrorText)
    /// The export generator (benchmarks, tests) could not create or write its output.
    case cannotCreate(path: String, SystemErrorText)
    case cannotWrite(path: String, SystemErrorText)
    /// A reason with where it happened.
    indirect case at(HealthExportText, byte: Int64, line: Int?)

    // MARK: Records skipped (the keys of the import's skip counts)

    case missingAttribute(String)
    case badNumber(String)
    case badDate(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .noSuchPath(let path):
            l.pick(
                en: "cannot open \(path): no such file or folder", de: "\(path) nicht zu öffnen: keine solche Datei und kein solcher Ordner",
                fr: "impossible d’ouvrir \(path) : aucun fichier ni dossier de ce nom")
        case .gzip(let name):
            l.pick(
                en: """
                    \(name) is gzip-compressed; Quench reads the export.zip the Health app shares, or the \
                    export.xml inside it: run `gunzip \(name)` and pass the file it gives
                    """,
                de: """
                    \(name) ist gzip-komprimiert; Quench liest die export.zip, die die Health-App teilt, oder die \
                    export.xml darin: `gunzip \(name)` ausführen und die entstandene Datei angeben
                    """,
                fr: """
                    \(name) est compressé avec gzip ; Quench lit l’export.zip que partage l’app Santé, ou \
                    l’export.xml qu’il contient : lancez `gunzip \(name)` et passez le fichier obtenu
                    """)
        case .clinicalDocument(let name):
            l.pick(
                en: """
                    \(name) is the export's clinical document (export_cda.xml, an HL7 CDA file), which \
                    holds no Health records; pass the export.xml beside it, or the whole export.zip
                    """,
                de: """
                    \(name) ist das klinische Dokument des Exports (export_cda.xml, eine HL7-CDA-Datei) und \
                    enthält keine Health-Einträge; die export.xml daneben oder die ganze export.zip angeben
                    """,
                fr: """
                    \(name) est le document clinique de l’export (export_cda.xml, un fichier HL7 CDA), qui \
                    ne contient aucun enregistrement Santé ; passez l’export.xml à côté, ou tout l’export.zip
                    """)
        case .notAnExportFile(let name, let why):
            l.pick(
                en: """
                    \(name) is not an Apple Health export (\(why)); pass the export.zip the Health app \
                    shares (Profile → Export All Health Data), or the export.xml inside it
                    """,
                de: """
                    \(name) ist kein Apple-Health-Export (\(why)); die export.zip angeben, die die Health-App \
                    teilt (Profil → Alle Health-Daten exportieren), oder die export.xml darin
                    """,
                fr: """
                    \(name) n’est pas un export Apple Santé (\(why)) ; passez l’export.zip que partage l’app \
                    Santé (Profil → Exporter toutes les données de santé), ou l’export.xml qu’il contient
                    """)
        case .folderWithoutExport(let folder):
            l.pick(
                en: """
                    \(folder) is a folder without an Apple Health export.xml; pass the export.zip the Health \
                    app shares, or the export.xml inside its apple_health_export folder
                    """,
                de: """
                    \(folder) ist ein Ordner ohne export.xml von Apple Health; die export.zip angeben, die die \
                    Health-App teilt, oder die export.xml in ihrem Ordner apple_health_export
                    """,
                fr: """
                    \(folder) est un dossier sans export.xml d’Apple Santé ; passez l’export.zip que partage \
                    l’app Santé, ou l’export.xml de son dossier apple_health_export
                    """)
        case .notAnExport(let why):
            l.pick(en: "not an Apple Health export: \(why)", de: "kein Apple-Health-Export: \(why)", fr: "pas un export Apple Santé : \(why)")
        case .noRootBefore(let byte):
            l.pick(
                en: "input ended before a <HealthData> root element (at byte \(String(byte)))",
                de: "die Eingabe endete vor einem Wurzelelement <HealthData> (bei Byte \(String(byte)))",
                fr: "l’entrée s’est terminée avant un élément racine <HealthData> (à l’octet \(String(byte)))")
        case .noMarkup: l.pick(en: "no XML markup found", de: "kein XML-Markup gefunden", fr: "aucun balisage XML trouvé")
        case .notXML: l.pick(en: "the input is not XML", de: "die Eingabe ist kein XML", fr: "l’entrée n’est pas du XML")
        case .otherRoot(let name):
            l.pick(
                en: "the root element is <\(name)>, not <HealthData>", de: "das Wurzelelement ist <\(name)>, nicht <HealthData>",
                fr: "l’élément racine est <\(name)>, pas <HealthData>")
        case .zipWithoutExport(let tried):
            l.pick(
                en: "the zip holds no XML with a <HealthData> root (\(Self.joined(tried)))",
                de: "das Zip enthält kein XML mit der Wurzel <HealthData> (\(Self.joined(tried)))",
                fr: "le zip ne contient aucun XML de racine <HealthData> (\(Self.joined(tried)))")
        case .triedEntry(let entry, let why): l.pick(en: "\(entry): \(why)", de: "\(entry): \(why)", fr: "\(entry) : \(why)")
        case .noEntries: l.pick(en: "no entries", de: "keine Einträge", fr: "aucune entrée")
        case .truncatedInDTD:
            l.pick(
                en: "unexpected end of input inside the DTD; the file looks truncated",
                de: "unerwartetes Ende der Eingabe in der DTD; die Datei scheint abgeschnitten",
                fr: "fin inattendue de l’entrée dans la DTD ; le fichier semble tronqué")
        case .truncatedInComment:
            l.pick(
                en: "unexpected end of input inside a comment or CDATA section; the file looks truncated",
                de: "unerwartetes Ende der Eingabe in einem Kommentar oder CDATA-Abschnitt; die Datei scheint abgeschnitten",
                fr: "fin inattendue de l’entrée dans un commentaire ou une section CDATA ; le fichier semble tronqué")
        case .truncatedInMarkup(let end):
            l.pick(
                en: "unexpected end of input inside markup starting here (input ends at byte \(String(end))); the file looks truncated",
                de: "unerwartetes Ende der Eingabe in hier beginnendem Markup (die Eingabe endet bei Byte \(String(end))); die Datei scheint abgeschnitten",
                fr: "fin inattendue de l’entrée dans un balisage commençant ici (l’entrée finit à l’octet \(String(end))) ; le fichier semble tronqué")
        case .rootNotClosed:
            l.pick(
                en: "unexpected end of input: <HealthData> was never closed; the file looks truncated",
                de: "unerwartetes Ende der Eingabe: <HealthData> wurde nie geschlossen; die Datei scheint abgeschnitten",
                fr: "fin inattendue de l’entrée : <HealthData> n’a jamais été fermé ; le fichier semble tronqué")
        case .endTagWithoutStart:
            l.pick(
                en: "malformed XML: end tag without a start tag", de: "fehlerhaftes XML: End-Tag ohne Start-Tag",
                fr: "XML mal formé : balise de fin sans balise de début")
        case .openBracketWithoutName:
            l.pick(
                en: "malformed XML: '<' not followed by a name", de: "fehlerhaftes XML: auf '<' folgt kein Name",
                fr: "XML mal formé : '<' n’est pas suivi d’un nom")
        case .slashInTag:
            l.pick(en: "malformed XML: '/' inside a tag", de: "fehlerhaftes XML: '/' in einem Tag", fr: "XML mal formé : '/' dans une balise")
        case .attributeWithoutValue:
            l.pick(
                en: "malformed XML: attribute without '=' value", de: "fehlerhaftes XML: Attribut ohne '='-Wert",
                fr: "XML mal formé : attribut sans valeur '='")
        case .attributeNotQuoted:
            l.pick(
                en: "malformed XML: attribute value not quoted", de: "fehlerhaftes XML: Attributwert nicht in Anführungszeichen",
                fr: "XML mal formé : valeur d’attribut sans guillemets")
        case .nestedTooDeep(let max):
            l.pick(
                en: "elements nested deeper than \(String(max))", de: "Elemente tiefer verschachtelt als \(String(max))",
                fr: "éléments imbriqués sur plus de \(String(max)) niveaux")
        case .elementTooLong(let max):
            l.pick(
                en: "an element is longer than maxElementBytes (\(String(max)))", de: "ein Element ist länger als maxElementBytes (\(String(max)))",
                fr: "un élément dépasse maxElementBytes (\(String(max)))")
        case .zipEntryWithoutSize(let entry):
            l.pick(
                en: "zip entry '\(entry)' is stored without a known size", de: "Zip-Eintrag '\(entry)' ist ohne bekannte Größe gespeichert",
                fr: "l’entrée zip '\(entry)' est stockée sans taille connue")
        case .zipEntryCorrupt(let entry, let detail):
            l.pick(
                en: "zip entry '\(entry)' has corrupt compressed data (\(detail))", de: "Zip-Eintrag '\(entry)' hat beschädigte komprimierte Daten (\(detail))",
                fr: "l’entrée zip '\(entry)' a des données compressées corrompues (\(detail))")
        case .zipEntryCompression(let entry, let method):
            l.pick(
                en: "zip entry '\(entry)' uses unsupported compression method \(String(method))",
                de: "Zip-Eintrag '\(entry)' verwendet die nicht unterstützte Kompressionsmethode \(String(method))",
                fr: "l’entrée zip '\(entry)' utilise la méthode de compression non prise en charge \(String(method))")
        case .zipEntryTruncated(let entry):
            l.pick(
                en: "zip entry '\(entry)' ends early: the archive looks truncated", de: "Zip-Eintrag '\(entry)' endet zu früh: das Archiv scheint abgeschnitten",
                fr: "l’entrée zip '\(entry)' s’arrête trop tôt : l’archive semble tronquée")
        case .zipBombDeclaredSize(let entry, let declared, let limit):
            l.pick(
                en: "refusing zip entry '\(entry)': it declares \(String(declared)) uncompressed bytes, over the limit of \(String(limit)) (zip bomb?)",
                de: "Zip-Eintrag '\(entry)' abgelehnt: er gibt \(String(declared)) unkomprimierte Bytes an, über der Grenze von \(String(limit)) (Zip-Bombe?)",
                fr: "entrée zip '\(entry)' refusée : elle annonce \(String(declared)) octets décompressés, au-delà de la limite de \(String(limit)) (bombe zip ?)")
        case .zipBombDeclaredRatio(let entry, let ratio, let limit):
            l.pick(
                en: "refusing zip entry '\(entry)': it declares a compression ratio of \(String(ratio)), over the limit of \(String(limit)) (zip bomb?)",
                de: "Zip-Eintrag '\(entry)' abgelehnt: er gibt ein Kompressionsverhältnis von \(String(ratio)) an, über der Grenze von \(String(limit)) (Zip-Bombe?)",
                fr: "entrée zip '\(entry)' refusée : elle annonce un taux de compression de \(String(ratio)), au-delà de la limite de \(String(limit)) (bombe zip ?)")
        case .zipBombInflatedSize(let entry, let limit):
            l.pick(
                en: "refusing zip entry '\(entry)': it inflates past the limit of \(String(limit)) bytes (zip bomb?)",
                de: "Zip-Eintrag '\(entry)' abgelehnt: er entpackt sich über die Grenze von \(String(limit)) Bytes hinaus (Zip-Bombe?)",
                fr: "entrée zip '\(entry)' refusée : elle se décompresse au-delà de la limite de \(String(limit)) octets (bombe zip ?)")
        case .zipBombInflatedRatio(let entry, let limit):
            l.pick(
                en: "refusing zip entry '\(entry)': it inflates more than \(String(limit)) times its compressed size (zip bomb?)",
                de: "Zip-Eintrag '\(entry)' abgelehnt: er entpackt sich auf mehr als das \(String(limit))-Fache seiner komprimierten Größe (Zip-Bombe?)",
                fr: "entrée zip '\(entry)' refusée : elle se décompresse à plus de \(String(limit)) fois sa taille compressée (bombe zip ?)")
        case .inZipEntry(let reason, let entry):
            l.pick(en: "\(reason) (in zip entry '\(entry)')", de: "\(reason) (im Zip-Eintrag '\(entry)')", fr: "\(reason) (dans l’entrée zip '\(entry)')")
        case .zlibUnavailable: l.pick(en: "cannot initialise zlib", de: "zlib lässt sich nicht initialisieren", fr: "impossible d’initialiser zlib")
        case .zipFromBytes:
            l.pick(
                en: "zip archives must be parsed from a file with parse(path:)", de: "Zip-Archive müssen aus einer Datei mit parse(path:) gelesen werden",
                fr: "les archives zip doivent être lues depuis un fichier avec parse(path:)")
        case .cannotOpen(let path, let error):
            l.pick(en: "cannot open \(path): \(error)", de: "\(path) nicht zu öffnen: \(error)", fr: "impossible d’ouvrir \(path) : \(error)")
        case .cannotRead(let path, let error):
            l.pick(en: "cannot read \(path): \(error)", de: "\(path) nicht lesbar: \(error)", fr: "impossible de lire \(path) : \(error)")
        case .cannotCreate(let path, let error):
            l.pick(en: "cannot create \(path): \(error)", de: "\(path) lässt sich nicht anlegen: \(error)", fr: "impossible de créer \(path) : \(error)")
        case .cannotWrite(let path, let error):
            l.pick(en: "cannot write \(path): \(error)", de: "\(path) lässt sich nicht schreiben: \(error)", fr: "impossible d’écrire \(path) : \(error)")
        case .at(let reason, let byte, let line?):
            l.pick(
                en: "\(reason) (at byte \(String(byte)), line \(String(line)))", de: "\(reason) (bei Byte \(String(byte)), Zeile \(String(line)))",
                fr: "\(reason) (à l’octet \(String(byte)), ligne \(String(line)))")
        case .at(let reason, let byte, nil):
            l.pick(en: "\(reason) (at byte \(String(byte)))", de: "\(reason) (bei Byte \(String(byte)))", fr: "\(reason) (à l’octet \(String(byte)))")
        case .missingAttribute(let name):
            l.pick(en: "missing attribute: \(name)", de: "fehlendes Attribut: \(name)", fr: "attribut manquant : \(name)")
        case .badNumber(let name): l.pick(en: "bad number: \(name)", de: "ungültige Zahl: \(name)", fr: "nombre invalide : \(name)")
        case .badDate(let name): l.pick(en: "bad date: \(name)", de: "ungültiges Datum: \(name)", fr: "date invalide : \(name)")
        }
    }

    /// The tried entries, "; " between them.
    static func joined(_ parts: [HealthExportText]) -> Localized {
        var result = Localized(parts: [])
        for (index, part) in parts.enumerated() {
            if index > 0 { result.parts.append(.text("; ")) }
            result.parts.append(.nested(part))
        }
        return result
    }

    /// The skip reason of a record the parser could not read, from its key (`bad date: startDate`:
    /// the keys the import's skip counts carry); nil for another key.
    public init?(skipReason key: String) {
        for (prefix, make) in [("missing attribute: ", Self.missingAttribute), ("bad number: ", Self.badNumber), ("bad date: ", Self.badDate)]
        where key.hasPrefix(prefix) {
            self = make(String(key.dropFirst(prefix.count)))
            return
        }
        return nil
    }
}
