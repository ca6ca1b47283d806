import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Applies health-ingest's events to goals' copy of what it needs (body-mass consent, the
/// newest weight by measuring time) and re-derives the goal, inside the subscriber's
/// transaction. A goal change made here takes effect on the user's "today" in the time
/// zone goals last saw the user in: the event's own zone when it carries one (the request
/// that stored the weight or changed the consent), else the zone of the user's last request
/// to goals (UTC until then).
struct HealthEventApplier: Sendable {
    static let maxUserLength = 256
    /// The events of health-ingest goals applies (``Batch/routes``); the subscriber passes
    /// over the others (``AppliedEvents``).
    static var applied: AppliedEvents { Batch.routes.applied }

    let outbox: Outbox
    let now: @Sendable () -> Date

    init(outbox: Outbox, now: @escaping @Sendable () -> Date = Date.init) {
        self.outbox = outbox
        self.now = now
    }

    /// The run of one subscriber transaction (see `Batch`).
    func makeBatch() -> Batch {
        Batch(applier: self)
    }

    /// Applies one event on its own: a run of one.
    func apply(_ db: Database, _ event: Envelope) throws {
        try makeBatch().applyAlone(db, event)
    }

    /// One transaction's run of health events. Each user's state is loaded once, changed
    /// by every event of the run in order, and saved once at the end with one goal
    /// re-derivation: an import's thousands of weights make one `goal.changed` per user per
    /// run (from the goal before the run to the one after it) instead of one per weight.
    /// The goals in between were never committed, so nobody could have seen them.
    struct Batch: EventBatch {
        let applier: HealthEventApplier
        private var pending: [String: (before: GoalState?, state: GoalState)] = [:]
        private var order: [String] = []

        init(applier: HealthEventApplier) {
            self.applier = applier
        }

        /// Each event goals applies, with its handler.
        static let routes: EventRoutes<Batch> = {
            var routes = EventRoutes<Batch>()
            routes.on(.healthWeightRecorded) { batch, db, body, _ in
                let reading = try HealthEventApplier.reading(body)
                try batch.change(db, user: body.user) { state in
                    state.learn(zone: body.timeZone)
                    state.record(reading)
                }
            }
            routes.on(.healthWeightBatchRecorded) { batch, db, body, event in
                // Each weight as if it came alone; one that names another user or is out of
                // range is left out. With none usable, the event is skipped.
                let readings = body.samples.compactMap { sample in
                    sample.user == body.user ? try? HealthEventApplier.reading(sample) : nil
                }
                guard !readings.isEmpty else {
                    throw EventSkip("\(event.type) carries no usable weight of \(body.user) (\(body.samples.count) samples)")
                }
                try batch.change(db, user: body.user) { state in
                    state.learn(zone: body.samples.last(where: { $0.user == body.user })?.timeZone)
                    for reading in readings { state.record(reading) }
                }
            }
            routes.on(.healthConsentChanged) { batch, db, body, _ in
                guard body.type == ConsentType.bodyMass.rawValue else { return }
                let latest = try body.latestWeight.map(HealthEventApplier.reading(_:))
                try batch.change(db, user: body.user) {
                    $0.learn(zone: body.timeZone)
                    $0.consentChanged(granted: body.granted, latest: body.granted ? latest : nil, deleted: body.deleted == true)
                }
            }
            routes.on(.healthSamplesDeleted) { batch, db, body, _ in
                guard body.type == ConsentType.bodyMass.rawValue else { return }
                try batch.change(db, user: body.user) { $0.weight = nil }
            }
            routes.on(.healthSamplesRemoved) { batch, db, body, _ in
                // An undone import: when it had brought the weight the goal follows, that weight goes
                // (as when body-mass samples are deleted; the next weight recorded is followed again).
                guard body.type == ConsentType.bodyMass.rawValue else { return }
                let removed = Set(body.sampleIds)
                try batch.change(db, user: body.user) { state in
                    if let weight = state.weight, removed.contains(weight.sampleId) { state.weight = nil }
                }
            }
            routes.on(.healthErased) { batch, db, body, _ in
                try batch.change(db, user: body.user) { $0.forgetHealthData() }
                try batch.applier.forgetWeights(db, user: body.user)
                UserErasure.requestScrub(db)
            }
            return routes
        }()

        mutating func apply(_ db: Database, _ event: Envelope) throws {
            try Self.routes.apply(&self, db, event)
        }

        /// Saves each changed user's state and re-derives the goal, in the order the users
        /// first appeared in the run.
        mutating func finish(_ db: Database) throws {
            let updater = GoalUpdater { [outbox = applier.outbox] db, user, body in
                try outbox.append(db, .goalChanged, user: user, body: body)
            }
            let now = applier.now()
            for user in order {
                guard let (before, state) = pending[user], state != before ?? GoalState() else { continue }
                try updater.commit(db, user: user, state: state, today: GoalUpdater.today(now, zone: state.timeZone))
            }
            pending = [:]
            order = []
        }

        /// Changes the user's state in memory (loaded on the user's first event of the run).
        /// Every check that can throw comes before the change, so a skipped event changes nothing.
        private mutating func change(_ db: Database, user: String, _ change: (inout GoalState) -> Void) throws {
            guard !user.isEmpty, user.count <= HealthEventApplier.maxUserLength else {
                throw EventSkip("event names no valid user")
            }
            if pending[user] == nil {
                let before = try GoalStore.state(db, user: user)
                pending[user] = (before, before ?? GoalState())
                order.append(user)
            }
            change(&pending[user]!.state)
        }
    }

    /// Takes back the weights goals kept beyond the user's state (applied after goals' own
    /// erase, when goals lagged): `weightKg` of the user's goal periods, and each of the
    /// user's `goal.changed` that carries one becomes a tombstone.
    fileprivate func forgetWeights(_ db: Database, user: String) throws {
        try GoalStore.forgetWeights(db, user: user)
        try outbox.redact(db, user: user, types: [EventDescriptor.goalChanged.name]) { event in
            guard let body = try? event.decodeBody(GoalChangedBody.self) else { return true }
            return body.weightKg != nil
        }
    }

    static func reading(_ body: WeightRecordedBody) throws -> WeightReading {
        guard body.weightKg.isFinite, WeightReading.plausibleKg.contains(body.weightKg) else {
            throw EventSkip("weight \(body.weightKg) kg is outside \(WeightReading.plausibleKg)")
        }
        guard body.measuredAt.timeIntervalSince1970.isFinite else {
            throw EventSkip("weight sample \(body.sampleId) has no valid measuring time")
        }
        return WeightReading(kg: body.weightKg, measuredAt: body.measuredAt, sampleId: String(body.sampleId.prefix(200)))
    }
}
