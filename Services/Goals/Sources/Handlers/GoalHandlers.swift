public import Foundation
import GRDB
import QuenchProtocol
public import QuenchRuntime

/// The goal requests: the current goal, manual and auto goals, the goal on a day, history,
/// export and erase.
public struct GoalHandlers: Sendable {
    let database: ServiceDatabase
    /// The most periods one page of `goal.history` / `goal.export` holds (`limits.page.items`).
    let pageItems: Int
    let now: @Sendable () -> Date

    public init(database: ServiceDatabase, pageItems: Int = 1000, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.pageItems = max(1, pageItems)
        self.now = now
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(.goalSet) { (request: SetGoalRequest, write) in try set(request, write) }
        registry.command(.goalAuto) { (_: AutoGoalRequest, write) in try auto(write) }
        registry.command(.goalErase) { (_: UserDataRequest, write) in try erase(write) }
        registry.query(.goalGet) { (_: GetGoalRequest, context) in try await get(context) }
        registry.query(.goalAt) { (request: GoalAtRequest, context) in try await at(request, context) }
        registry.query(.goalDays) { (request: GoalDaysRequest, context) in try await days(request, context) }
        registry.query(.goalHistory) { (request: GoalHistoryRequest, context) in try await history(request, context) }
        registry.query(.goalExport) { (request: GoalExportRequest, context) in try await export(request, context) }
    }

    // MARK: Commands

    func set(_ request: SetGoalRequest, _ write: WriteContext) throws -> GoalReply {
        let user = try write.request.actingUser()
        let millilitres = try GoalRules.manualGoal(request.volume, unit: try GoalRules.unit(request.unit))
        return try change(write, user: user) { $0.setManual(millilitres) }
    }

    func auto(_ write: WriteContext) throws -> GoalReply {
        let user = try write.request.actingUser()
        return try change(write, user: user) { try $0.chooseAuto() }
    }

    func erase(_ write: WriteContext) throws -> EraseReply {
        let user = try write.request.actingUser()
        let deleted = try GoalStore.erase(write.db, user: user)
        try write.forgetTraces(of: user)
        try write.emit(.goalErased, user: user, UserErasedBody(user: user))
        return EraseReply(service: ServiceName.goals, deleted: ["settings": deleted.settings, "goals": deleted.goals])
    }

    /// Applies `mutate` to the user's state (remembering the request's zone as the user's)
    /// and commits the result; a goal change takes effect today in the request's zone.
    private func change(_ write: WriteContext, user: String, _ mutate: (inout GoalState) throws -> Void) throws -> GoalReply {
        var state = try GoalStore.state(write.db, user: user) ?? GoalState()
        try mutate(&state)
        state.timeZone = write.request.timeZoneName
        let updater = GoalUpdater { _, user, body in
            try write.emit(.goalChanged, user: user, body)
        }
        let today = LocalDay(instant: now(), timeZone: write.request.timeZone)
        let outcome = try updater.commit(write.db, user: user, state: state, today: today)
        return Self.reply(outcome.goal, since: outcome.since, state: state, changed: outcome.changed)
    }

    // MARK: Queries

    /// Also remembers the caller's zone as the user's, for goal changes that events make.
    func get(_ context: RequestContext) async throws -> GoalReply {
        let user = try context.actingUser()
        let zone = context.timeZoneName
        return try await database.pool.write { db in
            let state = try GoalStore.state(db, user: user)
            if let state, state.timeZone != zone {
                try db.execute(cached: "UPDATE goal_user SET timeZone = ? WHERE user = ?", arguments: [zone, user])
            } else if state == nil {
                // A new user's zone too, for the goal a first weight will derive.
                var learned = GoalState()
                learned.timeZone = zone
                try GoalStore.save(db, user: user, learned)
            }
            let current = try GoalStore.current(db, user: user)
            return Self.reply(current?.goal ?? .default, since: current?.startDay, state: state ?? GoalState(), changed: nil)
        }
    }

    func at(_ request: GoalAtRequest, _ context: RequestContext) async throws -> GoalOnDay {
        let user = try context.actingUser()
        let day = request.day ?? context.today(at: now())
        let periods = try await database.pool.read { db in try GoalStore.periods(db, user: user, from: day, to: day) }
        return GoalTimeline.goal(on: day, periods: periods)
    }

    func days(_ request: GoalDaysRequest, _ context: RequestContext) async throws -> GoalDaysReply {
        let user = try context.actingUser()
        let (from, to) = (request.from, request.to)
        try GoalRules.range(from: from, to: to)
        let periods = try await database.pool.read { db in try GoalStore.periods(db, user: user, from: from, to: to) }
        return GoalDaysReply(days: GoalTimeline.goals(from: from, to: to, periods: periods))
    }

    /// A page of the user's goals, newest first.
    func history(_ request: GoalHistoryRequest, _ context: RequestContext) async throws -> GoalHistoryReply {
        let user = try context.actingUser()
        let (size, cursor) = try page(request.limit, request.cursor)
        let page = try await database.pool.read { db in try Self.periods(db, user: user, after: cursor, size: size) }
        return GoalHistoryReply(goals: page.goals, nextCursor: page.next)
    }

    /// The user's settings (on every page) and a page of goals, newest first.
    func export(_ request: GoalExportRequest, _ context: RequestContext) async throws -> GoalExport {
        let user = try context.actingUser()
        let (size, cursor) = try page(request.limit, request.cursor)
        return try await database.pool.read { db in
            let state = try GoalStore.state(db, user: user) ?? GoalState()
            let page = try Self.periods(db, user: user, after: cursor, size: size)
            return GoalExport(
                user: user, manualGoalMl: state.manualMl, pinned: state.pinned, timeZone: state.timeZone,
                bodyMassConsent: state.bodyMassConsent,
                weight: state.weight.map { GoalExport.Weight(weightKg: $0.kg, measuredAt: $0.measuredAt, sampleId: $0.sampleId) },
                goals: page.goals, nextCursor: page.next)
        }
    }

    // MARK: Helpers

    /// The page size and cursor a paged request asks for, checked.
    private func page(_ limit: Int?, _ cursor: String?) throws -> (Int, GoalCursor?) {
        (try Paging.pageSize(limit, max: pageItems), try cursor.map(GoalCursor.init(parsing:)))
    }

    /// Up to `size` periods after `cursor`, newest first, and the cursor of the next page.
    private static func periods(_ db: Database, user: String, after cursor: GoalCursor?, size: Int) throws -> (goals: [GoalPeriod], next: String?) {
        // One more than the page: whether another page follows.
        var rows = try GoalStore.history(db, user: user, before: cursor?.startDay, limit: size + 1)
        let next = rows.count > size ? GoalCursor(after: rows[size - 1].startDay).text : nil
        if rows.count > size { rows.removeLast(rows.count - size) }
        return (rows.map(\.wire), next)
    }

    static func reply(_ goal: EffectiveGoal, since: LocalDay?, state: GoalState, changed: Bool?) -> GoalReply {
        GoalReply(
            goalMl: goal.goalMl, source: goal.source.rawValue, since: since,
            weightKg: goal.source == .auto ? goal.weightKg : nil, adjusted: goal.adjusted?.rawValue,
            pinned: state.pinned, autoAvailable: state.autoAvailable, changed: changed)
    }
}
