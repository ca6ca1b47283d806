import Logging
import UnixSignals
import ZeroMQ

/// A service's authentication at run time: the ZAP handler on its own reactor thread, the
/// allow-list checked for changes every second and re-read on SIGHUP. Nil when insecure
/// (after logging a warning at every start).
final class TransportSecurity: Sendable {
    let authenticator: Authenticator
    private let zap: ZAPHandler
    private let reactor: Reactor
    private let signals: Task<Void, Never>

    private init(authenticator: Authenticator, zap: ZAPHandler, reactor: Reactor, signals: Task<Void, Never>) {
        self.authenticator = authenticator
        self.zap = zap
        self.reactor = reactor
        self.signals = signals
    }

    /// Starts authentication before any server socket is bound (libzmq admits everyone while
    /// no ZAP handler is bound).
    static func start(config: ServiceConfig, context: Context, logger: Logger) async throws -> TransportSecurity? {
        guard !config.security.insecure, let file = config.security.allowListFile else {
            logger.warning("""
                RUNNING INSECURE: no CURVE encryption or authentication on \(config.rpcEndpoint), \
                \(config.pubEndpoint) and \(config.userPubEndpoint); every caller is trusted like an operator. \
                For loopback development only.
                """)
            return nil
        }
        var zapLogger = logger
        zapLogger[metadataKey: "component"] = "zap"
        let refusals = RefusalLog(logger: zapLogger, service: config.service, perMinute: config.transportLimits.refusalLogsPerMinute)
        let authenticator = try Authenticator(allowListFile: file, logger: zapLogger, refusals: refusals)
        let reactor = try Reactor(name: "quench-zap")
        let zap = try await ZAPHandler.start(context: context, reactor: reactor) { authenticator.authenticate($0) }
        try await reactor.perform {
            reactor.addTimer(every: .seconds(1)) { authenticator.reloadIfChanged() }
        }
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let signals = Task {
            for await _ in hangups {
                logger.notice("SIGHUP: re-reading the allow-list")
                authenticator.reload()
            }
        }
        logger.info("CURVE on; clients authenticated against the allow-list", metadata: [
            "allowList": "\(file)", "keys": "\(authenticator.count)",
            "publicKey": "\(config.security.serverKeys?.publicKey ?? "")",
        ])
        return TransportSecurity(authenticator: authenticator, zap: zap, reactor: reactor, signals: signals)
    }

    /// Stops authenticating (after the server sockets are closed).
    func close() async {
        signals.cancel()
        await zap.close()
        reactor.stop()
    }
}
