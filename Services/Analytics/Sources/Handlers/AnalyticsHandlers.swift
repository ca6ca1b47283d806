public import Foundation
import GRDB
public import QuenchProtocol
public import QuenchRuntime

/// The analytics service's request handlers. Every answer comes from analytics' own read
/// models, with the subscribers' lag attached, so it answers while a publisher is down.
public struct AnalyticsHandlers: Sendable {
    let database: ServiceDatabase
    let now: @Sendable () -> Date
    let lag: @Sendable () -> [SubscriptionHealth]
    let resetSubscribers: @Sendable () -> Void

    /// - Parameters:
    ///   - lag: the subscribers' health, attached to every reply.
    ///   - resetSubscribers: tells the running subscribers their cursors were reset.
    public init(
        database: ServiceDatabase,
        now: @escaping @Sendable () -> Date = Date.init,
        lag: @escaping @Sendable () -> [SubscriptionHealth] = { [] },
        resetSubscribers: @escaping @Sendable () -> Void = {}
    ) {
        self.database = database
        self.now = now
        self.lag = lag
        self.resetSubscribers = resetSubscribers
    }

    /// The lag attached to replies to users: behind or current, never the counters, which
    /// count every user's events (``SubscriptionHealth/withheldCounters``).
    func userLag() -> [SubscriptionHealth] {
        lag().map(\.withheldCounters)
    }

    /// `analytics.lag`: the counters for operators and services (the web edge waits on them),
    /// behind-or-current only for a user principal.
    func lagReply(_ context: RequestContext) -> LagReply {
        if context.isUserPrincipal { return LagReply(publishers: userLag()) }
        return LagReply(publishers: lag())
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.query(.analyticsToday) { (request: DayRequest, context) in try await day(request, context) }
        registry.query(.analyticsHistory) { (request: HistoryRequest, context) in
            Encoded<HistoryReply>(vouchedFor: try HistoryEncoding.encode(try await historyPage(request, context)))
        }
        registry.query(.analyticsStepsMonth) { (request: MonthRequest, context) in try await stepsMonth(request, context) }
        registry.query(.analyticsChallengesProgress) { (request: MonthRequest, context) in
            try await challengesProgress(request, context)
        }
        registry.query(.analyticsOneRepMax) { (request: OneRepMaxRequest, context) in try await oneRepMax(request, context) }
        registry.query(.analyticsWorkouts) { (request: MonthRequest, context) in try await workouts(request, context) }
        registry.query(.analyticsLag) { (_: LagRequest, context) in lagReply(context) }
        registry.command(.analyticsRebuild) { (_: RebuildRequest, write) in try rebuild(write) }
    }
}
