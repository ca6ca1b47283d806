import ChildProcess
import Foundation

/// Runs the built `quench` binary like a user would, against a given client config.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw TestFailure("stdout is not a JSON object: \(stdout)\nstderr: \(stderr)")
            }
            return object
        }

        /// The `error` object of a failed --json command, nil when stderr holds none.
        func error() -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stderr.utf8)) as? [String: [String: Any]])?["error"]
        }

        /// stderr parsed as the `{"error":{…}}` object of a failed --json command.
        func jsonError() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stderr.utf8)) as? [String: Any],
                  let error = object["error"] as? [String: Any] else {
                throw TestFailure("stderr is not a JSON error: \(stderr)")
            }
            return error
        }
    }

    let configPath: String?
    var user: String? = "ana"
    var timeZone = "UTC"
    var workingDirectory: URL? = nil
    var extraEnvironment: [String: String] = [:]

    /// A client config naming these services' endpoints (insecure loopback).
    static func writeConfig(_ services: [ServiceProcess], to folder: URL, user: String? = nil) throws -> String {
        var endpoints: [String: [String: String]] = [:]
        for service in services {
            endpoints[service.name] = ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]
        }
        // Services not started point at a closed port, so they read as down.
        for name in ["intake", "goals", "health-ingest", "analytics"] where endpoints[name] == nil {
            endpoints[name] = ["rpc": "tcp://127.0.0.1:9", "pub": "tcp://127.0.0.1:9"]
        }
        var config: [String: Any] = ["services": endpoints, "insecure": true]
        if let user { config["user"] = user }
        let path = folder.appendingPathComponent("client.json").path
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: path))
        return path
    }

    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        var args = arguments
        if let configPath, !arguments.contains("--config") { args += ["--config", configPath] }
        // English unless a test asks for a language (the runner's own locale must not leak in).
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("QUENCH_") && !["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"].contains($0.key)
        }
        environment["NO_COLOR"] = "1"
        environment["TZ"] = timeZone
        if let user { environment["QUENCH_USER"] = user }
        environment.merge(extraEnvironment) { $1 }
        // Both pipes are read at once (poll), so a chatty command cannot block on a full pipe.
        let result = try ChildCommand(
            try Binaries.url(of: "quench").path, arguments: args, environment: environment,
            workingDirectory: workingDirectory?.path, standardInput: .null
        ).run(input: input.map { Array($0.utf8) })
        return Result(status: result.status, stdout: result.standardOutputText, stderr: result.standardErrorText)
    }
}
