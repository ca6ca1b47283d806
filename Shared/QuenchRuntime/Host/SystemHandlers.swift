import GRDB
import QuenchProtocol

/// `system.ping` and `events.since`, served by every service (`system.health` and
/// `system.metrics` are added by the host, which owns the state they report).
package enum SystemHandlers {
    package static func register(in registry: inout HandlerRegistry, outbox: Outbox, database: ServiceDatabase) {
        let startedAt = ContinuousClock.now
        registry.inline(.systemPing) { (_: PingRequest, context: RequestContext) in
            let elapsed = ContinuousClock.now - startedAt
            return PingReply(
                service: outbox.publisher,
                version: QuenchVersion.current,
                uptimeSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                // The head counts every user's events: withheld from a user principal.
                headSeq: context.isUserPrincipal ? 0 : outbox.headSeq)
        }
        registry.query(.eventsSince) { (request: EventsSinceRequest, context: RequestContext) in
            let limit = request.limit ?? EventsSinceRequest.defaultLimit
            guard (1...EventsSinceRequest.maxLimit).contains(limit) else {
                throw QuenchError.invalidArgument("limit", "must be between 1 and \(EventsSinceRequest.maxLimit), got \(limit)")
            }
            try context.requirePrivileged()
            let (events, head) = try await database.pool.read { db in
                (try outbox.events(db, after: request.after, limit: limit), outbox.headSeq)
            }
            return EventsSinceReply(events: events, headSeq: head)
        }
    }
}
