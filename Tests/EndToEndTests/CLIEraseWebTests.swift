import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench erase` reaches the web edge (`web.erase`): the real intake, goals, health-ingest
/// and quench-web, the built CLI. A deployment without the web says so and succeeds; a web
/// that is configured but down is unavailable (69) while the rest still erase.
@Suite("CLI: erase and the web edge", .serialized)
struct CLIEraseWebTests {
    @Test("erase reaches the web; a web that is down is 69 and the rest erase; a deployment without it is not deployed, 0")
    func eraseReachesTheWeb() throws {
        let folder = temporaryDirectory("cli-erase-web")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        let web = try Self.web(in: folder, upstreams: [intake, goals, health])
        let all = [intake, goals, health, web]
        defer { for service in all { service.stop() } }
        let config = try CLIRunner.writeConfig(all, to: folder)
        let ana = CLIRunner(configPath: config, user: "ana")
        let bob = CLIRunner(configPath: config, user: "bob")
        var hashes: [String: [UInt8]] = [:]
        for (runner, user) in [(ana, "ana"), (bob, "bob")] {
            let created = try runner.run(["tokens", "create", user, "--name", "zqx-\(user)", "--json"])
            #expect(created.status == 0, "\(created.stdout) \(created.stderr)")
            let token = try #require(try created.json()["token"] as? String)
            hashes[user] = SHA256.hash(Array(token.utf8))
            #expect(try runner.run(["log", "250"]).status == 0)
        }

        // An operator command that acts for nobody names nobody, even when the CLI has a user
        // (--user, QUENCH_USER): `tokens list` shows every user's tokens, not only ana's.
        let listedWithUser = try ana.run(["tokens", "list"])
        #expect(listedWithUser.stdout.contains("zqx-ana") && listedWithUser.stdout.contains("zqx-bob"), "\(listedWithUser.stdout)")
        #expect(Self.filesHolding([Array("zqx-ana".utf8)], in: web.dataDirectory).count >= 1, "the scan cannot see ana's token go")
        #expect(Self.filesHolding([hashes["ana"] ?? []], in: web.dataDirectory).count >= 1, "the scan cannot see ana's hash go")
        let erased = try ana.run(["erase", "--yes", "--json"])
        #expect(erased.status == 0, "\(erased.stdout) \(erased.stderr)")
        let document = try erased.json()
        let services = try #require(document["services"] as? [[String: Any]])
        #expect(services.compactMap { $0["service"] as? String } == ["goals", "health-ingest", "intake", "web"])
        #expect(services.allSatisfy { $0["erased"] as? Bool == true }, "\(services)")
        let webResult = try #require(services.first { $0["service"] as? String == "web" })
        #expect(webResult["deleted"] as? [String: Int] == ["tokens": 1, "sessions": 0, "links": 0])
        #expect(document["notDeployed"] as? [String] == [])
        // Nothing of ana's token (its name, its hash) in any file of the web; bob's is there.
        let anaLeft = Self.filesHolding([Array("zqx-ana".utf8), hashes["ana"] ?? []], in: web.dataDirectory)
        #expect(anaLeft.isEmpty, "\(anaLeft)")
        #expect(!Self.filesHolding([Array("zqx-bob".utf8)], in: web.dataDirectory).isEmpty)
        let operatorView = CLIRunner(configPath: config, user: nil)
        #expect(try operatorView.run(["tokens", "list", "ana"]).stdout.contains("zqx-ana") == false)
        let listed = try operatorView.run(["tokens", "list"])
        #expect(listed.status == 0 && !listed.stdout.contains("zqx-ana") && listed.stdout.contains("zqx-bob"), "\(listed.stdout)")

        // The web down: reported as unavailable (69), the three others erase bob.
        web.stop()
        let partial = try bob.run(["erase", "--yes", "--timeout", "0.5"])
        #expect(partial.status == 69, "\(partial.stdout) \(partial.stderr)")
        #expect(partial.stdout.contains("web:") && partial.stdout.contains("again"), "\(partial.stdout)")
        #expect(partial.stdout.contains("intake: erased 0 fluids, 1 intakes"), "\(partial.stdout)")
        let export = try bob.run(["export", "--json"])
        #expect(((try export.json()["intake"] as? [String: Any])?["intakes"] as? [Any])?.isEmpty == true, "\(export.stdout)")
        // Back up, erase again: safe, and bob's token goes now.
        try web.start()
        let rerun = try bob.run(["erase", "--yes"])
        #expect(rerun.status == 0, "\(rerun.stdout) \(rerun.stderr)")
        #expect(rerun.stdout.contains("web: erased 0 links, 0 sessions, 1 tokens"), "\(rerun.stdout)")
        let none = try operatorView.run(["tokens", "list"])
        #expect(none.status == 0 && !none.stdout.contains("zqx-"), "\(none.stdout)")

        // A deployment without the web: its config names no endpoint for it.
        let withoutWeb = folder.appendingPathComponent("without-web")
        try FileManager.default.createDirectory(at: withoutWeb, withIntermediateDirectories: true)
        let fourConfig = try CLIRunner.writeConfig([intake, goals, health], to: withoutWeb)
        let carl = CLIRunner(configPath: fourConfig, user: "carl")
        let noWeb = try carl.run(["erase", "--yes", "--json"])
        #expect(noWeb.status == 0, "\(noWeb.stdout) \(noWeb.stderr)")
        #expect(try noWeb.json()["notDeployed"] as? [String] == ["web"])
        #expect((try noWeb.json()["services"] as? [[String: Any]])?.count == 3)
        let human = try carl.run(["erase", "--yes"])
        #expect(human.status == 0)
        #expect(human.stdout.contains("web: not deployed"), "\(human.stdout)")
    }

    /// The files under `folder` that hold any of `markers`.
    static func filesHolding(_ markers: [[UInt8]], in folder: URL) -> [String] {
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL]) ?? []
        return files.filter { file in
            guard let data = try? Data(contentsOf: file) else { return false }
            return markers.contains { !$0.isEmpty && data.range(of: Data($0)) != nil }
        }.map(\.lastPathComponent)
    }

    /// quench-web in front of `upstreams` (analytics pointed at a closed port), its HTTP on a free port.
    static func web(in folder: URL, upstreams: [ServiceProcess]) throws -> ServiceProcess {
        let directory = folder.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var upstream: [String: [String: Any]] = [:]
        for name in ServiceName.domain {
            let process = upstreams.first { $0.name == name }
            upstream[name] = [
                "rpc": process?.rpcEndpoint ?? "tcp://127.0.0.1:9", "pub": process?.pubEndpoint ?? "tcp://127.0.0.1:9",
                "user": ["pub": process?.userPubEndpoint ?? "tcp://127.0.0.1:9"],
            ]
        }
        let config = directory.appendingPathComponent("web-config.json")
        try JSONSerialization.data(withJSONObject: ["upstream": upstream]).write(to: config)
        return try ServiceProcess(ServiceName.web, dataDirectory: directory, arguments: ["--config", config.path, "--http-port", "0"])
    }
}
