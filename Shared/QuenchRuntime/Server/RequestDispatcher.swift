import Foundation
import GRDB
package import Logging
import MessagePack
import QuenchProtocol
import Synchronization

/// Decodes a request envelope, checks it, runs its handler and encodes the reply.
/// Knows nothing of sockets, so it is tested directly.
package final class RequestDispatcher: Sendable {
    package enum Outcome {
        /// The reply is ready (inline handlers, and every error found before dispatch).
        case immediate([UInt8])
        /// Run this off the socket thread; it returns the reply bytes.
        case deferred(@Sendable () async -> [UInt8])
        /// A command, already handed to the writer: `reply` is called once, on the writer
        /// thread, with the reply bytes after the transaction holding it has committed.
        case queued(@Sendable (_ reply: @escaping @Sendable ([UInt8]) -> Void) -> Void)
    }

    let service: String
    let registry: HandlerRegistry
    let database: ServiceDatabase
    let outbox: Outbox
    let stats: ServerStats
    let logger: Logger
    let maxMessageBytes: Int
    let maxInFlight: Int
    let committer: GroupCommitter
    let metrics: RequestMetrics

    package init(
        service: String, registry: HandlerRegistry, database: ServiceDatabase, outbox: Outbox,
        stats: ServerStats, logger: Logger, maxMessageBytes: Int, maxInFlight: Int
    ) {
        self.service = service
        self.registry = registry
        self.database = database
        self.outbox = outbox
        self.stats = stats
        self.logger = logger
        self.maxMessageBytes = maxMessageBytes
        self.maxInFlight = maxInFlight
        committer = GroupCommitter(database: database, outbox: outbox, service: service)
        metrics = RequestMetrics(service: service, types: registry.types)
    }

    package func dispatch(_ bytes: [UInt8], principal: Principal) -> Outcome {
        stats.served.add(1, ordering: .relaxed)
        let started = DispatchTime.now().uptimeNanoseconds
        func errorReply(_ request: Envelope?, _ error: WireError) -> [UInt8] {
            self.errorReply(request, error, started: started)
        }
        guard bytes.count <= maxMessageBytes else {
            return .immediate(errorReply(nil, WireError(
                code: .tooLarge, message: "message of \(bytes.count) bytes exceeds the limit of \(maxMessageBytes) bytes")))
        }
        let request: Envelope
        do {
            request = try Envelope.decode(bytes)
        } catch let error as MessagePackError {
            return .immediate(errorReply(nil, WireError(code: .malformed, message: "envelope: \(error.description)")))
        } catch {
            return .immediate(errorReply(nil, WireError(code: .malformed, message: "envelope could not be read")))
        }
        guard request.version == Envelope.currentVersion else {
            return .immediate(errorReply(request, WireError(
                code: .unsupportedVersion,
                message: "protocol version \(request.version) is not supported; this service speaks \(Envelope.currentVersion)",
                field: "v")))
        }
        guard Envelope.isValidID(request.id) else {
            // Not echoed as `replyTo`: the id is what is wrong.
            return .immediate(errorReply(nil, WireError(
                code: .invalidArgument, message: "the envelope id must be \(Envelope.idRule)", field: "id")))
        }
        if let user = request.user, !UserIDRule.isValid(user) {
            return .immediate(errorReply(request.withoutUser(), WireError(
                code: .invalidArgument, message: "\(UserIDRule.description); got \(UserIDRule.shown(user))", field: "user")))
        }
        guard let handler = registry.handler(for: request.type) else {
            return .immediate(errorReply(request, WireError(
                code: .unknownType, message: "\(service) does not serve '\(request.type)'", field: "type")))
        }
        if let zone = request.timeZone, TimeZoneCache.zone(zone) == nil {
            return .immediate(errorReply(request, WireError(
                code: .invalidArgument, message: "must be an IANA time zone name such as Europe/Berlin or UTC (no offsets like UTC+5), got \(FieldRules.quoted(zone))", field: "tz")))
        }
        let context = makeContext(request, principal: principal)
        switch handler {
        case .inline(let run):
            return .immediate(encodeOutcome(request, context, started) { try run(request, context) })
        case .query(let run):
            return deferred(request, context, started) { try await run(request, context) }
        case .command(let prepare):
            guard let key = request.idempotencyKey, !key.isEmpty, key.utf8.count <= 200 else {
                return .immediate(errorReply(request, WireError(
                    code: .invalidArgument,
                    message: "commands must carry an idempotency key of 1 to 200 bytes", field: "idempotencyKey")))
            }
            let transaction: @Sendable (WriteContext) throws -> MessagePackRaw
            do {
                transaction = try prepare(request)
            } catch {
                return .immediate(errorReply(request, ErrorMapping.wireError(for: error, logger: context.logger)))
            }
            let scope = IdempotencyStore.Scope(principal: principal.description, user: Self.keyUser(request, principal))
            let fingerprint = IdempotencyStore.fingerprint(body: request.body)
            let work: GroupCommitter.Work = { [outbox] db in
                if let stored = try IdempotencyStore.replay(db, scope: scope, key: key, type: request.type, fingerprint: fingerprint) {
                    return stored
                }
                let reply = try transaction(WriteContext(db: db, outbox: outbox, request: context))
                try IdempotencyStore.store(db, scope: scope, key: key, type: request.type, fingerprint: fingerprint, reply: reply)
                return reply
            }
            guard admitInFlight() else { return .immediate(tooBusy(request, started)) }
            return .queued { [self] respond in
                committer.submit(work) { [self] result in
                    let reply: [UInt8]
                    switch result {
                    case .success(let body): reply = encode(request.reply(raw: body), request, started: started)
                    case .failure(let error): reply = self.errorReply(request, ErrorMapping.wireError(for: error, logger: context.logger), started: started)
                    }
                    stats.inFlight.subtract(1, ordering: .relaxed)
                    respond(reply)
                }
            }
        }
    }

    /// The user an idempotency key is kept under: a user principal's own id (it may act for
    /// no one else), otherwise the envelope's `user` (empty when it names none).
    static func keyUser(_ request: Envelope, _ principal: Principal) -> String {
        if case .user(let id) = principal { return id }
        return request.user ?? ""
    }

    /// Runs `body` on the writer after the replies of each committed batch were handed over.
    func onBatchCommitted(_ body: @escaping @Sendable () -> Void) {
        committer.setAfterBatch(body)
    }

    /// Stops the writer after the commands already queued (service shutdown).
    package func close() {
        committer.stop()
    }

    /// Counts a request in flight, unless `maxInFlight` are already.
    private func admitInFlight() -> Bool {
        let current = stats.inFlight.add(1, ordering: .relaxed).newValue
        guard current <= maxInFlight else {
            stats.inFlight.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    private func tooBusy(_ request: Envelope, _ started: UInt64) -> [UInt8] {
        errorReply(request, WireError(
            code: .resourceExhausted, message: "\(service) has \(maxInFlight) requests in flight; retry shortly"), started: started)
    }

    private func deferred(
        _ request: Envelope, _ context: RequestContext, _ started: UInt64,
        _ run: @escaping @Sendable () async throws -> MessagePackRaw
    ) -> Outcome {
        guard admitInFlight() else { return .immediate(tooBusy(request, started)) }
        return .deferred { [self] in
            let reply: [UInt8]
            do {
                reply = encode(request.reply(raw: try await run()), request, started: started)
            } catch {
                reply = errorReply(request, ErrorMapping.wireError(for: error, logger: context.logger), started: started)
            }
            stats.inFlight.subtract(1, ordering: .relaxed)
            return reply
        }
    }

    private func encodeOutcome(_ request: Envelope, _ context: RequestContext, _ started: UInt64, _ run: () throws -> MessagePackRaw) -> [UInt8] {
        do {
            return encode(request.reply(raw: try run()), request, started: started)
        } catch {
            return errorReply(request, ErrorMapping.wireError(for: error, logger: context.logger), started: started)
        }
    }

    private func makeContext(_ request: Envelope, principal: Principal) -> RequestContext {
        let zone = request.timeZone.flatMap(TimeZoneCache.zoneID) ?? .utc
        return RequestContext(
            requestID: request.id, type: request.type, envelopeUser: request.user, principal: principal,
            zone: zone, sentAt: request.sentAt, idempotencyKey: request.idempotencyKey, logger: logger)
    }

    /// An error reply; `started` (when the request was taken in) times it.
    func errorReply(_ request: Envelope?, _ error: WireError, started: UInt64? = nil) -> [UInt8] {
        stats.countError(error.code)
        metrics.failed(error.code)
        let reply = request?.reply(error: error) ?? Envelope(type: "error", error: error)
        logger.debug("error reply", metadata: ["code": "\(error.code)", "message": "\(error.message)"])
        return encode(reply, request, started: started)
    }

    private func encode(_ reply: Envelope, _ request: Envelope?, started: UInt64?) -> [UInt8] {
        metrics.replied(request?.type, nanoseconds: started.map { DispatchTime.now().uptimeNanoseconds &- $0 })
        do {
            return try reply.encoded()
        } catch {
            logger.error("reply could not be encoded", metadata: ["error": "\(error)"])
            let fallback = (request ?? reply).reply(error: WireError(code: .internal, message: "reply could not be encoded"))
            return (try? fallback.encoded()) ?? []
        }
    }
}

extension Envelope {
    /// The request without its `user`, to answer a `user` that breaks the rule without
    /// echoing it.
    fileprivate func withoutUser() -> Envelope {
        var copy = self
        copy.user = nil
        return copy
    }
}
