import GRDB
import QuenchProtocol
import QuenchRuntime

/// Applies intake's events to the water read models.
enum IntakeApplier {
    /// The events of intake analytics applies (``routes``).
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

    /// Each event of intake analytics applies, with its handler.
    static let routes: EventRoutes<StreakBacklog> = {
        var routes = EventRoutes<StreakBacklog>()
        let upsert: EventRoutes<StreakBacklog>.Handler<IntakeEventBody> = { streaks, db, body, event in
            let intake = body.intake
            let user = try EventInput.user(intake.user, event)
            if let previous = body.previous, previous.user != intake.user {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): previous belongs to another user")
            }
            try WaterStore.upsert(
                db, user: user, id: try EventInput.id(intake.id, field: "intake.id", event),
                day: try EventInput.day(intake.day, field: "intake.day", event),
                waterUl: try EventInput.integer(intake.waterMicrolitres, field: "intake.waterMicrolitres", in: 0...1_000_000_000, event),
                streaks: &streaks)
        }
        routes.on(.intakeLogged, upsert)
        routes.on(.intakeUpdated, upsert)
        routes.on(DecodedIntakeBatch.event) { streaks, db, decoded, event in
            // Each intake as an `intake.logged` of it; one of another user or with a field
            // out of range is left out, and with none usable the event is skipped.
            let body = decoded.body
            let user = try EventInput.user(body.user, event)
            var entries: [(id: String, day: String, waterUl: Int64)] = []
            entries.reserveCapacity(body.intakes.count)
            for intake in body.intakes where intake.user == user {
                do {
                    entries.append((
                        try EventInput.id(intake.id, field: "intake.id", event),
                        try EventInput.day(intake.day, field: "intake.day", event),
                        try EventInput.integer(intake.waterMicrolitres, field: "intake.waterMicrolitres", in: 0...1_000_000_000, event)))
                } catch is EventSkip {
                    continue
                }
            }
            guard !entries.isEmpty else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0) carries no usable intake of \(user) (\(body.intakes.count) intakes)")
            }
            try WaterStore.upsertMany(db, user: user, entries, streaks: &streaks)
        }
        routes.on(.intakeDeleted) { streaks, db, body, event in
            let intake = body.intake
            try WaterStore.remove(
                db, user: try EventInput.user(intake.user, event), id: try EventInput.id(intake.id, field: "intake.id", event),
                streaks: &streaks)
        }
        routes.on(.intakeErased) { _, db, body, event in
            try WaterStore.eraseUser(db, user: try EventInput.user(body.user, event))
            UserErasure.requestScrub(db)
        }
        return routes
    }()
}
