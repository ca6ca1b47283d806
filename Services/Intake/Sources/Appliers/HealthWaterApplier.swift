import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Turns health-ingest's dietary-water samples into intakes of water, exactly once: the
/// catch-up subscriber applies each event once, and the intake is keyed by the sample's
/// identity (`sourceRef`), so even a sample announced twice makes one intake.
///
/// - `health.water.recorded` → an intake of fluid water, source `apple-health`, plus `intake.logged`.
/// - `health.water.batch-recorded` (an import's water) → one such intake per sample, plus one
///   `intake.batch-logged` with all of them. A sample that cannot be used (another user, a
///   volume out of range, no valid day) is left out; with none usable the event is skipped.
/// - `health.consent.changed` of `dietary-water`: a revoke withholds the user's `apple-health`
///   intakes (`WithheldIntakeStore`), each announced with `intake.deleted`, so nothing counts
///   them; a grant puts them back as they were, announced with `intake.batch-logged` (at most
///   500 a message).
/// - `health.samples.deleted` of `dietary-water` (a revoke with delete) → those intakes are
///   deleted, each with `intake.deleted`, and the withheld ones with them.
/// - `health.erased` → the intakes made from the user's samples that are still here (an erase
///   of health-ingest alone, or samples applied after intake's own erase) are deleted, each
///   with an `intake.deleted` that names only the intake (no volume, time or fluid), and the
///   file is scrubbed (`UserErasure`); withheld ones are deleted too. The user's events that
///   announced them (`intake.batch-logged`, and `intake.logged` / `intake.updated` of an
///   `apple-health` intake) become tombstones first (`Outbox.redact(_:user:types:where:)`).
struct HealthWaterApplier: Sendable {
    /// The events of health-ingest intake applies, each with its handler; the subscriber
    /// passes over the others (``AppliedEvents``).
    static let routes: EventRoutes<HealthWaterApplier> = {
        var routes = EventRoutes<HealthWaterApplier>()
        routes.on(.healthWaterRecorded) { applier, db, sample, _ in
            if let intake = try applier.recorded(db, sample, now: applier.now(), legacy: try IntakeStore.hasLegacySourceRefs(db)) {
                try applier.outbox.append(db, .intakeLogged, user: sample.user, body: IntakeEventBody(intake: intake))
            }
        }
        routes.on(.healthWaterBatchRecorded) { applier, db, batch, event in
            let appliedAt = applier.now()
            let legacy = try IntakeStore.hasLegacySourceRefs(db)
            // One look for the batch: a user with no withheld intake needs no look per sample.
            let withheld = try WithheldIntakeStore.holdsAny(db, user: batch.user)
            var intakes: [IntakeRecord] = []
            var usable = 0
            for sample in batch.samples where sample.user == batch.user {
                // Only a fault of the sample itself leaves it out; storage errors end the run.
                let intake: IntakeRecord?
                do {
                    intake = try applier.recorded(db, sample, now: appliedAt, legacy: legacy, withheld: withheld)
                } catch is EventSkip {
                    continue
                }
                usable += 1
                if let intake { intakes.append(intake) }
            }
            guard usable > 0 else {
                throw EventSkip("\(event.type) carries no usable water sample of \(batch.user) (\(batch.samples.count) samples)")
            }
            if !intakes.isEmpty {
                try applier.outbox.append(db, .intakeBatchLogged, user: batch.user, body: try IntakeBatchWriter.body(user: batch.user, intakes: intakes))
            }
        }
        routes.on(.healthConsentChanged) { applier, db, change, _ in
            guard change.type == ConsentType.dietaryWater.rawValue, !change.user.isEmpty else { return }
            if change.granted {
                try applier.restoreWithheld(db, user: change.user)
            } else {
                for row in try WithheldIntakeStore.withhold(db, user: change.user) {
                    try applier.outbox.append(db, .intakeDeleted, user: change.user, body: IntakeEventBody(intake: row.record))
                }
            }
        }
        routes.on(.healthSamplesDeleted) { applier, db, deleted, _ in
            if deleted.type == ConsentType.dietaryWater.rawValue {
                try applier.removeImported(db, user: deleted.user)
                try WithheldIntakeStore.purge(db, user: deleted.user)
            }
        }
        routes.on(.healthSamplesRemoved) { applier, db, removed, event in
            // An undone import: the intakes made from its water samples go (withheld ones too).
            guard removed.type == ConsentType.dietaryWater.rawValue, !removed.user.isEmpty, !removed.sampleIds.isEmpty else { return }
            guard removed.sampleIds.count <= HealthEvent.maxBatchSamples else {
                throw EventSkip("\(event.type) carries \(removed.sampleIds.count) sample ids, more than \(HealthEvent.maxBatchSamples)")
            }
            try applier.removeSamples(db, user: removed.user, sampleIds: removed.sampleIds)
        }
        routes.on(.healthErased) { applier, db, erased, event in
            guard !erased.user.isEmpty else { throw EventSkip("\(event.type) names no user") }
            try applier.forgetAnnounced(db, user: erased.user)
            try applier.forgetImported(db, user: erased.user)
        }
        return routes
    }()

    static var applied: AppliedEvents { routes.applied }

    let outbox: Outbox
    /// The clock an intake's `createdAt` / `updatedAt` come from (the handlers' clock).
    let now: @Sendable () -> Date

    init(outbox: Outbox, now: @escaping @Sendable () -> Date = Date.init) {
        self.outbox = outbox
        self.now = now
    }

