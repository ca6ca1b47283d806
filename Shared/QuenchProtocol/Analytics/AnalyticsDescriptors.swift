// The analytics service's messages (docs/PROTOCOL.md §7, "analytics"). Every query is
// answered from analytics' own read models and carries a `lag` section saying how far
// behind each publisher it is. Analytics publishes no events.

extension MessageDescriptor where Kind == QueryKind, Request == DayRequest, Reply == DaySummary {
    /// One day's water against that day's goal.
    public static var analyticsToday: Self { .init(name: "analytics.today", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == HistoryRequest, Reply == HistoryReply {
    /// Daily totals against each day's goal, streaks.
    public static var analyticsHistory: Self { .init(name: "analytics.history", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == MonthRequest, Reply == StepsMonthReply {
    /// A month's daily steps, axis maximum, badges.
    public static var analyticsStepsMonth: Self { .init(name: "analytics.steps-month", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == MonthRequest, Reply == ChallengesProgressReply {
    /// Each catalog challenge over a month.
    public static var analyticsChallengesProgress: Self { .init(name: "analytics.challenges-progress", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == OneRepMaxRequest, Reply == OneRepMaxReply {
    /// Estimated one-rep max per exercise.
    public static var analyticsOneRepMax: Self { .init(name: "analytics.orm", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == MonthRequest, Reply == WorkoutsReply {
    /// A month's workouts (Apple Health imports), by day.
    public static var analyticsWorkouts: Self { .init(name: "analytics.workouts", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == QueryKind, Request == LagRequest, Reply == LagReply {
    /// Per publisher, last applied seq against head seq.
    public static var analyticsLag: Self { .init(name: "analytics.lag", service: ServiceName.analytics) }
}

extension MessageDescriptor where Kind == CommandKind, Request == RebuildRequest, Reply == RebuildReply {
    /// Drop every read model and reset the cursors (privileged); the subscribers then
    /// rebuild from seq 0.
    public static var analyticsRebuild: Self { .init(name: "analytics.rebuild", service: ServiceName.analytics) }
}
