/// `quench import apple-health`, `import workouts`, `imports`.
public enum ImportText: LocalizedMessage {
    case importing
    case progressRecords(Int)
    case parseStoppedNothing(path: String, error: String)
    case parseStoppedPartly(path: String, error: String)
    case unreadable(path: String, total: Int, reasons: String)
    case cannotRead(path: String)
    case pathError(path: String, error: String)
    /// Apple Health.
    case importedRecords(imported: String, seen: Int, duplicates: Int, skipped: Int)
    case imported(String)
    case typeHeaders
    case skippedHeaders
    /// The same table for a Health Auto Export payload, whose items are points.
    case skippedPointsHeaders
    case skippedNoConsent(count: Int, consent: String)
    case grantThenImport(consent: String)
    case correlationsIgnored(Int)
    case alsoInFile(String)
    case stoppedEarly(String)
    /// Workout logs.
    case strictBadLines(bad: Int, path: String)
    case noWorkoutSets(path: String)
    /// A workout log that grew between the check and the upload.
    case fileChanged
    case noneImportable(path: String, lines: Int)
    case nothingImportedStrict(bad: Int, lines: Int)
    case nothingImportedNoSets(format: String)
    case nothingImportedAllBad(lines: Int, format: String)
    case importedSets(imported: String, lines: Int, format: String, duplicates: Int, bad: Int)
    case skippedCount(Int)
    case asJob(String)
    case warmups(Int)
    case withoutReps(Int)
    case defaultUnit(String)
    case problemLines(count: Int, problem: String, lines: String, example: String, lineCount: Int)
    case otherProblems(Int)
    /// Why records were skipped, as the service keys it (`no-consent`, …); other keys as they are.
    case skipReason(String)
    /// `quench imports`.
    case noImports
    case importsHeaders
    case undoneStatus(removed: Int)
    /// A job's status as the service names it.
    case status(String)
    case undid(job: String, kind: String, file: String, removed: Int)
    case noFileName
    case limitRange(max: Int, got: Int)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .importing: l.pick(en: "Importing", de: "Import", fr: "Import")
        case .progressRecords(let count):
            l.plural(count, en: Plural(one: "\(count) record", other: "\(count) records"), de: Plural(one: "\(count) Eintrag", other: "\(count) Einträge"),
                     fr: Plural(one: "\(count) enregistrement", other: "\(count) enregistrements"))
        case .parseStoppedNothing(let path, let error):
            l.pick(en: "\(path): \(error) — nothing was imported", de: "\(path): \(error) — nichts importiert", fr: "\(path) : \(error) — rien n’a été importé")
        case .parseStoppedPartly(let path, let error):
            l.pick(
                en: "\(path): \(error) — what was read before stays imported; fix the file and run the import again to complete it",
                de: "\(path): \(error) — was davor gelesen wurde, bleibt importiert; die Datei berichtigen und den Import wiederholen, um ihn abzuschließen",
                fr: "\(path) : \(error) — ce qui a été lu avant reste importé ; corrigez le fichier et relancez l’import pour le terminer")
        case .unreadable(let path, let total, let reasons):
            l.plural(
                total,
                en: Plural(
                    one: "\(path): \(total) record of an imported type could not be read (\(reasons)); the rest was imported",
                    other: "\(path): \(total) records of imported types could not be read (\(reasons)); the rest was imported"),
                de: Plural(
                    one: "\(path): \(total) Eintrag einer importierten Art war nicht lesbar (\(reasons)); der Rest wurde importiert",
                    other: "\(path): \(total) Einträge importierter Arten waren nicht lesbar (\(reasons)); der Rest wurde importiert"),
                fr: Plural(
                    one: "\(path) : \(total) enregistrement d’un type importé était illisible (\(reasons)) ; le reste a été importé",
                    other: "\(path) : \(total) enregistrements de types importés étaient illisibles (\(reasons)) ; le reste a été importé"))
        case .cannotRead(let path):
            l.pick(
                en: "cannot read \(path): no such file or not readable", de: "\(path) nicht lesbar: keine solche Datei oder kein Lesezugriff",
                fr: "impossible de lire \(path) : fichier absent ou illisible")
        case .pathError(let path, let error): l.pick(en: "\(path): \(error)", de: "\(path): \(error)", fr: "\(path) : \(error)")
        case .importedRecords(let imported, let seen, let duplicates, let skipped):
            l.plural(
                seen,
                en: Plural(
                    one: "\(imported) of \(seen) record (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))",
                    other: "\(imported) of \(seen) records (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))"),
                de: Plural(
                    one: "\(imported) von \(seen) Eintrag (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))",
                    other: "\(imported) von \(seen) Einträgen (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))"),
                fr: Plural(
                    one: "\(imported) sur \(seen) enregistrement (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))",
                    other: "\(imported) sur \(seen) enregistrements (\(CommonText.duplicates(duplicates)), \(CommonText.skipped(skipped)))"))
        case .imported(let count): l.pick(en: "Imported \(count)", de: "Importiert: \(count)", fr: "Importés : \(count)")
        case .typeHeaders: l.pick(en: "TYPE|IMPORTED|DUPLICATES", de: "ART|IMPORTIERT|DOPPELT", fr: "TYPE|IMPORTÉS|DOUBLONS")
        case .skippedHeaders: l.pick(en: "SKIPPED BECAUSE|RECORDS", de: "ÜBERSPRUNGEN WEIL|EINTRÄGE", fr: "IGNORÉS CAR|ENREGISTREMENTS")
        case .skippedPointsHeaders: l.pick(en: "SKIPPED BECAUSE|POINTS", de: "ÜBERSPRUNGEN WEIL|PUNKTE", fr: "IGNORÉS CAR|POINTS")
        case .skippedNoConsent(let count, let consent):
            l.plural(
                count,
                en: Plural(one: "\(count) \(consent) record skipped: no consent", other: "\(count) \(consent) records skipped: no consent"),
                de: Plural(one: "\(count) Eintrag \(consent) übersprungen: keine Einwilligung", other: "\(count) Einträge \(consent) übersprungen: keine Einwilligung"),
                fr: Plural(one: "\(count) enregistrement \(consent) ignoré : pas de consentement", other: "\(count) enregistrements \(consent) ignorés : pas de consentement"))
        case .grantThenImport(let consent):
            l.pick(
                en: " (quench consent grant \(consent), then import again)", de: " (quench consent grant \(consent), dann erneut importieren)",
                fr: " (quench consent grant \(consent), puis importez à nouveau)")
        case .correlationsIgnored(let count):
            l.plural(
                count,
                en: Plural(one: "\(count) record inside a correlation (e.g. blood pressure) ignored", other: "\(count) records inside correlations (e.g. blood pressure) ignored"),
                de: Plural(one: "\(count) Eintrag in einer Korrelation (z. B. Blutdruck) nicht berücksichtigt", other: "\(count) Einträge in Korrelationen (z. B. Blutdruck) nicht berücksichtigt"),
                fr: Plural(
                    one: "\(count) enregistrement dans une corrélation (p. ex. tension artérielle) ignoré",
                    other: "\(count) enregistrements dans des corrélations (p. ex. tension artérielle) ignorés"))
        case .alsoInFile(let list):
            l.pick(en: "Also in the file, not imported: \(list)", de: "Außerdem in der Datei, nicht importiert: \(list)", fr: "Aussi dans le fichier, non importés : \(list)")
        case .stoppedEarly(let error): l.pick(en: "Stopped early: \(error)", de: "Vorzeitig beendet: \(error)", fr: "Arrêt prématuré : \(error)")
        case .strictBadLines(let bad, let path):
            l.plural(
                bad,
                en: Plural(one: "\(bad) bad line in \(path); nothing imported (--strict)", other: "\(bad) bad lines in \(path); nothing imported (--strict)"),
                de: Plural(one: "\(bad) fehlerhafte Zeile in \(path); nichts importiert (--strict)", other: "\(bad) fehlerhafte Zeilen in \(path); nichts importiert (--strict)"),
                fr: Plural(one: "\(bad) ligne erronée dans \(path) ; rien importé (--strict)", other: "\(bad) lignes erronées dans \(path) ; rien importé (--strict)"))
        case .fileChanged:
            l.pick(
                en: "the file changed while it was being imported (it holds more lines than when it was checked)",
                de: "die Datei hat sich während des Imports geändert (sie enthält mehr Zeilen als bei der Prüfung)",
                fr: "le fichier a changé pendant l’import (il contient plus de lignes que lors de la vérification)")
        case .noWorkoutSets(let path):
            l.pick(
                en: "\(path): no workout sets in it; nothing imported", de: "\(path): keine Trainingssätze darin; nichts importiert",
                fr: "\(path) : aucune série d’entraînement ; rien importé")
        case .noneImportable(let path, let lines):
            l.pick(
                en: "\(path): none of its \(lines) lines is importable; nothing imported",
                de: "\(path): keine seiner \(lines) Zeilen ist importierbar; nichts importiert",
                fr: "\(path) : aucune de ses \(lines) lignes n’est importable ; rien importé")
        case .nothingImportedStrict(let bad, let lines):
            l.plural(
                bad,
                en: Plural(one: "Nothing imported: \(bad) of \(lines) lines is bad (--strict).", other: "Nothing imported: \(bad) of \(lines) lines are bad (--strict)."),
                de: Plural(one: "Nichts importiert: \(bad) von \(lines) Zeilen ist fehlerhaft (--strict).", other: "Nichts importiert: \(bad) von \(lines) Zeilen sind fehlerhaft (--strict)."),
                fr: Plural(one: "Rien importé : \(bad) ligne sur \(lines) est erronée (--strict).", other: "Rien importé : \(bad) lignes sur \(lines) sont erronées (--strict)."))
        case .nothingImportedNoSets(let format):
            l.pick(
                en: "Nothing imported: no workout sets found (\(format)).", de: "Nichts importiert: keine Trainingssätze gefunden (\(format)).",
                fr: "Rien importé : aucune série d’entraînement trouvée (\(format)).")
        case .nothingImportedAllBad(let lines, let format):
            l.pick(
                en: "Nothing imported: all \(lines) lines are bad (\(format)).", de: "Nichts importiert: alle \(lines) Zeilen sind fehlerhaft (\(format)).",
                fr: "Rien importé : les \(lines) lignes sont toutes erronées (\(format)).")
        case .importedSets(let imported, let lines, let format, let duplicates, let bad):
            l.plural(
                lines,
                en: Plural(
                    one: "\(imported) of \(lines) set from a \(format) log (\(CommonText.duplicates(duplicates)), \(bad) bad",
                    other: "\(imported) of \(lines) sets from a \(format) log (\(CommonText.duplicates(duplicates)), \(bad) bad"),
                de: Plural(
                    one: "\(imported) von \(lines) Satz aus einem \(format)-Protokoll (\(CommonText.duplicates(duplicates)), \(bad) fehlerhaft",
                    other: "\(imported) von \(lines) Sätzen aus einem \(format)-Protokoll (\(CommonText.duplicates(duplicates)), \(bad) fehlerhaft"),
                fr: Plural(other: "\(imported) séries sur \(lines) d’un journal \(format) (\(CommonText.duplicates(duplicates)), \(bad) erronées"))
        case .skippedCount(let count): l.pick(en: ", \(count) skipped", de: ", \(count) übersprungen", fr: ", \(count) ignorées")
        case .asJob(let job): l.pick(en: " as job \(job)", de: " als Auftrag \(job)", fr: " comme tâche \(job)")
        case .warmups(let count):
            l.plural(count, en: Plural(one: "  \(count) warm-up set, kept and marked", other: "  \(count) warm-up sets, kept and marked"),
                     de: Plural(one: "  \(count) Aufwärmsatz, behalten und markiert", other: "  \(count) Aufwärmsätze, behalten und markiert"),
                     fr: Plural(one: "  \(count) série d’échauffement, gardée et marquée", other: "  \(count) séries d’échauffement, gardées et marquées"))
        case .withoutReps(let count):
            l.plural(
                count,
                en: Plural(one: "  \(count) row without reps (a timed or distance set) left out", other: "  \(count) rows without reps (timed or distance sets) left out"),
                de: Plural(one: "  \(count) Zeile ohne Wiederholungen (ein Zeit- oder Streckensatz) ausgelassen", other: "  \(count) Zeilen ohne Wiederholungen (Zeit- oder Streckensätze) ausgelassen"),
                fr: Plural(
                    one: "  \(count) ligne sans répétitions (une série en temps ou en distance) écartée",
                    other: "  \(count) lignes sans répétitions (séries en temps ou en distance) écartées"))
        case .defaultUnit(let unit):
            l.pick(
                en: "  weights the file gives no unit for are in \(unit)", de: "  Gewichte ohne Einheit in der Datei gelten als \(unit)",
                fr: "  les poids sans unité dans le fichier sont en \(unit)")
        case .problemLines(let count, let problem, let lines, let example, let lineCount):
            l.plural(
                lineCount,
                en: Plural(one: "  \(count) × \(problem) (line \(lines)); e.g. \(example)", other: "  \(count) × \(problem) (lines \(lines)); e.g. \(example)"),
                de: Plural(one: "  \(count) × \(problem) (Zeile \(lines)); z. B. \(example)", other: "  \(count) × \(problem) (Zeilen \(lines)); z. B. \(example)"),
                fr: Plural(one: "  \(count) × \(problem) (ligne \(lines)) ; p. ex. \(example)", other: "  \(count) × \(problem) (lignes \(lines)) ; p. ex. \(example)"))
        case .otherProblems(let count):
            l.pick(
                en: "  … and \(count) bad lines of other problems", de: "  … und \(count) fehlerhafte Zeilen mit anderen Problemen",
                fr: "  … et \(count) lignes erronées pour d’autres raisons")
        case .skipReason(let key):
            switch key {
            // English shows the key itself, as it always did (scripts and the docs name them).
            case "no-consent": l.pick(en: "no-consent", de: "keine Einwilligung", fr: "pas de consentement")
            case "no-reps": l.pick(en: "no-reps", de: "keine Wiederholungen", fr: "pas de répétitions")
            case "other-type": l.pick(en: "other-type", de: "andere Art", fr: "autre type")
            case "bad-line": l.pick(en: "bad-line", de: "fehlerhafte Zeile", fr: "ligne erronée")
            case "value-out-of-range": l.pick(en: "value-out-of-range", de: "Wert außerhalb des Bereichs", fr: "valeur hors limites")
            case "unknown-type": l.pick(en: "unknown-type", de: "unbekannte Art", fr: "type inconnu")
            case "unknown-unit": l.pick(en: "unknown-unit", de: "unbekannte Einheit", fr: "unité inconnue")
            case "ends-before-start": l.pick(en: "ends-before-start", de: "Ende vor Beginn", fr: "fin avant le début")
            case "before-2000": l.pick(en: "before-2000", de: "vor 2000", fr: "avant 2000")
            case "in-future": l.pick(en: "in-future", de: "in der Zukunft", fr: "dans le futur")
            case "invalid": l.pick(en: "invalid", de: "ungültig", fr: "invalide")
            case "day-total-out-of-range": l.pick(en: "day-total-out-of-range", de: "Tagessumme außerhalb des Bereichs", fr: "total du jour hors limites")
            default: Self.unreadable(l, key: key)
            }
        case .noImports:
            l.pick(
                en: "No imports yet: `quench import apple-health FILE` or `quench import workouts FILE`.",
                de: "Noch keine Importe: `quench import apple-health DATEI` oder `quench import workouts DATEI`.",
                fr: "Aucun import pour l’instant : `quench import apple-health FICHIER` ou `quench import workouts FICHIER`.")
        case .importsHeaders:
            l.pick(
                en: "JOB|KIND|FILE|STARTED|STATUS|IMPORTED|DUPLICATES", de: "AUFTRAG|ART|DATEI|BEGONNEN|STATUS|IMPORTIERT|DOPPELT",
                fr: "TÂCHE|TYPE|FICHIER|DÉBUT|ÉTAT|IMPORTÉS|DOUBLONS")
        case .undoneStatus(let removed):
            l.pick(en: "undone (\(removed) removed)", de: "rückgängig (\(removed) entfernt)", fr: "annulé (\(removed) retirés)")
        case .status(let status):
            switch status {
            case "running": l.pick(en: "running", de: "läuft", fr: "en cours")
            case "completed": l.pick(en: "completed", de: "abgeschlossen", fr: "terminé")
            case "failed": l.pick(en: "failed", de: "fehlgeschlagen", fr: "échoué")
            default: .verbatim(status)
            }
        case .undid(let job, let kind, let file, let removed):
            l.pick(
                en: "Undid import \(job) (\(kind), \(file)): removed \(removed) samples.",
                de: "Import \(job) rückgängig gemacht (\(kind), \(file)): \(removed) Messwerte entfernt.",
                fr: "Import \(job) annulé (\(kind), \(file)) : \(removed) mesures retirées.")
        case .noFileName: l.pick(en: "no file name", de: "kein Dateiname", fr: "pas de nom de fichier")
        case .limitRange(let max, let got):
            l.pick(
                en: "--limit must be between 1 and \(String(max)), got \(String(got))",
                de: "--limit muss zwischen 1 und \(String(max)) liegen, war \(String(got))",
                fr: "--limit doit être entre 1 et \(String(max)), reçu \(String(got))")
        }
    }

    /// A record or workout the Apple Health parser could not read (`malformed (bad date: startDate)`,
    /// `malformed workout (missing attribute: sourceName)`: the keys the import sends), else the key as it is.
    static func unreadable(_ l: Language, key: String) -> Localized {
        func reason(_ prefix: String) -> HealthExportText? {
            guard key.hasPrefix(prefix), key.hasSuffix(")") else { return nil }
            return HealthExportText(skipReason: String(key.dropFirst(prefix.count).dropLast()))
        }
        if let why = reason("malformed workout (") {
            return l.pick(en: "malformed workout (\(why))", de: "fehlerhaftes Training (\(why))", fr: "entraînement mal formé (\(why))")
        }
        if let why = reason("malformed (") {
            return l.pick(en: "malformed (\(why))", de: "fehlerhaft (\(why))", fr: "mal formé (\(why))")
        }
        return .verbatim(key)
    }
}
