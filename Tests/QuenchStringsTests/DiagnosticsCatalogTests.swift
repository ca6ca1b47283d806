import Foundation
import QuenchStrings
import Testing

/// The parsers', the client library's and the system's messages (#30 part 1): every one in
/// every language, translated (not a copy of the English), keeping its values; the client's
/// English recognised back; POSIX codes to messages.
@Suite("Catalog: parser, client and system diagnostics")
struct DiagnosticsCatalogTests {
    static let system = SystemErrorText(errno: EACCES)

    /// One of every message (their values distinctive: ⟨…⟩ or numbers).
    static let messages: [(any LocalizedMessage, [String])] = [
        (WorkoutLogText.plainDateRule, []), (WorkoutLogText.dateRule, ["2022-07-28"]), (WorkoutLogText.calendarDateRule, []),
        (WorkoutLogText.wholeNumberRule(field: "⟨f⟩", max: 1000), ["⟨f⟩", "1000"]), (WorkoutLogText.weightRule(max: 1000), ["1000"]),
        (WorkoutLogText.exerciseLengthRule(max: 100), ["100"]), (WorkoutLogText.weightUnitRule, ["kg", "lb"]),
        (WorkoutLogText.unterminatedQuoteRule, []), (WorkoutLogText.textAfterQuoteRule, []), (WorkoutLogText.plainFieldCountRule, ["5"]),
        (WorkoutLogText.fewerFieldsRule, []), (WorkoutLogText.got(.weightUnitRule, value: "⟨v⟩"), ["⟨v⟩", "kg"]),
        (WorkoutLogText.notACalendarDate(value: "⟨v⟩"), ["⟨v⟩"]), (WorkoutLogText.exerciseLength(max: 100, got: 123), ["100", "123"]),
        (WorkoutLogText.unterminatedQuote, []), (WorkoutLogText.unterminatedQuoteField(3), ["3"]), (WorkoutLogText.textAfterQuote(field: 4), ["4"]),
        (WorkoutLogText.plainFieldCount(got: 4), ["4"]), (WorkoutLogText.headerFieldCount(expected: 13, got: 9), ["13", "9"]),
        (WorkoutLogText.appleHealthExport, ["`quench import apple-health`"]), (WorkoutLogText.zipArchive, ["`quench import apple-health`"]),
        (WorkoutLogText.binaryFile, []), (WorkoutLogText.xmlFile, []), (WorkoutLogText.lineTooLong(limit: 16384), ["16384"]),
        (WorkoutLogText.unknownHeader("⟨h⟩"), ["⟨h⟩"]), (WorkoutLogText.genericCSV, []), (WorkoutLogText.atLine(12345, .binaryFile), ["12345"]),
        (HealthExportText.noSuchPath("⟨p⟩"), ["⟨p⟩"]), (HealthExportText.gzip(name: "⟨n⟩"), ["⟨n⟩", "`gunzip ⟨n⟩`"]),
        (HealthExportText.clinicalDocument(name: "⟨n⟩"), ["⟨n⟩"]), (HealthExportText.notAnExportFile(name: "⟨n⟩", why: .otherRoot("⟨r⟩")), ["⟨n⟩", "⟨r⟩"]),
        (HealthExportText.folderWithoutExport("⟨d⟩"), ["⟨d⟩"]), (HealthExportText.notAnExport(.notXML), []),
        (HealthExportText.noRootBefore(byte: 12345), ["12345"]), (HealthExportText.noMarkup, []), (HealthExportText.notXML, []),
        (HealthExportText.zipWithoutExport(tried: [.triedEntry("⟨e⟩", .notXML), .noEntries]), ["⟨e⟩"]), (HealthExportText.truncatedInDTD, []),
        (HealthExportText.truncatedInComment, []), (HealthExportText.truncatedInMarkup(endsAt: 777), ["777"]), (HealthExportText.rootNotClosed, []),
        (HealthExportText.endTagWithoutStart, []), (HealthExportText.openBracketWithoutName, []), (HealthExportText.slashInTag, []),
        (HealthExportText.attributeWithoutValue, []), (HealthExportText.attributeNotQuoted, []), (HealthExportText.nestedTooDeep(max: 64), ["64"]),
        (HealthExportText.elementTooLong(max: 65536), ["65536"]), (HealthExportText.zipEntryWithoutSize(entry: "⟨e⟩"), ["⟨e⟩"]),
        (HealthExportText.zipEntryCorrupt(entry: "⟨e⟩", detail: "⟨d⟩"), ["⟨e⟩", "⟨d⟩"]), (HealthExportText.zipEntryCompression(entry: "⟨e⟩", method: 99), ["⟨e⟩", "99"]),
        (HealthExportText.zipEntryTruncated(entry: "⟨e⟩"), ["⟨e⟩"]),
        (HealthExportText.zipBombDeclaredSize(entry: "⟨e⟩", declared: 123456, limit: 99999), ["⟨e⟩", "123456", "99999"]),
        (HealthExportText.zipBombDeclaredRatio(entry: "⟨e⟩", ratio: 500, limit: 200), ["⟨e⟩", "500", "200"]),
        (HealthExportText.zipBombInflatedSize(entry: "⟨e⟩", limit: 99999), ["⟨e⟩", "99999"]),
        (HealthExportText.zipBombInflatedRatio(entry: "⟨e⟩", limit: 200), ["⟨e⟩", "200"]),
        (HealthExportText.inZipEntry(.rootNotClosed, entry: "⟨e⟩"), ["⟨e⟩"]), (HealthExportText.zlibUnavailable, []), (HealthExportText.zipFromBytes, []),
        (HealthExportText.cannotOpen(path: "⟨p⟩", system), ["⟨p⟩"]), (HealthExportText.cannotRead(path: "⟨p⟩", system), ["⟨p⟩"]),
        (HealthExportText.cannotCreate(path: "⟨p⟩", system), ["⟨p⟩"]), (HealthExportText.cannotWrite(path: "⟨p⟩", system), ["⟨p⟩"]),
        (HealthExportText.at(.slashInTag, byte: 4321, line: 9), ["4321", "9"]), (HealthExportText.at(.slashInTag, byte: 4321, line: nil), ["4321"]),
        (HealthExportText.missingAttribute("⟨a⟩"), ["⟨a⟩"]), (HealthExportText.badNumber("⟨a⟩"), ["⟨a⟩"]), (HealthExportText.badDate("⟨a⟩"), ["⟨a⟩"]),
        (AutoExportRuleText.cannotOpen(path: "⟨p⟩"), ["⟨p⟩"]), (AutoExportRuleText.tooLarge(max: 5000), ["5000"]),
        (AutoExportRuleText.notAnObject(because: .nullValue), []), (AutoExportRuleText.dataRequired, []),
        (AutoExportRuleText.metricShape(because: .keyMissing("⟨k⟩")), ["⟨k⟩"]), (AutoExportRuleText.pointsRequired, []),
        (AutoExportRuleText.unitsRequired(metric: "⟨m⟩"), ["⟨m⟩"]), (AutoExportRuleText.unitsOneOf(accepted: "⟨u⟩", metric: "⟨m⟩"), ["⟨u⟩", "⟨m⟩"]),
        (AutoExportRuleText.pointShape, []), (AutoExportRuleText.quantityRequired, []), (AutoExportRuleText.quantityNumber, []),
        (AutoExportRuleText.timestamp, []), (AutoExportRuleText.timestampRequired, []), (AutoExportRuleText.workoutShape, []),
        (AutoExportRuleText.activityRequired, []), (AutoExportRuleText.durationSeconds, []), (AutoExportRuleText.amountUnits(accepted: "⟨u⟩"), ["⟨u⟩"]),
        (AutoExportRuleText.expectedNumber, []), (AutoExportRuleText.expectedString, []), (AutoExportRuleText.expectedOther, []),
        (AutoExportRuleText.nullValue, []), (AutoExportRuleText.invalidJSON, []), (AutoExportRuleText.keyMissing("⟨k⟩"), ["⟨k⟩"]), (AutoExportRuleText.got(place: "[7]", value: "⟨v⟩"), ["[7]", "⟨v⟩"]),
        (AutoExportRuleText.got(place: nil, value: "⟨v⟩"), ["⟨v⟩"]), (AutoExportRuleText.gotUnits(place: "[7]", units: "⟨u⟩"), ["[7]", "⟨u⟩"]),
        (AutoExportRuleText.because(place: "[7]", .nullValue), ["[7]"]),
        (ClientText.clientClosed, []), (ClientText.replyUnreadable(type: "⟨t⟩", detail: "⟨d⟩"), ["⟨t⟩", "⟨d⟩"]),
        (ClientText.requestInFlight(id: "⟨i⟩"), ["⟨i⟩"]), (ClientText.connectTimeout(endpoint: "⟨e⟩", seconds: "0.5"), ["⟨e⟩", "0.5"]),
        (ClientText.noReply(endpoint: "⟨e⟩", attempts: 3), ["⟨e⟩", "3"]), (ClientText.connectionClosed(endpoint: "⟨e⟩", seconds: nil), ["⟨e⟩"]),
        (ClientText.connectionClosed(endpoint: "⟨e⟩", seconds: "0.8"), ["⟨e⟩", "0.8"]), (ClientText.keyRefused, []), (ClientText.handshakeClosed(times: 3), ["3"]),
        (ClientText.serviceInsecure, ["--insecure"]), (ClientText.serviceRequiresCurve, []), (ClientText.fileUnreadable(path: "⟨p⟩", system), ["⟨p⟩"]),
        (ClientText.fileUnreadable(path: "⟨p⟩", nil), ["⟨p⟩"]), (ClientText.secretKeyMode(path: "⟨p⟩", mode: "644"), ["⟨p⟩", "644"]),
        (ClientText.notASecretKey(path: "⟨p⟩"), ["⟨p⟩"]), (ClientText.allowListUnreadable(path: "⟨p⟩", system), ["⟨p⟩"]),
        (ClientText.allowListTooLarge(path: "⟨p⟩"), ["⟨p⟩"]), (ClientText.allowListInvalid(path: "⟨p⟩", detail: "⟨d⟩"), ["⟨p⟩", "⟨d⟩"]),
        (ClientText.allowListTooMany(path: "⟨p⟩", max: 100000), ["⟨p⟩", "100000"]), (ClientText.allowListBadKey(path: "⟨p⟩", entry: 7), ["⟨p⟩", "7"]),
        (ClientText.allowListBadPrincipal(path: "⟨p⟩", entry: 7, got: "⟨g⟩"), ["⟨p⟩", "7", "⟨g⟩"]),
        (ClientText.configKey("⟨k⟩", .keyRefused), ["⟨k⟩"]),
        (ImportText.skipReason("malformed (bad date: startDate)"), ["startDate"]),
        (ImportText.skipReason("malformed workout (missing attribute: sourceName)"), ["sourceName"]),
        (AutoExportText.badPoint(field: "⟨f⟩", rule: "⟨r⟩"), ["⟨f⟩", "⟨r⟩"]), (AutoExportText.badPointOtherRules, []),
        (ChildProcessText.cannotRun(executable: "⟨x⟩", directory: "⟨d⟩", step: "posix_spawn", system), ["⟨x⟩", "⟨d⟩", "posix_spawn"]),
        (ChildProcessText.cannotRun(executable: "⟨x⟩", directory: nil, step: "posix_spawn", system), ["⟨x⟩", "posix_spawn"]),
    ] + SystemErrorText.translatedCodes.map { (SystemErrorText(errno: $0), []) }