    func apply(_ db: Database, _ event: Envelope) throws {
        var applier = self
        try Self.routes.apply(&applier, db, event)
    }

    /// Stores the intake made from `sample`; nil when it was made before (the same `sampleId`).
    /// `withheld`: whether the user may have withheld intakes (false skips looking for one).
    private func recorded(_ db: Database, _ sample: WaterRecordedBody, now: Date, legacy: Bool, withheld: Bool = true) throws -> IntakeRecord? {
        guard !sample.user.isEmpty, !sample.sampleId.isEmpty else {
            throw EventSkip("water sample without user or id")
        }
        guard let microlitres = VolumeUnit.milliliter.toMicrolitres(sample.volumeMl),
              ValueRules.waterMicrolitres.contains(microlitres) else {
            throw EventSkip("water sample \(sample.sampleId) of \(sample.volumeMl) mL: \(ValueRules.text(.dietaryWater))")
        }
        guard LocalDay(sample.day) != nil else {
            throw EventSkip("water sample \(sample.sampleId) has no valid day")
        }
        let intake = IntakeStore.StoredIntake(
            id: IntakeStore.newID(), user: sample.user, fluid: "water", volumeUl: microlitres, basisPoints: 10_000,
            at: sample.at, day: sample.day, timeZone: sample.timeZone, source: "apple-health",
            createdAt: now, updatedAt: now)
        // A sample whose intake is withheld (delivered again while the consent is revoked) is known.
        guard try !(withheld && WithheldIntakeStore.holds(db, user: sample.user, sourceRef: sample.sampleId)),
              try IntakeStore.insert(db, intake, sourceRef: sample.sampleId, sourceAt: sample.at, legacy: legacy) else { return nil }
        return intake.record
    }

    /// Puts the user's withheld intakes back, announced like an import's.
    private func restoreWithheld(_ db: Database, user: String) throws {
        let restored = try WithheldIntakeStore.restore(db, user: user).map(\.record)
        for start in stride(from: 0, to: restored.count, by: HealthEvent.maxBatchSamples) {
            let chunk = Array(restored[start..<min(start + HealthEvent.maxBatchSamples, restored.count)])
            try outbox.append(db, .intakeBatchLogged, user: user, body: try IntakeBatchWriter.body(user: user, intakes: chunk))
        }
    }

    /// Turns into tombstones the user's events that carry what intake made from health data
    /// (applied after intake's own erase, when intake lagged): every `intake.batch-logged` of
    /// the user (imports and restored consent) and each `intake.logged` / `intake.updated`
    /// of an `apple-health` intake. Runs before `forgetImported`, whose `intake.deleted` stay.
    private func forgetAnnounced(_ db: Database, user: String) throws {
        try outbox.redact(db, user: user, types: [EventDescriptor.intakeBatchLogged.name, EventDescriptor.intakeLogged.name, EventDescriptor.intakeUpdated.name]) { event in
            guard event.type != EventDescriptor.intakeBatchLogged.name else { return true }
            guard let body = try? event.decodeBody(IntakeEventBody.self) else { return true }
            return body.intake.source == "apple-health" || body.previous?.source == "apple-health"
        }
    }

    /// Deletes what intake made from the user's health data (an erase), naming only the ids.
    private func forgetImported(_ db: Database, user: String) throws {
        let ids = try String.fetchAll(
            db, cached: "SELECT id FROM intake WHERE user = ? AND source = 'apple-health' ORDER BY at", arguments: [user])
        for id in ids {
            try IntakeStore.delete(db, user: user, id: id)
            // Subscribers take an intake off by its user and id; nothing of the drink goes out again.
            let named = IntakeRecord(
                id: id, user: user, fluid: "", volumeMl: 0, waterMl: 0, waterMicrolitres: 0, waterPercent: 0,
                at: Date(timeIntervalSince1970: 0), day: "", timeZone: "", source: "apple-health",
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
            try outbox.append(db, .intakeDeleted, user: user, body: IntakeEventBody(intake: named))
        }
        try WithheldIntakeStore.purge(db, user: user)
        UserErasure.requestScrub(db)
    }

    /// Deletes the intakes made from these samples, each announced with `intake.deleted`.
    private func removeSamples(_ db: Database, user: String, sampleIds: [String]) throws {
        let marks = Array(repeating: "?", count: sampleIds.count).joined(separator: ", ")
        let arguments = StatementArguments([user] + sampleIds)
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM intake WHERE user = ? AND sourceRef IN (\(marks)) ORDER BY at", arguments: arguments
        ).map(IntakeStore.StoredIntake.init(row:))
        for row in rows {
            try IntakeStore.delete(db, user: user, id: row.id)
            try outbox.append(db, .intakeDeleted, user: user, body: IntakeEventBody(intake: row.record))
        }
        try db.execute(sql: "DELETE FROM intake_withheld WHERE user = ? AND sourceRef IN (\(marks))", arguments: arguments)
    }

    private func removeImported(_ db: Database, user: String) throws {
        let rows = try Row.fetchAll(
            db, cached: "SELECT * FROM intake WHERE user = ? AND source = 'apple-health' ORDER BY at", arguments: [user]
        ).map(IntakeStore.StoredIntake.init(row:))
        for row in rows {
            try IntakeStore.delete(db, user: user, id: row.id)
            try outbox.append(db, .intakeDeleted, user: user, body: IntakeEventBody(intake: row.record))
        }
    }
}
