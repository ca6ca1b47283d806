import GRDB
import QuenchProtocol
import QuenchRuntime

extension AnalyticsHandlers {
    func day(_ request: DayRequest, _ context: RequestContext) async throws -> DaySummary {
        let user = try context.actingUser()
        let day = request.day ?? context.today(at: now())
        let (water, goal) = try await database.pool.read { db in
            (try WaterStore.dayTotal(db, user: user, day: day.description), try GoalStore.goal(db, user: user, on: day.description))
        }
        return WaterMath.summary(day: day, waterUl: water, goal: goal, lag: userLag())
    }

    func history(_ request: HistoryRequest, _ context: RequestContext) async throws -> HistoryReply {
        try await historyPage(request, context).reply
    }

    /// Reads only the days asked for: the streaks come from the streak read model, so the
    /// cost does not grow with the rest of the user's history.
    func historyPage(_ request: HistoryRequest, _ context: RequestContext) async throws -> HistoryPage {
        let user = try context.actingUser()
        let count = try AnalyticsRules.days(request.days)
        let today = context.today(at: now())
        let first = today.ordinal - (count - 1)
        let (totals, timeline, streaks) = try await database.pool.read { db in
            (
                try WaterStore.days(db, user: user, from: first, through: today.ordinal),
                try GoalStore.timeline(db, user: user, from: first, through: today.ordinal),
                try StreakStore.streaks(db, user: user, today: today.ordinal))
        }
        return WaterMath.history(today: today, days: count, totals: totals, timeline: timeline, streaks: streaks, lag: userLag())
    }
}
