import ChildProcess
import Foundation
import HealthImport
import QuenchClient
import QuenchProtocol
import QuenchStrings
import Testing
@testable import QuenchCLI

/// What the CLI shows for an error of a parser, of the client library or of the system: the
/// catalog's message in the user's language (#30 part 1), the English as it always was.
@Suite("Diagnostics: the errors of other modules in the user's language")
struct DiagnosticsTests {
    func shown(_ error: any Error, in language: Language) -> String {
        Localizer.$current.withValue(Localizer(language)) { diagnostic(error) }
    }

    @Test("a parser's error: its catalog message, with its position")
    func parser() {
        let error = AppleHealthImportError(.rootNotClosed, byteOffset: 120, line: 4)
        #expect(shown(error, in: .en) == "unexpected end of input: <HealthData> was never closed; the file looks truncated (at byte 120, line 4)")
        #expect(shown(error, in: .de) == "unerwartetes Ende der Eingabe: <HealthData> wurde nie geschlossen; die Datei scheint abgeschnitten (bei Byte 120, Zeile 4)")
        #expect(shown(NotAWorkoutLog(.binaryFile), in: .fr) == "ceci est un fichier binaire (il contient des octets NUL), pas un journal d’entraînement")
        let line = WorkoutLineError(lineNumber: 3, rule: .wholeNumberRule(field: "reps", max: 1000), detail: .got(.wholeNumberRule(field: "reps", max: 1000), value: "ten"))
        #expect(shown(line, in: .de) == "Zeile 3: reps: muss eine ganze Zahl von 1 bis 1000 sein, war 'ten'")
        #expect(shown(HealthAutoExportError(field: "data", .dataRequired), in: .fr) == "data : est requis : un objet contenant metrics et/ou workouts")
    }

    @Test("the client library's errors: a configuration key, a refused key, no reply")
    func client() {
        let config = ConfigError(key: "curve.allow.list.file", .allowListTooLarge(path: "/etc/quench/allow.json"))
        #expect(config.description == "configuration key 'curve.allow.list.file' is larger than 4 MiB (/etc/quench/allow.json)")
        #expect(shown(config, in: .de) == "Konfigurationsschlüssel 'curve.allow.list.file' ist größer als 4 MiB (/etc/quench/allow.json)")
        let refused = QuenchError(.unauthenticated, Localizer(.en)(ClientText.keyRefused))
        #expect(shown(refused, in: .fr) == "le service a refusé cette clé (absente de sa liste d’autorisation)")
        #expect(CLIError.rejected(service: "intake", error: refused).message == Localizer(.en)(ClientText.keyRefused))
        // A service's own words: the code's meaning, its detail kept (as before).
        let service = QuenchError(.notFound, "no one-rep maxes for 'Bench Press'", field: "exercise")
        #expect(shown(service, in: .de) == "exercise nicht gefunden (no one-rep maxes for 'Bench Press')")
        // The gateway's test for "not answering" reads the client's message, not a prefix.
        #expect(Gateway.notAnswering(QuenchError.unavailable(Localizer(.en)(ClientText.noReply(endpoint: "tcp://127.0.0.1:1", attempts: 3)))))
        #expect(!Gateway.notAnswering(QuenchError.unavailable(Localizer(.en)(ClientText.clientClosed))))
        #expect(CLIError.isConnectTimeout(Localizer(.en)(ClientText.connectTimeout(endpoint: "tcp://127.0.0.1:1", seconds: "0.5"))))
        // A service that closed the connection before it replied is not answering; "nothing
        // accepted a connection" when no new one was made either.
        let closed = Localizer(.en)(ClientText.connectionClosed(endpoint: "tcp://127.0.0.1:1", seconds: nil))
        let closedThenRefused = Localizer(.en)(ClientText.connectionClosed(endpoint: "tcp://127.0.0.1:1", seconds: "0.8"))
        #expect(Gateway.notAnswering(QuenchError.unavailable(closed)) && Gateway.notAnswering(QuenchError.unavailable(closedThenRefused)))
        #expect(!CLIError.isConnectTimeout(closed) && CLIError.isConnectTimeout(closedThenRefused))
    }

    @Test("system errors: a POSIX code in the language, Foundation's file errors by their code, a program that cannot start")
    func system() throws {
        let missing = #expect(throws: (any Error).self) { try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID())")) }
        #expect(shown(try #require(missing), in: .de) == "Datei oder Verzeichnis nicht gefunden")
        #expect(shown(try #require(missing), in: .en) == "No such file or directory")
        let spawn = #expect(throws: SpawnError.self) { _ = try ChildCommand("/nonexistent/rsvg-convert", arguments: []).spawn() }
        #expect(shown(try #require(spawn), in: .fr).hasPrefix("impossible de lancer /nonexistent/rsvg-convert"), "\(String(describing: spawn))")
        #expect(shown(try #require(spawn), in: .fr).hasSuffix("Fichier ou dossier introuvable"), "\(String(describing: spawn))")
    }
}
