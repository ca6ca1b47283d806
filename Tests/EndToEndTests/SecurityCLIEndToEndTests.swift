import Foundation
import Testing

/// `quench keys …` against a real service: a user created with `keys add-user` works as
/// itself only, and `keys revoke` shuts it out without a restart.
@Suite("Security: quench keys", .serialized)
struct SecurityCLIEndToEndTests {
    @Test("keys init, add-user, list and revoke drive a running service's allow-list")
    func keysLifecycle() async throws {
        let folder = temporaryDirectory("sec-cli")
        let dataDir = folder.appendingPathComponent("deployment").path
        let operatorCLI = CLIRunner(configPath: nil, user: nil)
        let initialized = try operatorCLI.run(["keys", "init", "--data-dir", dataDir, "--json"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let created = try initialized.json()["created"] as? [String] ?? []
        #expect(created.contains("admin") && created.contains("service:intake"))
        let again = try operatorCLI.run(["keys", "init", "--data-dir", dataDir, "--json"])
        #expect((try again.json()["created"] as? [String]) == [])

        let keys = URL(fileURLWithPath: dataDir).appendingPathComponent("keys")
        let secret = keys.appendingPathComponent("services/intake.secret").path
        let attributes = try FileManager.default.attributesOfItem(atPath: secret)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        let healthKey = try String(contentsOf: keys.appendingPathComponent("services/health-ingest.public"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let intake = try ServiceProcess(
            "intake", dataDirectory: folder.appendingPathComponent("intake"),
            arguments: [
                "--curve-secret-key-file", secret,
                "--curve-allow-list-file", keys.appendingPathComponent("allow/intake.json").path,
                "--upstream-health-ingest-public-key=\(healthKey)",
            ],
            insecure: false)
        defer { intake.stop() }

        let added = try operatorCLI.run(["keys", "add-user", "ana", "--data-dir", dataDir, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let anaConfig = try #require(try added.json()["clientConfig"] as? String)
        let ana = CLIRunner(configPath: anaConfig, user: nil, extraEnvironment: ["QUENCH_INTAKE_RPC": intake.rpcEndpoint])
        var logged = try ana.run(["log", "250", "--json"])
        let deadline = Date().addingTimeInterval(patientWaitSeconds)
        while logged.status != 0 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            logged = try ana.run(["log", "250", "--json"])
        }
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(try logged.json()["user"] as? String == "ana")

        let other = try ana.run(["intakes", "--user", "bob", "--json"])
        #expect(other.status == 77)
        #expect(try other.jsonError()["code"] as? String == "permission_denied")

        let listed = try operatorCLI.run(["keys", "list", "--data-dir", dataDir, "--json"])
        let principals = (try listed.json()["keys"] as? [[String: Any]] ?? []).compactMap { $0["principal"] as? String }
        #expect(Set(principals).isSuperset(of: ["admin", "user:ana", "service:analytics"]))

        let revoked = try operatorCLI.run(["keys", "revoke", "ana", "--data-dir", dataDir, "--json"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        var refused = try ana.run(["intakes", "--json"])
        let revokeDeadline = Date().addingTimeInterval(patientWaitSeconds)
        while refused.status == 0 && Date() < revokeDeadline {
            try await Task.sleep(for: .milliseconds(200))
            refused = try ana.run(["intakes", "--json"])
        }
        #expect(refused.status == 77)
        #expect(try refused.jsonError()["code"] as? String == "unauthenticated")
        let unknown = try operatorCLI.run(["keys", "revoke", "nobody", "--data-dir", dataDir])
        #expect(unknown.status != 0)
    }
}
