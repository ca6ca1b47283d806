import Foundation
public import Logging
import Synchronization
public import ZeroMQ

/// Decides every CURVE handshake of a service (the ZAP callback): admits only client keys on
/// the allow-list and keeps the list current (`reloadIfChanged` every second, `reload` on
/// SIGHUP). A connection's ZAP `User-Id` is its client key; each request's principal is what
/// the list binds that key to *now* (`principal(ofKey:)`), so a key removed from the list is
/// refused on its live connections at its next request, even when its principal keeps
/// another key.
///
/// Domains: `quench.rpc` (requests) and `quench.user-events` (the per-user event stream)
/// admit every listed key; `quench.events` (the full event stream) admits only `service:`
/// and `admin` principals, since a PUB socket cannot filter events per user — and not the
/// edge services (`service:web`), which act for users only.
public final class Authenticator: Sendable {
    public static let rpcDomain = "quench.rpc"
    public static let eventsDomain = "quench.events"
    public static let userEventsDomain = "quench.user-events"

    public let path: String
    private let logger: Logger
    private let state: Mutex<(list: AllowList, index: [String: Principal], modified: Date?)>
    private let keyRemoved = Mutex<(@Sendable () -> Void)?>(nil)
    /// Refused handshakes, counted and logged at a bounded rate.
    public let refusals: RefusalLog
    /// Keys refused on the user event stream until the given instant (subscription floods).
    private let refusedOnUserStream = Mutex<[String: ContinuousClock.Instant]>([:])

    /// Loads the allow-list; throws if it cannot be read or is invalid. Refusals are logged
    /// through `refusals` (default: at most 20 lines a minute on `logger`).
    public init(allowListFile path: String, logger: Logger, refusals: RefusalLog? = nil) throws {
        self.path = path
        self.logger = logger
        self.refusals = refusals ?? RefusalLog(logger: logger, service: "unknown", perMinute: TransportLimits.standard.refusalLogsPerMinute)
        let list = try AllowList.load(path: path)
        state = Mutex((list, Self.index(list), Self.modificationDate(path)))
    }

    /// How many keys are admitted now.
    public var count: Int { state.withLock { $0.list.clients.count } }

    /// The principal the allow-list binds `key` (a connection's `User-Id`, Z85) to now; nil
    /// once the key was removed: requests on a connection whose key was revoked since its
    /// handshake are refused.
    public func principal(ofKey key: String) -> Principal? {
        state.withLock { $0.index[key] }
    }

    /// Sets what runs after a reload that removed a key or bound it to another principal (on
    /// the thread that reloaded): sessions authenticated with it must end.
    public func onKeyRemoved(_ body: @escaping @Sendable () -> Void) {
        keyRemoved.withLock { $0 = body }
    }

    /// Re-reads the file if its modification time changed.
    public func reloadIfChanged() {
        let modified = Self.modificationDate(path)
        guard state.withLock({ $0.modified != modified }) else { return }
        reload()
    }

    /// Re-reads the file; an unreadable or invalid file keeps the current list (logged).
    public func reload() {
        let modified = Self.modificationDate(path)
        do {
            let list = try AllowList.load(path: path)
            let index = Self.index(list)
            let (changed, removed) = state.withLock { current -> (Bool, Int) in
                defer { current = (list, index, modified) }
                return (current.list != list, current.index.filter { index[$0.key] != $0.value }.count)
            }
            if changed { logger.notice("allow-list reloaded", metadata: ["file": "\(path)", "keys": "\(list.clients.count)", "removed": "\(removed)"]) }
            if removed > 0 { keyRemoved.withLock { $0 }?() }
        } catch {
            state.withLock { $0.modified = modified }
            logger.error("allow-list not reloaded; keeping the previous one", metadata: ["error": "\(error)"])
        }
    }

    /// Refuses `key` on the user event stream for `duration` (its live connections there are
    /// ended by reopening the stream; see `RPCServer`).
    public func refuseOnUserStream(key: String, for duration: Duration) {
        let until = ContinuousClock.now + duration
        refusedOnUserStream.withLock { refused in
            refused = refused.filter { $0.value > ContinuousClock.now }
            refused[key] = until
        }
    }

    /// The ZAP decision for one handshake.
    public func authenticate(_ request: ZAPRequest) -> ZAPResponse {
        guard let key = request.curvePublicKey else {
            refusals.refused(.handshake, "refused a handshake without CURVE", metadata: [
                "mechanism": "\(request.mechanism)", "address": "\(request.address)", "domain": "\(request.domain)"])
            return .deny("CURVE required")
        }
        guard let principal = state.withLock({ $0.index[key] }) else {
            refusals.refused(.handshake, "refused an unknown client key", metadata: [
                "key": "\(key)", "address": "\(request.address)", "domain": "\(request.domain)"])
            return .deny("key not on the allow-list")
        }
        if request.domain == Self.userEventsDomain,
           let until = refusedOnUserStream.withLock({ $0[key] }), until > ContinuousClock.now {
            refusals.refused(.handshake, "refused a key on the user event stream after a subscription flood", metadata: [
                "principal": "\(principal)", "address": "\(request.address)"])
            return .deny("too many subscriptions; refused on the user event stream for a while")
        }
        switch (request.domain, principal) {
        case (Self.eventsDomain, .user(let id)):
            refusals.refused(.handshake, "refused a user key on the full event stream; users subscribe on the user event stream", level: .info, metadata: ["user": "\(id)"])
            return .deny("users subscribe on the user event stream")
        case (Self.eventsDomain, let edge) where edge.isEdge:
            refusals.refused(.handshake, "refused an edge service on the full event stream; it reads the user event stream of the users it serves", level: .info, metadata: ["principal": "\(edge)"])
            return .deny("edge services subscribe on the user event stream")
        case (Self.rpcDomain, _), (Self.eventsDomain, _), (Self.userEventsDomain, _):
            return .allow(key)
        default:
            return .deny("unknown domain")
        }
    }

    /// Each key's principal (the first entry of a key listed twice; the file was validated).
    private static func index(_ list: AllowList) -> [String: Principal] {
        var index: [String: Principal] = [:]
        for client in list.clients where index[client.publicKey] == nil {
            index[client.publicKey] = Principal(transport: client.principal)
        }
        return index
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
