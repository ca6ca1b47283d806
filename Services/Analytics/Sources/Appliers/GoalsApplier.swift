import GRDB
import QuenchProtocol
import QuenchRuntime

/// Applies goals' events: the goal history and the challenge catalog (by effective day).
enum GoalsApplier {
    static let maxGoalMl = 100_000.0
    static let maxTextLength = 2_000
    /// The events of goals analytics applies (``routes``).
    static var applied: AppliedEvents { routes.applied }

    /// A subscriber transaction's run (`StreakBatch`).
    static func batch() -> StreakBatch {
        StreakBatch(apply)
    }

    /// Applies one event on its own: a run of one.
    static func apply(_ db: Database, _ event: Envelope) throws {
        try batch().applyAlone(db, event)
    }

    static func apply(_ db: Database, _ event: Envelope, streaks: inout StreakBacklog) throws {
        try routes.apply(&streaks, db, event)
    }

    /// Each event of goals analytics applies, with its handler.
    static let routes: EventRoutes<StreakBacklog> = {
        var routes = EventRoutes<StreakBacklog>()
        routes.on(.goalChanged) { streaks, db, body, event in
            guard GoalSource(rawValue: body.source) != nil else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): unknown goal source '\(body.source.prefix(40))'")
            }
            try GoalStore.set(
                db, user: try EventInput.user(body.user, event),
                effectiveDay: body.effectiveDay.description,
                goalMl: try positive(body.newGoalMl, field: "newGoalMl", upTo: maxGoalMl, event),
                source: body.source, weightKg: body.weightKg, streaks: &streaks)
        }
        routes.on(.challengeUpserted) { _, db, body, event in
            let challenge = body.challenge
            try validate(challenge, event)
            if try !ChallengeStore.exists(db, id: challenge.id), try ChallengeStore.count(db) >= ChallengeStore.maxChallenges {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): the catalog holds \(ChallengeStore.maxChallenges) challenges already")
            }
            try ChallengeStore.upsert(db, challenge, effectiveDay: body.effectiveDay)
        }
        routes.on(.challengeRetired) { _, db, body, event in
            _ = try EventInput.id(body.id, field: "id", event)
            guard try ChallengeStore.retire(db, id: body.id, effectiveDay: body.effectiveDay) else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): no challenge '\(body.id.prefix(64))' to retire")
            }
        }
        routes.on(.goalErased) { streaks, db, body, event in
            try GoalStore.eraseUser(db, user: try EventInput.user(body.user, event), streaks: &streaks)
            UserErasure.requestScrub(db)
        }
        return routes
    }()

    private static func positive(_ value: Double, field: String, upTo limit: Double, _ event: Envelope) throws -> Double {
        guard value.isFinite, value > 0, value <= limit else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(field) must be greater than 0 and at most \(limit), got \(value)")
        }
        return value
    }

    private static func validate(_ challenge: Challenge, _ event: Envelope) throws {
        _ = try EventInput.id(challenge.id, field: "challenge.id", event)
        guard ChallengeScoring.measure(ofType: challenge.type) != nil else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): challenge type '\(challenge.type.prefix(40))' has no data to measure it")
        }
        _ = try positive(challenge.goal, field: "challenge.goal", upTo: 1e9, event)
        _ = try EventInput.integer(challenge.reward.points, field: "challenge.reward.points", in: 0...1_000_000, event)
        for (field, text) in [("title", challenge.title), ("description", challenge.description), ("reward.trophy", challenge.reward.trophy)]
        where text.count > maxTextLength {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): challenge.\(field) is longer than \(maxTextLength) characters")
        }
    }
}
