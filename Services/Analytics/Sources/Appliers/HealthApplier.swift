import GRDB
import QuenchProtocol
import QuenchRuntime

/// Applies health-ingest's events: daily steps and distance, strength sets, and the revoked
/// consents that mask them (`ConsentMask`).
enum HealthApplier {
    /// health-ingest's daily bound (``ValueRules``), which every day it publishes is within:
    /// a day above it here would be data health-ingest accepted and analytics dropped.
    static let maxStepsPerDay: Int64 = ValueRules.stepsPerDay
    static let maxMetersPerDay = ValueRules.distanceMetersPerDay
    static let maxWeightKg = 2_000.0
    /// The events of health-ingest analytics applies (``routes``); weights (goals follow
    /// them) and water (intake's) are passed over.
    static var applied: AppliedEvents { routes.applied }

    static func apply(_ db: Database, _ event: Envelope) throws {
        try routes.apply(db, event)
    }

    /// Each event of health-ingest analytics applies, with its handler.
    static let routes: EventRoutes<Void> = {
        var routes = EventRoutes<Void>()
        routes.on(.healthStepsDayChanged) { _, db, body, event in
            try ActivityStore.setSteps(
                db, user: try EventInput.user(body.user, event), day: body.day.description,
                steps: try EventInput.integer(body.steps, field: "steps", in: 0...maxStepsPerDay, event))
        }
        routes.on(.healthDistanceDayChanged) { _, db, body, event in
            try ActivityStore.setDistance(
                db, user: try EventInput.user(body.user, event), day: body.day.description,
                meters: try EventInput.number(body.meters, field: "meters", in: 0...maxMetersPerDay, event))
        }
        routes.on(.healthStrengthRecorded) { _, db, body, event in
            try StrengthStore.record(db, try strengthSet(body, event))
        }
        routes.on(DecodedStrengthBatch.event) { _, db, decoded, event in
            let body = decoded.body
            guard body.samples.count <= HealthEvent.maxBatchSamples else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): at most \(HealthEvent.maxBatchSamples) samples, got \(body.samples.count)")
            }
            // A batch names a few exercises many times: each distinct name is folded once.
            var names: [String: (key: String, display: String)?] = [:]
            try StrengthStore.record(db, batch: try body.samples.map { sample in
                let folded: (key: String, display: String)?
                if let known = names[sample.exercise] {
                    folded = known
                } else {
                    folded = ExerciseName.key(sample.exercise).map { ($0, ExerciseName.display(sample.exercise)) }
                    names[sample.exercise] = .some(folded)
                }
                return try strengthSet(sample, event, name: folded)
            })
        }
        routes.on(.healthSamplesRemoved) { _, db, body, event in
            let user = try EventInput.user(body.user, event)
            guard body.sampleIds.count <= HealthEvent.maxBatchSamples else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): at most \(HealthEvent.maxBatchSamples) sampleIds, got \(body.sampleIds.count)")
            }
            switch body.type {
            case "strength": try StrengthStore.remove(db, user: user, sampleIds: body.sampleIds, days: body.days)
            case "workout": try WorkoutStore.remove(db, user: user, sampleIds: body.sampleIds)
            default: return  // steps and distance follow their day-changed events; water and weights are intake's and goals'
            }
        }
        routes.on(.healthWorkoutRecorded) { _, db, body, event in
            try WorkoutStore.record(db, try workout(body, event))
        }
        routes.on(.healthWorkoutBatchRecorded) { _, db, batch, event in
            for body in batch.samples {
                try WorkoutStore.record(db, try workout(body, event))
            }
        }
        routes.on(.healthConsentChanged) { _, db, body, event in
            guard let type = ConsentType(rawValue: body.type) else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): type '\(body.type.prefix(40))' is not a consent type")
            }
            try ConsentMask.set(db, user: try EventInput.user(body.user, event), type: type, granted: body.granted)
        }
        routes.on(.healthSamplesDeleted) { _, db, body, event in
            try deleteSamples(db, user: try EventInput.user(body.user, event), type: body.type)
        }
        routes.on(.healthErased) { _, db, body, event in
            let user = try EventInput.user(body.user, event)
            try ActivityStore.deleteSteps(db, user: user)
            try ActivityStore.deleteDistance(db, user: user)
            try StrengthStore.eraseUser(db, user: user)
            try WorkoutStore.eraseUser(db, user: user)
            try ConsentMask.eraseUser(db, user: user)
            UserErasure.requestScrub(db)
        }
        return routes
    }()

    /// A workout event's body, checked like every event input.
    private static func workout(_ body: WorkoutRecordedBody, _ event: Envelope) throws -> WorkoutRecordedBody {
        var checked = body
        checked.user = try EventInput.user(body.user, event)
        checked.sampleId = try EventInput.id(body.sampleId, field: "sampleId", event)
        checked.day = try EventInput.day(body.day, event)
        guard (1...100).contains(body.activity.unicodeScalars.count), body.source.unicodeScalars.count <= 200 else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): activity must be 1 to 100 characters, source at most 200")
        }
        checked.durationSeconds = try EventInput.number(body.durationSeconds, field: "durationSeconds", in: ValueRules.workoutSeconds, event)
        checked.distanceMeters = try body.distanceMeters.map {
            try EventInput.number($0, field: "distanceMeters", in: ValueRules.workoutMeters, event)
        }
        checked.energyKcal = try body.energyKcal.map { try EventInput.number($0, field: "energyKcal", in: ValueRules.workoutKcal, event) }
        return checked
    }

    /// `name`: the exercise's key and display name when the caller folded them already.
    private static func strengthSet(
        _ body: StrengthSetRecordedBody, _ event: Envelope, name: (key: String, display: String)?? = nil
    ) throws -> StrengthStore.StrengthSet {
        let name = name ?? ExerciseName.key(body.exercise).map { ($0, ExerciseName.display(body.exercise)) }
        guard let (key, display) = name else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): exercise must be 1 to \(ExerciseName.maxLength) characters")
        }
        return StrengthStore.StrengthSet(
            user: try EventInput.user(body.user, event),
            sampleId: try EventInput.id(body.sampleId, field: "sampleId", event),
            exerciseKey: key, exerciseName: display,
            day: body.day.description,
            sets: try EventInput.integer(body.sets, field: "sets", in: 1...1_000, event),
            reps: try EventInput.integer(body.reps, field: "reps", in: 1...10_000, event),
            weightKg: try EventInput.number(body.weightKg, field: "weightKg", in: 0...maxWeightKg, event),
            warmup: body.warmup == true)
    }

    /// Drops the read model of a deleted sample type; types analytics keeps nothing of
    /// (body mass, dietary water: intake's job) change nothing.
    private static func deleteSamples(_ db: Database, user: String, type: String) throws {
        switch type {
        case ConsentType.steps.rawValue:
            try ActivityStore.deleteSteps(db, user: user)
        case ConsentType.distance.rawValue:
            try ActivityStore.deleteDistance(db, user: user)
        case ConsentType.workouts.rawValue, "strength":
            try StrengthStore.eraseUser(db, user: user)
            try WorkoutStore.eraseUser(db, user: user)
        default:
            return
        }
    }
}
