import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue 25 item 10: what people type wrong gets the rule it breaks (not "Missing expected
/// argument"), as JSON with `--json`, with a non-zero exit; inline weight units; a goal floor
/// the CLI and the goals service share; `--user` checked against the user-id rule.
@Suite("CLI: input", .serialized)
struct CLIInputTests {
    @Test("negative amounts get the amount rule; argument errors honour --json")
    func negativeAmountsAndJSONErrors() async throws {
        let folder = temporaryDirectory("cli-input")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        defer { intake.stop(); goals.stop() }
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals], to: folder))

        // `log -5ml`: the service's volume rule, field and all; nothing stored.
        let negative = try cli.run(["log", "-5ml", "--json"])
        #expect(negative.status == 65, "\(negative.stderr)")
        let volume = try negative.jsonError()
        #expect(volume["code"] as? String == "invalid_argument")
        #expect(volume["field"] as? String == "volume")
        #expect((volume["message"] as? String)?.contains("greater than 0 mL") == true, "\(volume)")
        let human = try cli.run(["log", "-5ml", "--fluid", "tea"])
        #expect(human.stderr.contains("volume: must be greater than 0 mL"), "\(human.stderr)")
        #expect(!human.stderr.contains("Missing expected argument"))
        let list = try cli.run(["intakes", "--json"])
        #expect((try list.json()["intakes"] as? [Any])?.isEmpty == true)

        // `goal set -1` and `goal set 2.5`: the goal rule, from the CLI (exit 64) …
        for amount in ["-1", "2.5", "-0.5l"] {
            let refused = try cli.run(["goal", "set", amount, "--json"])
            #expect(refused.status == 64, "goal set \(amount): \(refused.stderr)")
            let error = try refused.jsonError()
            #expect(error["code"] as? String == "invalid_argument")
            #expect(error["field"] as? String == "AMOUNT")
            #expect((error["message"] as? String)?.contains(GoalVolumeRule.text) == true, "\(error)")
        }
        let floor = try cli.run(["goal", "set", "2.5"])
        #expect(floor.stderr.contains("at least 500 mL"), "\(floor.stderr)")
        // The rule in the user's language, not English inside German (issue 39 item 11).
        let german = try cli.run(["goal", "set", "100ml", "--lang", "de"])
        #expect(german.status == 64 && german.stderr.contains("ein Tagesziel muss mindestens 500 mL"), "\(german.stderr)")
        #expect(!german.stderr.contains("a daily goal"), "\(german.stderr)")
        let french = try cli.run(["goal", "set", "7l", "--lang", "fr"])
        #expect(french.stderr.contains("un objectif quotidien doit être"), "\(french.stderr)")
        #expect(try cli.run(["goal", "set", "500", "--json"]).status == 0)
        #expect(try cli.run(["goal", "--json"]).json()["goalMl"] as? Double == 500)

        // … and the same rule from the goals service for any other client.
        let client = try RPCClient(endpoint: goals.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        await expectRejected(.invalidArgument, field: "volume", "goal.set 2.5 mL") {
            try await client.call(MessageDescriptor.goalSet.name, SetGoalRequest(volume: 2.5), as: GoalReply.self, idempotencyKey: UUID().uuidString)
        }
        do {
            let _: GoalReply = try await client.call(MessageDescriptor.goalSet.name, SetGoalRequest(volume: 499.9), idempotencyKey: UUID().uuidString)
            Issue.record("499.9 mL accepted")
        } catch let error as QuenchError {
            #expect(error.message.contains(GoalVolumeRule.text), "\(error)")
        }

        // Parser errors with --json: a JSON error on stderr naming the argument, exit 64.
        let missing = try cli.run(["log", "--json"])
        #expect(missing.status == 64)
        let missingError = try missing.jsonError()
        #expect(missingError["code"] as? String == "invalid_argument")
        #expect(missingError["field"] as? String == "amount", "\(missingError)")
        let unknown = try cli.run(["today", "--bogus", "--json"])
        #expect(unknown.status == 64)
        #expect(try unknown.jsonError()["field"] as? String == "--bogus")
        let notAnAmount = try cli.run(["log", "lots", "--json"])
        #expect(try notAnAmount.jsonError()["field"] as? String == "AMOUNT")
        // Without --json: one line for people, as before.
        let plain = try cli.run(["log"])
        #expect(plain.status == 64 && plain.stderr.contains("Missing expected argument"))
    }

    @Test("weight add takes inline units; --user is checked against the user-id rule")
    func weightUnitsAndUserRule() throws {
        let folder = temporaryDirectory("cli-input-weight")
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        defer { health.stop() }
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([health], to: folder))
        #expect(try cli.run(["consent", "grant", "body-mass"]).status == 0)

        let kilograms = try cli.run(["weight", "add", "80kg", "--json"])
        #expect(kilograms.status == 0, "\(kilograms.stderr)")
        #expect(try kilograms.json()["weightKg"] as? Double == 80)
        let pounds = try cli.run(["weight", "add", "176.5lb", "--json", "--at", "2026-01-02 07:00"])
        #expect(pounds.status == 0, "\(pounds.stderr)")
        #expect(try pounds.json()["unit"] as? String == "lb")
        let spaced = try cli.run(["weight", "add", "81", "--unit", "kg", "--json", "--at", "2026-01-03 07:00"])
        #expect(spaced.status == 0, "\(spaced.stderr)")

        for (arguments, phrase) in [
            (["weight", "add", "80", "--json"], "has no unit"),
            (["weight", "add", "80kg", "--unit", "lb", "--json"], "give one unit"),
            (["weight", "add", "80st", "--json"], "is not a weight"),
            (["weight", "add", "-80kg", "--json"], "greater than 0"),
        ] {
            let refused = try cli.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            let error = try refused.jsonError()
            #expect(error["field"] as? String == "VALUE", "\(arguments): \(error)")
            #expect((error["message"] as? String)?.contains(phrase) == true, "\(arguments): \(error)")
        }

        for user in ["a/b", "alice/", "x y", String(repeating: "u", count: 65)] {
            let refused = try cli.run(["today", "--user", user, "--json"])
            #expect(refused.status == 64, "--user \(user): \(refused.stderr)")
            let error = try refused.jsonError()
            #expect(error["field"] as? String == "--user")
            #expect((error["message"] as? String)?.contains("1 to 64 characters of letters, digits") == true, "\(error)")
        }
        var environmentUser = CLIRunner(configPath: cli.configPath)
        environmentUser.user = "bob/evil"
        let fromEnvironment = try environmentUser.run(["weight", "--json"])
        #expect(fromEnvironment.status == 64)
        #expect(try fromEnvironment.jsonError()["field"] as? String == "QUENCH_USER")
    }
}
