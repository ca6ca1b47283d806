import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Applies health-ingest's events to goals' copy of what it needs (body-mass consent, the
/// newest weight by measuring time) and re-derives the goal, inside the subscriber's
/// transaction. A goal change made here takes effect on the user's "today" in the time
/// zone goals last saw the user in (UTC until then).
struct HealthEventApplier: Sendable {
    static let maxUserLength = 256
    /// health-ingest's events goals does nothing with: the subscriber passes over them
    /// without calling `apply` (an import sends tens of thousands).
    static let ignored: Set<String> = [
        HealthEvent.stepsDayChanged, HealthEvent.distanceDayChanged, HealthEvent.waterRecorded, HealthEvent.strengthSetRecorded,
    ]

    let outbox: Outbox
    let now: @Sendable () -> Date

    init(outbox: Outbox, now: @escaping @Sendable () -> Date = Date.init) {
        self.outbox = outbox
        self.now = now
    }

    func apply(_ db: Database, _ event: Envelope) throws {
        switch event.type {
        case HealthEvent.weightRecorded:
            let body = try decode(WeightRecordedBody.self, event)
            let reading = try Self.reading(body)
            try update(db, user: body.user) { $0.record(reading) }
        case HealthEvent.consentChanged:
            let body = try decode(ConsentChangedBody.self, event)
            guard body.type == ConsentType.bodyMass.rawValue else { return }
            let latest = try body.latestWeight.map(Self.reading(_:))
            try update(db, user: body.user) {
                $0.consentChanged(granted: body.granted, latest: body.granted ? latest : nil, deleted: body.deleted == true)
            }
        case HealthEvent.samplesDeleted:
            let body = try decode(SamplesDeletedBody.self, event)
            guard body.type == ConsentType.bodyMass.rawValue else { return }
            try update(db, user: body.user) { $0.weight = nil }
        case HealthEvent.erased:
            let body = try decode(UserErasedBody.self, event)
            try update(db, user: body.user) { $0.forgetHealthData() }
        default:
            return
        }
    }

    /// Loads the user's state, changes it, and commits only when something differs.
    private func update(_ db: Database, user: String, _ change: (inout GoalState) -> Void) throws {
        guard !user.isEmpty, user.count <= Self.maxUserLength else {
            throw EventSkip("event names no valid user")
        }
        let before = try GoalStore.state(db, user: user)
        var state = before ?? GoalState()
        change(&state)
        if state == before ?? GoalState() { return }
        let updater = GoalUpdater { [outbox] db, user, body in
            try outbox.append(db, type: GoalEvent.changed, user: user, body: body)
        }
        try updater.commit(db, user: user, state: state, today: GoalUpdater.today(now(), zone: state.timeZone))
    }

    private func decode<Body: Decodable>(_ type: Body.Type, _ event: Envelope) throws -> Body {
        do {
            return try event.decodeBody(Body.self)
        } catch {
            throw EventSkip("\(event.type) body could not be read: \(error)")
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
