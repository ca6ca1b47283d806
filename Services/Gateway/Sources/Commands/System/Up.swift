import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench up [--data-dir DIR] [--insecure] [--port-base BASE]`
struct Up: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start the services (and the web edge) on this machine, in the background.",
        discussion: HelpText.reflow("""
            Starts intake, goals, health-ingest, analytics and the web edge (quench-web: the dashboard
            and HTTP API on http://127.0.0.1:8080; --no-web leaves it out) as separate processes on loopback, with
            their SQLite files, logs and pid files under DIR (default ./.quench), and writes the client
            config there. Returns when all answer. Starts only what is not running, so running it again
            is harmless. Every socket uses CURVE: on the first run the service keys, an operator (admin)
            key and the allow-lists are created under DIR/keys (see `quench keys`); the client config
            uses the admin key. --insecure runs without encryption or authentication (loopback only).
            --port-base BASE moves every port (intake BASE+1…BASE+3, …, web BASE+401…BASE+403, its HTTP
            BASE+980; 7100 by default), remembered in DIR for the next `quench up`. Each service also
            gets its own QUENCH_<SERVICE>_<KEY> variables (e.g. QUENCH_WEB_HTTP_PORT), except for the
            keys `quench up` sets itself; see docs/OPERATIONS.md.

            Examples:
              quench up
              quench up --data-dir /var/lib/quench
              quench up --port-base 27100 --data-dir /tmp/q
            """))

    @Option(help: "Where data, logs and configs live.")
    var dataDir = ".quench"

    @Flag(help: "Run without CURVE encryption (loopback development only).")
    var insecure = false

    @Flag(help: "Leave the web edge (quench-web, the dashboard and HTTP API) out.")
    var noWeb = false

    @Option(help: "Move every port: intake's RPC port is BASE+1, the web's HTTP port BASE+980 (default: the stored base, else 7100).")
    var portBase: Int?

    @OptionGroup var language: LanguageOption

    @Flag(help: "Machine output.")
    var json = false

    func run() async throws {
        let output = Output(json: json)
        if let portBase, !LocalPorts.bases.contains(portBase) {
            let range = LocalPorts.bases
            throw output.fail(CLIError.invalid(
                field: "--port-base", message: tr(SetupText.portBaseRange(low: String(range.lowerBound), high: String(range.upperBound), got: String(portBase)))))
        }
        let deployment = LocalDeployment(dataDir: dataDir, portBase: portBase)
        let services = LocalDeployment.services.filter { !(noWeb && $0 == ServiceName.web) }
        do {
            try deployment.prepare(insecure: insecure, web: !noWeb)
            try deployment.checkPortsFree(
                services.filter { deployment.runningPID($0) == nil }, environment: ProcessInfo.processInfo.environment)
            var started: [String] = []
            var already: [String] = []
            for service in services {
                if deployment.runningPID(service) != nil {
                    already.append(service)
                } else {
                    try deployment.start(service)
                    started.append(service)
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for service in started {
                    group.addTask { try await deployment.waitUntilReady(service) }
                }
                try await group.waitForAll()
            }
            let client = try ClientConfig.load(path: deployment.clientConfigPath)
            let states = await StatusProbe.probe(config: client) { name in try client.curveCredentials(for: name) }
                .filter { services.contains($0.name) }
            struct Result: Encodable {
                var dataDir: String
                var clientConfig: String
                var started: [String]
                var alreadyRunning: [String]
                var services: [StatusProbe.State]
            }
            try output.emit(Result(
                dataDir: deployment.root.path, clientConfig: deployment.clientConfigPath,
                started: started, alreadyRunning: already, services: states)
            ) {
                var lines = states.map { state in
                    let mark = state.up ? output.style.green("●") : output.style.red("●")
                    let note = started.contains(state.name) ? tr(SystemText.started) : tr(SystemText.alreadyRunning)
                    return "\(mark) \(state.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(state.endpoint)  \(output.style.dim(note))"
                }
                lines.append(tr(SystemText.dataIn(root: deployment.root.path, config: deployment.clientConfigPath)))
                return lines.joined(separator: "\n")
            }
            if let down = states.first(where: { !$0.up }) {
                throw CLIError.unavailable(service: down.name, endpoint: down.endpoint, detail: tr(SystemText.startedNotAnswering))
            }
        } catch {
            throw output.fail(error)
        }
    }
}

/// `quench down [--data-dir DIR]`
struct Down: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stop what `quench up` started, gracefully.",
        discussion: "Each service finishes its in-flight requests before it exits.")

    @Option(help: "The folder `quench up` used.")
    var dataDir = ".quench"

    @OptionGroup var language: LanguageOption

    @Flag(help: "Machine output.")
    var json = false

    func run() async throws {
        let output = Output(json: json)
        let deployment = LocalDeployment(dataDir: dataDir)
        var stopped: [String] = []
        for service in LocalDeployment.services.reversed() where await deployment.stop(service) {
            stopped.append(service)
        }
        struct Result: Encodable {
            var stopped: [String]
        }
        do {
            try output.emit(Result(stopped: stopped)) {
                stopped.isEmpty ? tr(SystemText.nothingRunning) : tr(SystemText.stopped(stopped.joined(separator: ", ")))
            }
        } catch {
            throw output.fail(error)
        }
    }
}
