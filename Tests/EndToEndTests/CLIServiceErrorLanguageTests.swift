import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue 39 item 11: a service's refusal in the user's language at the CLI — the field and
/// the rule it broke in German or French (the rule the service names on the wire, `rule`),
/// the service's English words kept only as a detail after them; English as the service says it.
@Suite("CLI: service errors in the user's language", .serialized)
struct CLIServiceErrorLanguageTests {
    @Test("quench log 7000 --lang de names the field and the rule in German; fr in French; --json keeps code and field")
    func refusedByIntakeInTheUsersLanguage() async throws {
        let folder = temporaryDirectory("cli-error-language")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        defer { intake.stop(); goals.stop() }
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals], to: folder))

        let german = try cli.run(["log", "7000", "--lang", "de"])
        #expect(german.status == 65, "\(german.stderr)")
        #expect(german.stderr.contains("Menge (volume): darf höchstens 6000 mL je Eintrag betragen, angegeben: 7000.0 ml"), "\(german.stderr)")
        // The service's English follows only as the detail, in brackets after the German.
        let english = "must be at most 6000 mL per entry, got 7000.0 ml"
        #expect(german.stderr.contains("(\(english))"), "\(german.stderr)")
        #expect(!german.stderr.contains("ungültiger Wert"), "\(german.stderr)")

        let french = try cli.run(["log", "-5ml", "--lang", "fr"])
        #expect(french.status == 65, "\(french.stderr)")
        #expect(french.stderr.contains("quantité (volume) : doit être supérieur à 0 mL, reçu -5.0 ml (must be greater than 0 mL, got -5.0 ml)"), "\(french.stderr)")

        // English: the service's own words, the field first (as before).
        let plain = try cli.run(["log", "7000"])
        #expect(plain.stderr.contains("volume: \(english)"), "\(plain.stderr)")

        // --json: code and field never change with the language; the message is the user's.
        let json = try cli.run(["log", "7000", "--lang", "de", "--json"])
        let error = try json.jsonError()
        #expect(error["code"] as? String == "invalid_argument" && error["field"] as? String == "volume", "\(error)")
        #expect((error["message"] as? String)?.hasPrefix("Menge (volume): darf höchstens 6000 mL") == true, "\(error)")

        // Nothing was stored by the refusals.
        #expect((try cli.run(["intakes", "--json"]).json()["intakes"] as? [Any])?.isEmpty == true)
    }

    @Test("every common refusal names its rule: at in the future or before 2000, an unknown fluid, a weight out of range (health-ingest), in German and French")
    func otherRulesInTheUsersLanguage() async throws {
        let folder = temporaryDirectory("cli-error-rules")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        defer { intake.stop(); goals.stop(); health.stop() }
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals, health], to: folder))
        func refused(_ arguments: [String], _ expected: String, status: Int32 = 65) throws {
            let run = try cli.run(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }

        try refused(
            ["log", "250", "--at", "2099-01-01T10:00:00Z", "--lang", "de"],
            "Zeitpunkt (at): liegt mehr als 5 Minuten in der Zukunft (2099-01-01T10:00:00Z, jetzt ")
        try refused(["log", "250", "--at", "2099-01-01T10:00:00Z", "--lang", "fr"], "moment (at) : est à plus de 5 minutes dans le futur (2099-01-01T10:00:00Z")
        try refused(["log", "250", "--at", "1999-12-31T10:00:00Z", "--lang", "de"], "Zeitpunkt (at): darf nicht vor dem 2000-01-01 liegen, angegeben: 1999-12-31T10:00:00Z")
        try refused(
            ["log", "250", "--fluid", "moonshine", "--lang", "de"], "Getränk (fluid): kein Getränk namens 'moonshine'; `quench fluids` listet sie auf",
            status: 65)
        try refused(["log", "250", "--fluid", String(repeating: "x", count: 65), "--lang", "fr"], "boisson (fluid) : doit faire de 1 à 60 caractères, reçu 65")

        #expect(try cli.run(["consent", "grant", "body-mass"]).status == 0)
        try refused(
            ["weight", "add", "900", "--unit", "kg", "--lang", "de"], "Wert (value): ein Gewicht muss zwischen 0,5 und 500 kg liegen, angegeben: 900.0 kg")
        try refused(["weight", "add", "70", "--unit", "kg", "--at", "2099-01-01T10:00:00Z", "--lang", "de"], "Zeitpunkt (at): liegt mehr als 5 Minuten in der Zukunft")
        // Nothing was stored by the refusals.
        #expect((try cli.run(["intakes", "--json"]).json()["intakes"] as? [Any])?.isEmpty == true)
    }

    @Test("the rule travels on the wire: intake.log over 6000 mL names volume.max with its limit and the value sent")
    func theRuleOnTheWire() async throws {
        let folder = temporaryDirectory("wire-error-rule")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        defer { intake.stop() }
        let client = try RPCClient(endpoint: intake.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        do {
            let _: IntakeRecord = try await client.call(
                MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "water", volume: 7000, unit: "ml"), idempotencyKey: UUID().uuidString)
            Issue.record("7000 mL accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument && error.field == "volume", "\(error)")
            #expect(error.rule == ErrorRule("volume.max", ["limitMl": "6000.0", "got": "7000.0", "unit": "ml"]), "\(error)")
        }
    }
}
