import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchClient
import ZeroMQ
import QuenchStrings

/// `quench ping SERVICE [--endpoint URL] [--key-file PATH --server-key-file PATH]`
struct Ping: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ping one service; exit 0 when it answers (health checks, probes).",
        discussion: HelpText.reflow("""
            Sends one `system.ping` and waits up to --timeout seconds (default 3) for the answer.
            Exits 0 when the service answers, 69 when it does not. Uses the endpoint and keys of
            the client config, or --endpoint, which is what a container's health check wants: its
            own service on 127.0.0.1. With --key-file (a client secret key, e.g. the `probe` user's
            from `quench keys add-user probe`) and --server-key-file (the service's public key) it
            needs no client config at all.

            Examples:
              quench ping intake
              quench ping intake --endpoint tcp://127.0.0.1:7101 --timeout 2
              quench ping goals --endpoint tcp://127.0.0.1:7201 \\
                --key-file /run/quench/keys/probe.secret --server-key-file /run/quench/keys/goals.public
              quench ping analytics --json
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("intake, goals, health-ingest or analytics.", valueName: "SERVICE"))
    var service: String

    @Option(help: ArgumentHelp("Ping this RPC endpoint instead of the client config's.", valueName: "URL"))
    var endpoint: String?

    @Option(help: ArgumentHelp("Client secret key file (Z85) to use instead of the client config's key.", valueName: "PATH"))
    var keyFile: String?

    @Option(help: ArgumentHelp("The service's public key file (Z85), with --key-file.", valueName: "PATH"))
    var serverKeyFile: String?

    func validate() throws {
        if (keyFile == nil) != (serverKeyFile == nil) {
            throw ValidationError(tr(SystemText.keyFilesTogether))
        }
        guard ServiceName.all.contains(service) else {
            throw ValidationError(tr(SystemText.serviceMustBe(field: "SERVICE", list: ServiceName.all.joined(separator: ", "), got: service)))
        }
        if let endpoint, !(endpoint.hasPrefix("tcp://") || endpoint.hasPrefix("ipc://")) {
            throw ValidationError(tr(SystemText.endpointURL(endpoint)))
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let configured = gateway.config.services[service]
            var target = gateway.config
            target.services = [
                service: ClientConfig.Endpoint(
                    rpc: endpoint ?? configured?.rpc ?? "", pub: configured?.pub ?? "", publicKey: configured?.publicKey),
            ]
            let override = try explicitCredentials()
            let states = await StatusProbe.probe(config: target, timeout: gateway.attemptTimeout) { name in
                try override ?? gateway.credentials(for: name)
            }
            guard let state = states.first else {
                throw CLIError.usage(tr(SystemText.noEndpoint(service: service)))
            }
            try output.emit(state) {
                guard state.up else { return "" }
                var details: [String] = []
                if let version = state.version { details.append(tr(SystemText.version(version))) }
                if let uptime = state.uptimeSeconds { details.append(tr(SystemText.upFor(formatUptime(uptime)))) }
                if let head = state.headSeq { details.append(tr(SystemText.headSeq(String(head)))) }
                let roundTrip = state.roundTripMs.map { tr(SystemText.milliseconds(l10n.decimal($0, minimum: 2, maximum: 2))) } ?? "-"
                return tr(SystemText.answered(service: service, endpoint: state.endpoint, roundTrip: roundTrip, details: details.joined(separator: ", ")))
            }
            if !state.up {
                throw CLIError.unavailable(service: service, endpoint: state.endpoint, detail: state.error ?? "")
            }
        }
    }

    /// The credentials of --key-file and --server-key-file, nil when not given.
    private func explicitCredentials() throws -> CurveClientCredentials? {
        guard let keyFile, let serverKeyFile else { return nil }
        let secret = try Self.readKey(keyFile, option: "--key-file")
        let server = try Self.readKey(serverKeyFile, option: "--server-key-file")
        guard let publicKey = try? CurveKeyPair.publicKey(forSecretKey: secret) else {
            throw CLIError.usage(tr(SystemText.notAKey(option: "--key-file", file: keyFile, kind: tr(SystemText.secretKey))))
        }
        guard server.utf8.count == 40, Z85.decode(server)?.count == 32 else {
            throw CLIError.usage(tr(SystemText.notAKey(option: "--server-key-file", file: serverKeyFile, kind: tr(SystemText.publicKey))))
        }
        return CurveClientCredentials(publicKey: publicKey, secretKey: secret, serverPublicKey: server)
    }

    private static func readKey(_ path: String, option: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CLIError.io(tr(SystemText.cannotReadOption(option: option, path: path, reason: diagnostic(error))))
        }
    }
}
