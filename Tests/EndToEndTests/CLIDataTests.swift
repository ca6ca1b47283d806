import Foundation
import Testing

/// `quench export` and `quench erase` across the real intake, goals and health-ingest services.
@Suite("CLI: export and erase", .serialized)
struct CLIDataTests {
    @Test("export, then erase, then export again: empty; other users untouched; a down service is reported")
    func exportEraseExport() throws {
        let folder = temporaryDirectory("cli-data")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        let config = try CLIRunner.writeConfig([intake, goals, health], to: folder)
        let ana = CLIRunner(configPath: config, user: "ana")
        let bob = CLIRunner(configPath: config, user: "bob")

        for arguments in [["log", "250"], ["log", "0.5l", "--fluid", "tea"], ["goal", "set", "2l"],
                          ["consent", "grant", "body-mass"], ["weight", "add", "72.5", "--unit", "kg"]] {
            let result = try ana.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(try bob.run(["log", "100"]).status == 0)

        let file = folder.appendingPathComponent("ana.json").path
        let exported = try ana.run(["export", "--out", file, "--json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(document["user"] as? String == "ana")
        let intakes = (document["intake"] as? [String: Any])?["intakes"] as? [[String: Any]]
        #expect(intakes?.count == 2)
        #expect(intakes?.allSatisfy { $0["user"] as? String == "ana" } == true)
        let samples = (document["health"] as? [String: Any])?["samples"] as? [[String: Any]]
        #expect(samples?.count == 1)
        #expect(document["goals"] as? [String: Any] != nil)

        // erase needs confirmation
        let unconfirmed = try ana.run(["erase"])
        #expect(unconfirmed.status == 64)

        let erased = try ana.run(["erase", "--yes", "--json"])
        #expect(erased.status == 0, "\(erased.stderr)")
        let services = try #require(try erased.json()["services"] as? [[String: Any]])
        #expect(services.count == 3)
        #expect(services.allSatisfy { $0["erased"] as? Bool == true })

        let after = try ana.run(["export", "--json"])
        let empty = try after.json()
        #expect(((empty["intake"] as? [String: Any])?["intakes"] as? [Any])?.isEmpty == true)
        #expect(((empty["health"] as? [String: Any])?["samples"] as? [Any])?.isEmpty == true)

        // Bob's data is untouched.
        let bobs = try bob.run(["export", "--json"])
        #expect(((try bobs.json()["intake"] as? [String: Any])?["intakes"] as? [Any])?.count == 1)

        // A service down: reported, the others erase, and a re-run is safe.
        goals.stop()
        let partial = try bob.run(["erase", "--yes", "--timeout", "0.3"])
        #expect(partial.status == 69)
        #expect(partial.stdout.contains("goals") && partial.stdout.contains("again"))
        try goals.start()
        let rerun = try bob.run(["erase", "--yes"])
        #expect(rerun.status == 0, "\(rerun.stdout) \(rerun.stderr)")
        intake.stop()
        goals.stop()
        health.stop()
    }
}
