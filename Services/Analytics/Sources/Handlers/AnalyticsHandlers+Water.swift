import GRDB
import QuenchProtocol
import QuenchRuntime

extension AnalyticsHandlers {
    func day(_ request: DayRequest, _ context: RequestContext) async throws -> DaySummary {
        let user = try context.actingUser()
        let day = try AnalyticsRules.day(request.day, default: today(context))
        let (water, goal) = try await database.pool.read { db in
            (try WaterStore.dayTotal(db, user: user, day: day.description), try GoalStore.goal(db, user: user, on: day.description))
        }
        return WaterMath.summary(day: day, waterUl: water, goal: goal, lag: lag())
    }

    func history(_ request: HistoryRequest, _ context: RequestContext) async throws -> HistoryReply {
        let user = try context.actingUser()
        let count = try AnalyticsRules.days(request.days)
        let today = today(context)
        let (totals, timeline) = try await database.pool.read { db in
            (try WaterStore.days(db, user: user, through: today.description), try GoalStore.timeline(db, user: user))
        }
        return WaterMath.history(today: today, days: count, totals: totals, timeline: timeline, lag: lag())
    }
}
