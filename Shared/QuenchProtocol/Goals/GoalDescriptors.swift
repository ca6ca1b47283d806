// The goals service's messages (docs/PROTOCOL.md §7, "goals").

extension MessageDescriptor where Kind == QueryKind, Request == GetGoalRequest, Reply == GoalReply {
    /// The current goal. A query on the wire (no idempotency key), though it notes the
    /// caller's `tz` as the user's zone (an idempotent write, no event): the zone a goal
    /// derived from a weight event starts its day in, and `goal.export`'s `timeZone`. A retry
    /// writes the same value again, so it is safe to retry freely, as queries are; making it
    /// a command would ask every client for an idempotency key (a wire change).
    public static var goalGet: Self { .init(name: "goal.get", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == SetGoalRequest, Reply == GoalReply {
    public static var goalSet: Self { .init(name: "goal.set", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == AutoGoalRequest, Reply == GoalReply {
    /// Follow the weight-derived goal again.
    public static var goalAuto: Self { .init(name: "goal.auto", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == QueryKind, Request == GoalAtRequest, Reply == GoalOnDay {
    public static var goalAt: Self { .init(name: "goal.at", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == QueryKind, Request == GoalDaysRequest, Reply == GoalDaysReply {
    public static var goalDays: Self { .init(name: "goal.days", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == QueryKind, Request == GoalHistoryRequest, Reply == GoalHistoryReply {
    public static var goalHistory: Self { .init(name: "goal.history", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == QueryKind, Request == GoalExportRequest, Reply == GoalExport {
    public static var goalExport: Self { .init(name: "goal.export", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == UserDataRequest, Reply == EraseReply {
    public static var goalErase: Self { .init(name: "goal.erase", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ListChallengesRequest, Reply == ListChallengesReply {
    public static var challengesList: Self { .init(name: "challenges.list", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == LoadChallengesRequest, Reply == LoadChallengesReply {
    /// Upserts challenges by id, all or nothing (privileged).
    public static var challengesLoad: Self { .init(name: "challenges.load", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ReplaceChallengesRequest, Reply == ReplaceChallengesReply {
    /// Replaces the catalog with a fetched feed's items, keeping its validators (privileged).
    public static var challengesReplace: Self { .init(name: "challenges.replace", service: ServiceName.goals) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ChallengesCheckedRequest, Reply == ChallengesCheckedReply {
    /// Notes a feed fetch that kept the catalog: 304 or a failure (privileged).
    public static var challengesChecked: Self { .init(name: "challenges.checked", service: ServiceName.goals) }
}

extension EventDescriptor where Body == GoalChangedBody {
    /// The user's water goal changed.
    public static var goalChanged: Self { .init(name: "goal.changed", service: ServiceName.goals) }
}

extension EventDescriptor where Body == ChallengeUpsertedBody {
    /// A challenge was added or updated in the catalog.
    public static var challengeUpserted: Self { .init(name: "challenge.upserted", service: ServiceName.goals) }
}

extension EventDescriptor where Body == ChallengeRetiredBody {
    /// A challenge left the catalog from a day on.
    public static var challengeRetired: Self { .init(name: "challenge.retired", service: ServiceName.goals) }
}

extension EventDescriptor where Body == UserErasedBody {
    /// Everything of one user was erased.
    public static var goalErased: Self { .init(name: "goal.erased", service: ServiceName.goals) }
}
