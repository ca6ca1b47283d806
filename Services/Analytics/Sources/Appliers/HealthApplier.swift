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
    /// What analytics keeps nothing of (goals follow weights, intake water): the subscriber
    /// passes over these without calling `apply`.
    static let ignored: Set<String> = [
        HealthEvent.weightRecorded, HealthEvent.weightBatchRecorded, HealthEvent.waterRecorded, HealthEvent.waterBatchRecorded,
    ]

    static func apply(_ db: Database, _ event: Envelope) throws {
        switch event.type {
        case HealthEvent.stepsDayChanged:
            let body = try EventInput.body(event, StepsDayChangedBody.self)
            try ActivityStore.setSteps(
                db, user: try EventInput.user(body.user, event), day: try EventInput.day(body.day, event),
                steps: try EventInput.integer(body.steps, field: "steps", in: 0...maxStepsPerDay, event))
        case HealthEvent.distanceDayChanged:
            let body = try EventInput.body(event, DistanceDayChangedBody.self)
            try ActivityStore.setDistance(
                db, user: try EventInput.user(body.user, event), day: try EventInput.day(body.day, event),
                meters: try EventInput.number(body.meters, field: "meters", in: 0...maxMetersPerDay, event))
        case HealthEvent.strengthSetRecorded:
            try StrengthStore.record(db, try strengthSet(try EventInput.body(event, StrengthSetRecordedBody.self), event))
        case HealthEvent.strengthBatchRecorded:
            let body = try EventInput.body(event, StrengthBatchRecordedBody.self)
            guard body.samples.count <= HealthEvent.maxBatchSamples else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): at most \(HealthEvent.maxBatchSamples) samples, got \(body.samples.count)")
            }
            try StrengthStore.record(db, batch: try body.samples.map { try strengthSet($0, event) })
        case HealthEvent.samplesRemoved:
            let body = try EventInput.body(event, SamplesRemovedBody.self)
            let user = try EventInput.user(body.user, event)
            guard body.sampleIds.count <= HealthEvent.maxBatchSamples else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): at most \(HealthEvent.maxBatchSamples) sampleIds, got \(body.sampleIds.count)")
            }
            switch body.type {
            case "strength": try StrengthStore.remove(db, user: user, sampleIds: body.sampleIds)
            case "workout": try WorkoutStore.remove(db, user: user, sampleIds: body.sampleIds)
            default: return  // steps and distance follow their day-changed events; water and weights are intake's and goals'
            }
        case HealthEvent.workoutRecorded:
            try WorkoutStore.record(db, try workout(try EventInput.body(event, WorkoutRecordedBody.self), event))
        case HealthEvent.workoutBatchRecorded:
            for body in try EventInput.body(event, WorkoutBatchRecordedBody.self).samples {
                try WorkoutStore.record(db, try workout(body, event))
            }
        case HealthEvent.consentChanged:
            let body = try EventInput.body(event, ConsentChangedBody.self)
            guard let type = ConsentType(rawValue: body.type) else {
                throw EventSkip("\(event.type) seq \(event.seq ?? 0): type '\(body.type.prefix(40))' is not a consent type")
            }
            try ConsentMask.set(db, user: try EventInput.user(body.user, event), type: type, granted: body.granted)
        case HealthEvent.samplesDeleted:
            let body = try EventInput.body(event, SamplesDeletedBody.self)
            try deleteSamples(db, user: try EventInput.user(body.user, event), type: body.type)
        case HealthEvent.erased:
            let user = try EventInput.user(try EventInput.body(event, UserErasedBody.self).user, event)
            try ActivityStore.deleteSteps(db, user: user)
            try ActivityStore.deleteDistance(db, user: user)
            try StrengthStore.eraseUser(db, user: user)
            try WorkoutStore.eraseUser(db, user: user)
            try ConsentMask.eraseUser(db, user: user)
            UserErasure.requestScrub(db)
        case _ where ignored.contains(event.type):
            return
        default:
            if EventInput.isSystem(event) { return }
            throw EventInput.unknown(event)
        }
    }

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

    private static func strengthSet(_ body: StrengthSetRecordedBody, _ event: Envelope) throws -> StrengthStore.Set_ {
        guard let key = ExerciseName.key(body.exercise) else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): exercise must be 1 to \(ExerciseName.maxLength) characters")
        }
        return StrengthStore.Set_(
            user: try EventInput.user(body.user, event),
            sampleId: try EventInput.id(body.sampleId, field: "sampleId", event),
            exerciseKey: key, exerciseName: ExerciseName.display(body.exercise),
            day: try EventInput.day(body.day, event),
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
