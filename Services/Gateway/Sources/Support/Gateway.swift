import Foundation
import Logging
import QuenchProtocol
import QuenchClient
import Synchronization
import QuenchStrings

/// The CLI's connection to the deployment: one RPC client per service (made on first
/// use), the acting user and time zone, and calls that turn failures into `CLIError`s
/// naming the service.
final class Gateway: Sendable {
    let config: ClientConfig
    let configPath: String?
    let explicitUser: String?
    /// `--tz`, else the system's zone.
    let zone: ZoneID
    /// The zone's name, as the envelope's `tz` carries it.
    var timeZone: String { zone.identifier }
    let attemptTimeout: Duration
    private let clients = Mutex<[String: RPCClient]>([:])

    init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        configPath = ClientConfig.locate(explicit: options.config, environment: environment)
        let base = try configPath.map(ClientConfig.load(path:)) ?? ClientConfig.loopbackDefaults
        config = base.applyingEnvironment(environment)
        if let user = options.user {
            explicitUser = try user.id(source: "--user")
        } else if let named = environment["QUENCH_USER"], !named.isEmpty {
            explicitUser = try UserArgument(argument: named).id(source: "QUENCH_USER")
        } else {
            explicitUser = nil
        }
        zone = try options.tz?.zone() ?? ZoneArgument.system
        attemptTimeout = (options.timeout ?? TimeoutArgument(seconds: 3)).duration
    }

    /// How long a call waits for a TCP connection before it reports the service down: a
    /// service that is not running refuses the connection at once, so the CLI says so within
    /// this (never longer than one attempt), instead of after every attempt's timeout.
    static let connectTimeout: Duration = .milliseconds(800)

    /// The user commands act for: --user, $QUENCH_USER, then the key's user.
    var user: String? {
        explicitUser ?? config.user
    }

    func requireUser() throws -> String {
        guard let user else {
            throw CLIError.usage(tr(SetupText.noUser))
        }
        return user
    }

    func endpoint(_ service: String) throws -> ClientConfig.Endpoint {
        guard let endpoint = config.services[service] else {
            throw CLIError.usage(tr(SetupText.noEndpoint(service: service)))
        }
        return endpoint
    }

    /// The RPC client for `service`. Its envelopes name the gateway's user unless a call
    /// names another; `namingNobody` gives a client whose envelopes name no user unless a
    /// call does (operator commands that act for nobody, such as `quench tokens list`).
    func client(_ service: String, namingNobody: Bool = false) throws -> RPCClient {
        let endpoint = try endpoint(service)
        let cacheKey = namingNobody ? service + " (nobody)" : service
        return try clients.withLock { clients in
            if let existing = clients[cacheKey] { return existing }
            var logger = Logger(label: "quench.cli")
            logger.logLevel = .critical
            let client = try RPCClient(
                endpoint: endpoint.rpc,
                options: RPCClientOptions(
                    attemptTimeout: attemptTimeout, attempts: 3, timeZone: timeZone, user: namingNobody ? nil : user,
                    curve: try config.curveCredentials(for: service),
                    connectTimeout: min(Gateway.connectTimeout, attemptTimeout)),
                logger: logger)
            clients[cacheKey] = client
            return client
        }
    }

    /// The CURVE credentials for talking to `service`, nil for an insecure deployment.
    func credentials(for service: String) throws -> CurveClientCredentials? {
        try config.curveCredentials(for: service)
    }

    /// Sends `message` to the service that owns it (`service` for the messages every service
    /// serves) and returns its reply. A query is retried freely; a command is sent with a
    /// fresh idempotency key that every retry reuses.
    /// Whom the envelope names: the gateway's user (`--user`, …), another one (operator
    /// commands about a user, such as `quench tokens create USER`), or nobody.
    enum EnvelopeUser {
        case gateway
        case named(String)
        case none
    }

    func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request, service: String? = nil, requiresUser: Bool = true,
        actingFor: EnvelopeUser = .gateway
    ) async throws -> Reply {
        if requiresUser, case .gateway = actingFor { _ = try requireUser() }
        guard let service = service ?? message.service else {
            throw CLIError.usage(tr(SetupText.servedByEvery(message.name)))
        }
        let idempotencyKey = message.kind == .command ? UUID().uuidString.lowercased() : nil
        let nobody = if case .none = actingFor { true } else { false }
        let client = try client(service, namingNobody: nobody)
        do {
            let named: String? = switch actingFor {
            case .gateway: user
            case .named(let id): id
            case .none: nil
            }
            return try await client.call(message, body, user: named, idempotencyKey: idempotencyKey)
        } catch let error as QuenchError where error.code == .unavailable && Self.notAnswering(error) {
            throw CLIError.unavailable(service: service, endpoint: client.endpoint, detail: error.message)
        } catch let error as QuenchError {
            throw CLIError.rejected(service: service, error: error)
        }
    }

    /// The client library found no service: no reply, no connection, or a connection the
    /// service closed before it replied (``ClientText``).
    static func notAnswering(_ error: QuenchError) -> Bool {
        switch ClientText(clientMessage: error.message) {
        case .noReply?, .connectTimeout?, .connectionClosed?: true
        default: false
        }
    }

    func close() async {
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        for client in all {
            await client.close()
        }
    }
}
