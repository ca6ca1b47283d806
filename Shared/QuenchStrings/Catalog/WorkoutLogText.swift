/// The workout log parser's diagnostics (Shared/HealthImport's `WorkoutLogParser`): the rule a
/// line broke, the line's message with its value, and why a file is no workout log at all.
///
/// The parser keeps these cases as the structure of its errors (`WorkoutLineError.rule`,
/// `.detail`; `NotAWorkoutLog.kind`) and renders English for its `message`/`reason`
/// (`--json`, services, logs); the CLI renders them in the user's language. Field names
/// (`date`, `reps`, …) and values from the file stay as written in every language: they name
/// the file's columns. Limits and line numbers are written without grouping (`1000`), as the
/// English always was.
public enum WorkoutLogText: LocalizedMessage, Hashable {
    // MARK: Rules (the field and the rule, without the line's value: a report groups by them)

    /// The plain format's date: `Oct 11 2020`.
    case plainDateRule
    /// The apps' dates: ISO, with a time and a zone, or `Jun 11, 2026, 1:01 PM`.
    case dateRule
    case calendarDateRule
    /// `sets`/`reps`: a whole number from 1 to `max`.
    case wholeNumberRule(field: String, max: Int)
    case weightRule(max: Int)
    case exerciseLengthRule(max: Int)
    case weightUnitRule
    case unterminatedQuoteRule
    case textAfterQuoteRule
    case plainFieldCountRule
    case fewerFieldsRule

    // MARK: A line's message (the rule with what the line holds)

    /// The rule and the offending value (its first 40 characters).
    indirect case got(WorkoutLogText, value: String)
    case notACalendarDate(value: String)
    case exerciseLength(max: Int, got: Int)
    /// A `"` opens a field that no `"` closes before the end of the file.
    case unterminatedQuote
    /// The plain format's quoted field `field` (1-based) is not closed on its line.
    case unterminatedQuoteField(Int)
    case textAfterQuote(field: Int)
    case plainFieldCount(got: Int)
    case headerFieldCount(expected: Int, got: Int)

    // MARK: Not a workout log (nothing of the file is imported)

    case appleHealthExport
    case zipArchive
    case binaryFile
    case xmlFile
    case lineTooLong(limit: Int)
    /// The first line is no header Quench knows; `header` is its first 80 characters.
    case unknownHeader(String)
    /// `line N: …`.
    indirect case atLine(Int, WorkoutLogText)
    /// The name of the format of any CSV with the four columns.
    case genericCSV

