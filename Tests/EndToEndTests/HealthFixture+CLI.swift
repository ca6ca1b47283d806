import Foundation
import QuenchProtocol

/// The built `quench` binary run against a `HealthFixture`'s service.
typealias HealthCLIRun = CLIRunner.Result

extension HealthFixture {
    static let sampleData = Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data")

    /// Runs `quench ARGUMENTS` as this fixture's user, with a client config naming the service.
    func quench(_ arguments: [String], timeZone: String = "America/Los_Angeles") throws -> HealthCLIRun {
        let config = service.dataDirectory.appendingPathComponent("client.json")
        if !FileManager.default.fileExists(atPath: config.path) {
            let body: [String: Any] = [
                "services": [ServiceName.healthIngest: ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]],
                "insecure": true,
            ]
            try JSONSerialization.data(withJSONObject: body).write(to: config)
        }
        return try CLIRunner(configPath: nil, user: nil, timeZone: timeZone)
            .run(arguments + ["--config", config.path, "--user", user, "--tz", timeZone, "--timeout", "10"])
    }
}