    @Test("every diagnostic in every language: its values kept, German and French translated")
    func everyLanguage() {
        for (message, values) in Self.messages {
            let english = Localizer(.en)(message)
            for language in Language.allCases {
                let text = Localizer(language)(message)
                #expect(!text.isEmpty, "\(message) in \(language)")
                for value in values { #expect(text.contains(value), "\(message) in \(language): \(value) missing from '\(text)'") }
            }
            for language in [Language.de, .fr] {
                #expect(Localizer(language)(message) != english, "\(message) in \(language) is the English: '\(english)'")
            }
        }
    }

    @Test("the client library's English is recognised back as its message (the CLI translates a QuenchError by it)")
    func clientRoundTrip() {
        let cases: [ClientText] = [
            .clientClosed, .replyUnreadable(type: "intake.log", detail: "keyNotFound(id)"), .requestInFlight(id: "42"),
            .connectTimeout(endpoint: "tcp://127.0.0.1:7101", seconds: "0.5"), .noReply(endpoint: "ipc:///tmp/a b", attempts: 3),
            .connectionClosed(endpoint: "tcp://127.0.0.1:7101", seconds: nil), .connectionClosed(endpoint: "ipc:///tmp/a b", seconds: "0.8"),
            .keyRefused, .handshakeClosed(times: 3), .serviceInsecure, .serviceRequiresCurve,
        ]
        for message in cases {
            #expect(ClientText(clientMessage: Localizer(.en)(message)) == message, "\(message)")
        }
        #expect(ClientText(clientMessage: "no one-rep maxes for 'Bench Press'") == nil)
        #expect(ClientText(clientMessage: "could not connect to the database") == nil)
    }

    @Test("system errors: common POSIX codes have a message, Foundation's file errors give their code, others their own text")
    func systemErrors() throws {
        #expect(Localizer(.en)(SystemErrorText(errno: ENOENT)) == "No such file or directory")
        #expect(Localizer(.de)(SystemErrorText(errno: ENOENT)) == "Datei oder Verzeichnis nicht gefunden")
        #expect(Localizer(.fr)(SystemErrorText(errno: ECONNREFUSED)) == "Connexion refusée")
        // English is the C library's own wording for every translated code.
        for code in SystemErrorText.translatedCodes {
            #expect(Localizer(.en)(SystemErrorText(errno: code)) == String(cString: strerror(code)), "errno \(code)")
        }
        // Another code: the system's text as it is, in every language.
        #expect(Localizer(.de)(SystemErrorText(errno: EXDEV)) == String(cString: strerror(EXDEV)))
        // Foundation's errors carry the code underneath.
        let missing = #expect(throws: (any Error).self) { try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID())/x")) }
        #expect(SystemErrorText(try #require(missing)).code == ENOENT)
        let folder = #expect(throws: (any Error).self) { try String(contentsOfFile: FileManager.default.currentDirectoryPath, encoding: .utf8) }
        #expect(SystemErrorText(try #require(folder)).code == EISDIR)
        #expect(SystemErrorText(CocoaError(.fileReadNoPermission)).code == EACCES)
        #expect(SystemErrorText(POSIXError(.ENOSPC)).code == ENOSPC)
    }

    @Test("the Apple Health parser's skip keys are read back as their messages; other keys are not")
    func skipKeys() {
        #expect(HealthExportText(skipReason: "bad date: startDate") == .badDate("startDate"))
        #expect(HealthExportText(skipReason: "missing attribute: value") == .missingAttribute("value"))
        #expect(HealthExportText(skipReason: "bad number: totalDistance") == .badNumber("totalDistance"))
        #expect(HealthExportText(skipReason: "no-consent") == nil)
        #expect(Localizer(.en)(ImportText.skipReason("malformed (bad date: startDate)")) == "malformed (bad date: startDate)")
        #expect(Localizer(.de)(ImportText.skipReason("malformed (bad date: startDate)")) == "fehlerhaft (ungültiges Datum: startDate)")
        #expect(Localizer(.fr)(ImportText.skipReason("malformed workout (missing attribute: sourceName)"))
            == "entraînement mal formé (attribut manquant : sourceName)")
        #expect(Localizer(.de)(ImportText.skipReason("malformed (something new)")) == "malformed (something new)")
    }
}
