import GRDB
import QuenchProtocol
public import QuenchRuntime

/// The challenge catalog: served from goals' own store, loaded by operators.
public struct ChallengeHandlers: Sendable {
    let database: ServiceDatabase

    public init(database: ServiceDatabase) {
        self.database = database
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(.challengesLoad) { (request: LoadChallengesRequest, write) in try load(request, write) }
        registry.query(.challengesList) { (_: ListChallengesRequest, _) in try await list() }
    }

    /// All items are checked first; then each is upserted, in the command's one transaction.
    func load(_ request: LoadChallengesRequest, _ write: WriteContext) throws -> LoadChallengesReply {
        try write.request.requirePrivileged()
        try ChallengeRules.validate(request.items)
        let fresh = try request.items.filter { try ChallengeStore.find(write.db, id: $0.id) == nil }.count
        let total = try ChallengeStore.count(write.db) + fresh
        guard total <= ChallengeStore.maxCatalog else {
            throw QuenchError(
                .failedPrecondition,
                "the catalog would hold \(total) challenges, at most \(ChallengeStore.maxCatalog) are allowed; nothing was loaded",
                field: "items")
        }
        var reply = LoadChallengesReply(received: request.items.count, created: 0, updated: 0, unchanged: 0)
        for item in request.items {
            switch try ChallengeStore.upsert(write.db, item) {
            case .created: reply.created += 1
            case .updated: reply.updated += 1
            case .unchanged:
                reply.unchanged += 1
                continue
            }
            try write.emit(.challengeUpserted, user: nil, ChallengeUpsertedBody(challenge: item))
        }
        return reply
    }

    func list() async throws -> ListChallengesReply {
        ListChallengesReply(challenges: try await database.pool.read { db in try ChallengeStore.all(db) })
    }
}
