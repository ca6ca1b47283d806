public import Foundation
import GRDB
import QuenchProtocol
public import QuenchRuntime

/// The goal requests: the current goal, manual and auto goals, the goal on a day, history,
/// export and erase.
public struct GoalHandlers: Sendable {
    let database: ServiceDatabase
    let now: @Sendable () -> Date

    public init(database: ServiceDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(GoalMessage.set) { (request: SetGoalRequest, write) in try set(request, write) }
        registry.command(GoalMessage.auto) { (_: AutoGoalRequest, write) in try auto(write) }
        registry.command(GoalMessage.erase) { (_: UserDataRequest, write) in try erase(write) }
        registry.query(GoalMessage.get) { (_: GetGoalRequest, context) in try await get(context) }
        registry.query(GoalMessage.at) { (request: GoalAtRequest, context) in try await at(request, context) }
        registry.query(GoalMessage.days) { (request: GoalDaysRequest, context) in try await days(request, context) }
        registry.query(GoalMessage.history) { (_: GoalHistoryRequest, context) in try await history(context) }
        registry.query(GoalMessage.export) { (_: UserDataRequest, context) in try await export(context) }
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
        try write.emit(GoalEvent.erased, user: user, UserErasedBody(user: user))
        return EraseReply(service: ServiceName.goals, deleted: ["settings": deleted.settings, "goals": deleted.goals])
    }

    /// Applies `mutate` to the user's state (remembering the request's zone as the user's)
    /// and commits the result; a goal change takes effect today in the request's zone.
    private func change(_ write: WriteContext, user: String, _ mutate: (inout GoalState) throws -> Void) throws -> GoalReply {
        var state = try GoalStore.state(write.db, user: user) ?? GoalState()
        try mutate(&state)
        state.timeZone = write.request.timeZoneName
        let updater = GoalUpdater { _, user, body in
            try write.emit(GoalEvent.changed, user: user, body)
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
        let day = try GoalRules.day(request.day) { today(context) }
        let periods = try await database.pool.read { db in try GoalStore.periods(db, user: user, from: day, to: day) }
        return GoalTimeline.goal(on: day, periods: periods)
    }

    func days(_ request: GoalDaysRequest, _ context: RequestContext) async throws -> GoalDaysReply {
        let user = try context.actingUser()
        let from = try GoalRules.day(request.from, field: "from") { today(context) }
        let to = try GoalRules.day(request.to, field: "to") { today(context) }
        try GoalRules.range(from: from, to: to)
        let periods = try await database.pool.read { db in try GoalStore.periods(db, user: user, from: from, to: to) }
        return GoalDaysReply(days: GoalTimeline.goals(from: from, to: to, periods: periods))
    }

    func history(_ context: RequestContext) async throws -> GoalHistoryReply {
        let user = try context.actingUser()
        let periods = try await database.pool.read { db in
            try GoalStore.history(db, user: user, limit: GoalHistoryReply.maxGoals)
        }
        return GoalHistoryReply(goals: periods.map(\.wire))
    }

    func export(_ context: RequestContext) async throws -> GoalExport {
        let user = try context.actingUser()
        return try await database.pool.read { db in
            let state = try GoalStore.state(db, user: user) ?? GoalState()
            let periods = try GoalStore.history(db, user: user, limit: GoalHistoryReply.maxGoals)
            return GoalExport(
                user: user, manualGoalMl: state.manualMl, pinned: state.pinned, timeZone: state.timeZone,
                bodyMassConsent: state.bodyMassConsent,
                weight: state.weight.map { GoalExport.Weight(weightKg: $0.kg, measuredAt: $0.measuredAt, sampleId: $0.sampleId) },
                goals: periods.map(\.wire))
        }
    }

    // MARK: Helpers

    private func today(_ context: RequestContext) -> LocalDay {
        LocalDay(instant: now(), timeZone: context.timeZone)
    }

    static func reply(_ goal: EffectiveGoal, since: LocalDay?, state: GoalState, changed: Bool?) -> GoalReply {
        GoalReply(
            goalMl: goal.goalMl, source: goal.source.rawValue, since: since?.description,
            weightKg: goal.source == .auto ? goal.weightKg : nil, adjusted: goal.adjusted?.rawValue,
            pinned: state.pinned, autoAvailable: state.autoAvailable, changed: changed)
    }
}
