public import Foundation
import GRDB
import QuenchProtocol
public import QuenchRuntime

/// The challenge catalog: served from goals' own store, loaded from files or replaced from
/// a feed by operators (`quench challenges load`, `quench challenges sync`). Every change is
/// an event with the day it takes effect, so analytics scores each day with the version of
/// a challenge in force that day.
public struct ChallengeHandlers: Sendable {
    let database: ServiceDatabase
    let now: @Sendable () -> Date

    public init(database: ServiceDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(.challengesLoad) { (request: LoadChallengesRequest, write) in try load(request, write) }
        registry.command(.challengesReplace) { (request: ReplaceChallengesRequest, write) in try replace(request, write) }
        registry.command(.challengesChecked) { (request: ChallengesCheckedRequest, write) in try checked(request, write) }
        registry.query(.challengesList) { (_: ListChallengesRequest, _) in try await list() }
    }

    /// The zone whose day starts first (UTC+14, no daylight saving time).
    static let firstZone = TimeZone(identifier: "Pacific/Kiritimati")!

    /// The day a catalog change made at `instant` takes effect for every user: today where the
    /// day starts first. A day that is over anywhere is over there, so it comes before this
    /// one: a change never rescores a day already over for anyone, whatever the request's zone.
    /// A user in a zone behind gets the change from a later local day (her next, or the one after).
    static func effectiveDay(at instant: Date) -> LocalDay {
        LocalDay(instant: instant, timeZone: firstZone)
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
        let counts = try upsert(request.items, write, effectiveDay: Self.effectiveDay(at: now()))
        return LoadChallengesReply(received: request.items.count, created: counts.created, updated: counts.updated, unchanged: counts.unchanged)
    }

    /// The feed's items become the catalog: upserted by id, the others retired, the feed's
    /// validators kept; all in the command's one transaction.
    func replace(_ request: ReplaceChallengesRequest, _ write: WriteContext) throws -> ReplaceChallengesReply {
        try write.request.requirePrivileged()
        try ChallengeSourceRules.url(request.url)
        try ChallengeSourceRules.validator(request.etag, field: "etag")
        try ChallengeSourceRules.validator(request.lastModified, field: "lastModified")
        let skipped = request.skipped ?? 0
        guard skipped >= 0, skipped <= 1_000_000 else {
            throw QuenchError.invalidArgument("skipped", "must be 0 to 1000000, got \(skipped)")
        }
        try ChallengeRules.validate(request.items)
        guard request.items.count <= ChallengeStore.maxCatalog else {
            throw QuenchError(
                .failedPrecondition,
                "the feed has \(request.items.count) challenges, the catalog holds at most \(ChallengeStore.maxCatalog); nothing was replaced",
                field: "items")
        }
        let instant = now()
        let effectiveDay = Self.effectiveDay(at: instant)
        let counts = try upsert(request.items, write, effectiveDay: effectiveDay)
        let kept = Set(request.items.map(\.id))
        var retired = 0
        for id in try ChallengeStore.ids(write.db) where !kept.contains(id) {
            try ChallengeStore.delete(write.db, id: id)
            try write.emit(.challengeRetired, user: nil, ChallengeRetiredBody(id: id, effectiveDay: effectiveDay))
            retired += 1
        }
        let source = ChallengeSyncState(
            url: request.url, etag: request.etag, lastModified: request.lastModified, fetchedAt: instant, checkedAt: instant,
            outcome: ChallengeSyncState.Outcome.replaced, detail: nil, skipped: skipped)
        try ChallengeSourceStore.set(write.db, source)
        return ReplaceChallengesReply(
            received: request.items.count, created: counts.created, updated: counts.updated, unchanged: counts.unchanged,
            retired: retired, effectiveDay: effectiveDay, source: try ChallengeSourceStore.get(write.db) ?? source)
    }

    /// A fetch of the feed the catalog came from that kept the catalog. A check of another
    /// URL (or before any replace) changes nothing: the state describes the catalog held.
    func checked(_ request: ChallengesCheckedRequest, _ write: WriteContext) throws -> ChallengesCheckedReply {
        try write.request.requirePrivileged()
        try ChallengeSourceRules.url(request.url)
        let outcomes = [ChallengeSyncState.Outcome.notModified, ChallengeSyncState.Outcome.failed]
        guard outcomes.contains(request.outcome) else {
            throw QuenchError.invalidArgument("outcome", "must be one of \(outcomes.joined(separator: ", ")), got '\(request.outcome.prefix(40))'")
        }
        let failed = request.outcome == ChallengeSyncState.Outcome.failed
        let reason = failed ? try ChallengeSourceRules.reason(request.reason) : nil
        guard var source = try ChallengeSourceStore.get(write.db), source.url == request.url else {
            return ChallengesCheckedReply(source: try ChallengeSourceStore.get(write.db))
        }
        source.checkedAt = now()
        source.outcome = request.outcome
        source.detail = failed ? request.detail.map(ChallengeSourceRules.printable) : nil
        source.reason = reason
        try ChallengeSourceStore.set(write.db, source)
        // As stored (times to SQLite's precision), the same as `challenges.list` answers.
        return ChallengesCheckedReply(source: try ChallengeSourceStore.get(write.db))
    }

    func list() async throws -> ListChallengesReply {
        try await database.pool.read { db in
            ListChallengesReply(challenges: try ChallengeStore.all(db), source: try ChallengeSourceStore.get(db))
        }
    }

    /// Upserts `items`, emitting `challenge.upserted` with `effectiveDay` for each change.
    private func upsert(
        _ items: [Challenge], _ write: WriteContext, effectiveDay: LocalDay
    ) throws -> (created: Int, updated: Int, unchanged: Int) {
        var counts = (created: 0, updated: 0, unchanged: 0)
        for item in items {
            switch try ChallengeStore.upsert(write.db, item) {
            case .created: counts.created += 1
            case .updated: counts.updated += 1
            case .unchanged:
                counts.unchanged += 1
                continue
            }
            try write.emit(.challengeUpserted, user: nil, ChallengeUpsertedBody(challenge: item, effectiveDay: effectiveDay))
        }
        return counts
    }
}
