import Foundation
@testable import QuenchCLI
import QuenchProtocol
import Testing

/// Whom `quench erase` asks: the web edge only when the client config names it, and
/// `quench up --no-web` writes a client config that does not.
@Suite("CLI erase: which services a deployment has")
struct EraseTargetsTests {
    @Test("the web's erase is sent when the client config names the web, else it is not deployed")
    func targetsFollowTheConfig() {
        var config = ClientConfig.loopbackDefaults
        let all = Erase.targets(config)
        #expect(all.send.map(\.name) == ["intake.erase", "goal.erase", "health.erase", "web.erase"])
        #expect(all.notDeployed.isEmpty)
        config.services[ServiceName.web] = nil
        let withoutWeb = Erase.targets(config)
        #expect(withoutWeb.send.map(\.name) == ["intake.erase", "goal.erase", "health.erase"])
        #expect(withoutWeb.notDeployed == [ServiceName.web])
    }

    @Test("up --no-web leaves the web out of client.json; up puts it back")
    func upWithoutWebWritesNoWebEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("erase-targets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let deployment = LocalDeployment(dataDir: folder.path)
        try deployment.prepare(insecure: true, web: false)
        let without = try ClientConfig.load(path: deployment.clientConfigPath)
        #expect(without.services[ServiceName.web] == nil)
        #expect(Set(without.services.keys) == Set(ServiceName.domain))
        try deployment.prepare(insecure: true)
        #expect(try ClientConfig.load(path: deployment.clientConfigPath).services[ServiceName.web] != nil)
    }
}
