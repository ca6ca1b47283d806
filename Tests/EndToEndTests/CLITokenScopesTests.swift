import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench tokens create --for JOB` and `--scope S,…` make narrow tokens; `quench tokens`
/// lists each token's scopes, in text and `--json`. The built CLI against a real quench-web.
@Suite("CLI: token scopes", .serialized)
struct CLITokenScopesTests {
    @Test("tokens create --for health-auto-export / --scope log,read / default account; list shows scopes; bad --scope, --for and both are 64")
    func tokensHaveScopes() throws {
        let folder = temporaryDirectory("cli-token-scopes")
        let web = try CLIEraseWebTests.web(in: folder, upstreams: [])
        defer { web.stop() }
        let config = try CLIRunner.writeConfig([web], to: folder)
        let cli = CLIRunner(configPath: config, user: nil)

        let phone = try cli.run(["tokens", "create", "ana", "--for", "health-auto-export", "--json"])
        #expect(phone.status == 0, "\(phone.stdout) \(phone.stderr)")
        let phoneInfo = try #require(try phone.json()["info"] as? [String: Any])
        #expect(phoneInfo["scopes"] as? [String] == ["ingest"])
        #expect(phoneInfo["name"] as? String == "health-auto-export", "the job names the token")
        let shortcut = try cli.run(["tokens", "create", "ana", "--scope", "read, log", "--name", "Shortcuts"])
        #expect(shortcut.status == 0, "\(shortcut.stderr)")
        #expect(shortcut.stdout.contains("it may only: log,read"), "\(shortcut.stdout)")
        let browser = try cli.run(["tokens", "create", "ana", "--name", "browser"])
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stdout.contains("full scope") && browser.stdout.contains("--for health-auto-export"), "\(browser.stdout)")

        let listed = try cli.run(["tokens"])
        #expect(listed.status == 0, "\(listed.stderr)")
        for (name, scopes) in [("health-auto-export", "ingest"), ("Shortcuts", "log,read"), ("browser", "account")] {
            let line = listed.stdout.split(separator: "\n").first { $0.contains("  \(name)  ") }
            #expect(line?.contains("scopes \(scopes)  ") == true, "\(name): \(listed.stdout)")
        }
        let json = try cli.run(["tokens", "list", "--json"])
        let tokens = try #require(try json.json()["tokens"] as? [[String: Any]])
        #expect(tokens.compactMap { $0["scopes"] as? [String] } == [["ingest"], ["log", "read"], ["account"]])

        for (arguments, field) in [
            (["--scope", "write"], "--scope"), (["--scope", ""], "--scope"), (["--for", "watch"], "--for"),
            (["--for", "full", "--scope", "read"], "--for"),
        ] {
            let refused = try cli.run(["tokens", "create", "ana", "--json"] + arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stdout) \(refused.stderr)")
            #expect(refused.error()?["field"] as? String == field, "\(arguments): \(refused.stderr)")
        }
        #expect(try cli.run(["tokens", "list", "--json"]).json()["tokens"].map { ($0 as? [Any])?.count } == 3, "nothing made by a refused create")
    }
}