    public func text(_ l: Language) -> Localized {
        switch self {
        case .plainDateRule:
            l.pick(
                en: "date: must be like 'Oct 11 2020' (MMM d yyyy)", de: "date: muss wie 'Oct 11 2020' geschrieben sein (MMM d yyyy)",
                fr: "date : doit s’écrire comme 'Oct 11 2020' (MMM d yyyy)")
        case .dateRule:
            l.pick(
                en: "date: must be a date like \("2022-07-28"), \("2022-07-28 20:14:20 +0000") or \("Jun 11, 2026, 1:01 PM")",
                de: "date: muss ein Datum wie \("2022-07-28"), \("2022-07-28 20:14:20 +0000") oder \("Jun 11, 2026, 1:01 PM") sein",
                fr: "date : doit être une date comme \("2022-07-28"), \("2022-07-28 20:14:20 +0000") ou \("Jun 11, 2026, 1:01 PM")")
        case .calendarDateRule:
            l.pick(en: "date: not a valid calendar date", de: "date: kein gültiges Kalenderdatum", fr: "date : pas une date valide du calendrier")
        case .wholeNumberRule(let field, let max):
            l.pick(
                en: "\(field): must be a whole number from 1 to \(String(max))", de: "\(field): muss eine ganze Zahl von 1 bis \(String(max)) sein",
                fr: "\(field) : doit être un nombre entier de 1 à \(String(max))")
        case .weightRule(let max):
            l.pick(
                en: "weight: must be a number from 0 to \(String(max))", de: "weight: muss eine Zahl von 0 bis \(String(max)) sein",
                fr: "weight : doit être un nombre de 0 à \(String(max))")
        case .exerciseLengthRule(let max):
            l.pick(
                en: "exercise: must be 1 to \(String(max)) characters", de: "exercise: muss 1 bis \(String(max)) Zeichen lang sein",
                fr: "exercise : doit compter de 1 à \(String(max)) caractères")
        case .weightUnitRule:
            l.pick(
                en: "weight unit: must be \("kg") or \("lb") (\("kgs"), \("lbs"))",
                de: "Gewichtseinheit: muss \("kg") oder \("lb") sein (\("kgs"), \("lbs"))",
                fr: "unité de poids : doit être \("kg") ou \("lb") (\("kgs"), \("lbs"))")
        case .unterminatedQuoteRule:
            l.pick(en: "line: unterminated quoted field", de: "Zeile: nicht geschlossenes Feld in Anführungszeichen", fr: "ligne : champ entre guillemets non fermé")
        case .textAfterQuoteRule:
            l.pick(
                en: "line: unexpected text after a quoted field", de: "Zeile: unerwarteter Text nach einem Feld in Anführungszeichen",
                fr: "ligne : texte inattendu après un champ entre guillemets")
        case .plainFieldCountRule:
            l.pick(
                en: "line: expected 5 comma-separated fields (\("date,exercise,sets,reps,weight"))",
                de: "Zeile: 5 durch Kommas getrennte Felder erwartet (\("date,exercise,sets,reps,weight"))",
                fr: "ligne : 5 champs séparés par des virgules attendus (\("date,exercise,sets,reps,weight"))")
        case .fewerFieldsRule:
            l.pick(
                en: "line: fewer fields than the header has", de: "Zeile: weniger Felder als die Kopfzeile hat",
                fr: "ligne : moins de champs que l’en-tête n’en a")
        case .got(let rule, let value):
            l.pick(en: "\(rule), got '\(value)'", de: "\(rule), war '\(value)'", fr: "\(rule), reçu '\(value)'")
        case .notACalendarDate(let value):
            l.pick(
                en: "date: '\(value)' is not a valid calendar date", de: "date: '\(value)' ist kein gültiges Kalenderdatum",
                fr: "date : '\(value)' n’est pas une date valide du calendrier")
        case .exerciseLength(let max, let got):
            l.pick(
                en: "exercise: must be 1 to \(String(max)) characters, got \(String(got))",
                de: "exercise: muss 1 bis \(String(max)) Zeichen lang sein, war \(String(got))",
                fr: "exercise : doit compter de 1 à \(String(max)) caractères, reçu \(String(got))")
        case .unterminatedQuote:
            l.pick(
                en: "line: unterminated quoted field (a \" opens a field that no \" closes)",
                de: "Zeile: nicht geschlossenes Feld in Anführungszeichen (ein \" öffnet ein Feld, das kein \" schließt)",
                fr: "ligne : champ entre guillemets non fermé (un \" ouvre un champ qu’aucun \" ne ferme)")
        case .unterminatedQuoteField(let field):
            l.pick(
                en: "line: unterminated quoted field \(String(field))", de: "Zeile: nicht geschlossenes Feld \(String(field)) in Anführungszeichen",
                fr: "ligne : champ \(String(field)) entre guillemets non fermé")
        case .textAfterQuote(let field):
            l.pick(
                en: "line: unexpected text after quoted field \(String(field))", de: "Zeile: unerwarteter Text nach dem Feld \(String(field)) in Anführungszeichen",
                fr: "ligne : texte inattendu après le champ \(String(field)) entre guillemets")
        case .plainFieldCount(let got):
            l.pick(
                en: "line: expected 5 comma-separated fields (\("date,exercise,sets,reps,weight")), got \(String(got))",
                de: "Zeile: 5 durch Kommas getrennte Felder erwartet (\("date,exercise,sets,reps,weight")), waren \(String(got))",
                fr: "ligne : 5 champs séparés par des virgules attendus (\("date,exercise,sets,reps,weight")), reçu \(String(got))")
        case .headerFieldCount(let expected, let got):
            l.pick(
                en: "line: expected \(String(expected)) comma-separated fields as the header has, got \(String(got))",
                de: "Zeile: \(String(expected)) durch Kommas getrennte Felder wie in der Kopfzeile erwartet, waren \(String(got))",
                fr: "ligne : \(String(expected)) champs séparés par des virgules attendus comme dans l’en-tête, reçu \(String(got))")
        case .appleHealthExport:
            l.pick(
                en: "this is an Apple Health export: use `quench import apple-health`",
                de: "das ist ein Apple-Health-Export: `quench import apple-health` verwenden",
                fr: "ceci est un export Apple Santé : utilisez `quench import apple-health`")
        case .zipArchive:
            l.pick(
                en: "this is a zip archive, not a workout log (an Apple Health export.zip is imported with `quench import apple-health`)",
                de: "das ist ein Zip-Archiv, kein Trainingsprotokoll (eine export.zip von Apple Health wird mit `quench import apple-health` importiert)",
                fr: "ceci est une archive zip, pas un journal d’entraînement (un export.zip d’Apple Santé s’importe avec `quench import apple-health`)")
        case .binaryFile:
            l.pick(
                en: "this is a binary file (it holds NUL bytes), not a workout log",
                de: "das ist eine Binärdatei (sie enthält NUL-Bytes), kein Trainingsprotokoll",
                fr: "ceci est un fichier binaire (il contient des octets NUL), pas un journal d’entraînement")
        case .xmlFile:
            l.pick(
                en: "this is an XML file, not a workout log (an Apple Health export.xml is imported with `quench import apple-health`)",
                de: "das ist eine XML-Datei, kein Trainingsprotokoll (eine export.xml von Apple Health wird mit `quench import apple-health` importiert)",
                fr: "ceci est un fichier XML, pas un journal d’entraînement (un export.xml d’Apple Santé s’importe avec `quench import apple-health`)")
        case .lineTooLong(let limit):
            l.pick(
                en: "longer than \(String(limit)) bytes: not a workout log; nothing imported",
                de: "länger als \(String(limit)) Bytes: kein Trainingsprotokoll; nichts importiert",
                fr: "plus long que \(String(limit)) octets : pas un journal d’entraînement ; rien importé")
        case .unknownHeader(let header):
            l.pick(
                en: """
                    the header '\(header)' names no workout log format Quench knows: \
                    Strong, Hevy, FitNotes, Fitbod, a CSV with date, exercise, reps and weight columns, \
                    or lines like '\("Oct 11 2020,Back Squat,1,10,45")'
                    """,
                de: """
                    die Kopfzeile '\(header)' nennt kein Trainingsprotokoll-Format, das Quench kennt: \
                    Strong, Hevy, FitNotes, Fitbod, eine CSV-Datei mit Spalten für Datum, Übung, Wiederholungen und Gewicht \
                    oder Zeilen wie '\("Oct 11 2020,Back Squat,1,10,45")'
                    """,
                fr: """
                    l’en-tête '\(header)' ne correspond à aucun format de journal d’entraînement connu de Quench : \
                    Strong, Hevy, FitNotes, Fitbod, un CSV avec des colonnes date, exercice, répétitions et poids, \
                    ou des lignes comme '\("Oct 11 2020,Back Squat,1,10,45")'
                    """)
        case .genericCSV:
            l.pick(
                en: "CSV with date, exercise, reps and weight columns", de: "CSV mit Spalten für Datum, Übung, Wiederholungen und Gewicht",
                fr: "CSV avec des colonnes date, exercice, répétitions et poids")
        case .atLine(let line, let message):
            l.pick(en: "line \(String(line)): \(message)", de: "Zeile \(String(line)): \(message)", fr: "ligne \(String(line)) : \(message)")
        }
    }
}
