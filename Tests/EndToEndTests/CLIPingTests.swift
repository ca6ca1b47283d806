import Foundation
import Testing

/// `quench ping SERVICE`, the single-service check that container health checks and
/// Kubernetes probes run, against the real intake executable.
@Suite("CLI ping")
struct CLIPingTests {
    @Test("ping answers 0 with the service's state, 69 when it is down, 64 on misuse")
    func ping() throws {
        let folder = temporaryDirectory("cli-ping")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder), user: nil)

        let human = try cli.run(["ping", "intake"])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(human.stdout.contains("intake answered from \(intake.rpcEndpoint)"), "\(human.stdout)")
        let json = try cli.run(["ping", "intake", "--json"]).json()
        #expect(json["up"] as? Bool == true && json["name"] as? String == "intake")
        #expect(json["endpoint"] as? String == intake.rpcEndpoint && json["version"] is String && json["headSeq"] != nil)

        // --endpoint wins over the client config (a container pings its own service).
        let direct = try CLIRunner(configPath: nil, user: nil, workingDirectory: folder)
            .run(["ping", "intake", "--endpoint", intake.rpcEndpoint, "--json"])
        #expect(direct.status == 0 && (try? direct.json()["endpoint"] as? String) == intake.rpcEndpoint, "\(direct.stderr)")
        let goals = try cli.run(["ping", "goals", "--timeout", "0.3"])
        #expect(goals.status == 69 && goals.stderr.contains("goals is not answering"), "\(goals.stderr)")

        #expect(try cli.run(["ping", "nope"]).status == 64)
        #expect(try cli.run(["ping", "intake", "--endpoint", "http://x"]).status == 64)
        #expect(try cli.run(["ping", "intake", "--key-file", "/nonexistent"]).status == 64)
        let badKey = try cli.run(["ping", "intake", "--key-file", "/nonexistent", "--server-key-file", "/nonexistent"])
        #expect(badKey.status == 74 && badKey.stderr.contains("--key-file"), "\(badKey.stderr)")

        intake.stop()
        let down = try cli.run(["ping", "intake", "--timeout", "0.3", "--json"])
        #expect(down.status == 69)
        #expect((try? down.json()["up"] as? Bool) == false)
    }
}
