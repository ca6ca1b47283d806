import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// Grants each type not granted yet and tells consumers (`health.consent.changed`; for
    /// body-mass with the newest stored weight; for steps and distance the stored day totals
    /// are published again, since consumers dropped them on revoke).
    func grant(_ request: ConsentChangeRequest, _ write: WriteContext) throws -> ConsentListReply {
        let user = try write.request.actingUser()
        let types = try ConsentStore.parse(request.types)
        guard request.deleteData == nil else {
            throw QuenchError.invalidArgument("deleteData", "only applies to consent.revoke")
        }
        let granted = try ConsentStore.granted(write.db, user: user)
        let current = now()
        for type in types where !granted.contains(type) {
            try ConsentStore.set(write.db, user: user, type: type, granted: true, at: current)
            var latestWeight: WeightRecordedBody?
            if type == .bodyMass, let sample = try SampleStore.latest(write.db, user: user, type: .bodyMass) {
                latestWeight = WeightRecordedBody(
                    user: user, sampleId: sample.sampleId, weightKg: sample.normalizedValue, measuredAt: sample.start, source: sample.source,
                    timeZone: write.request.timeZoneName, day: sample.day.description)
            }
            try write.emit(.healthConsentChanged, user: user, ConsentChangedBody(
                user: user, type: type.rawValue, granted: true, latestWeight: latestWeight, timeZone: write.request.timeZoneName))
            if let sampleType = type.sampleType, DayTotals.tracked.contains(sampleType) {
                let days = try SampleStore.days(write.db, user: user, type: sampleType)
                try DayTotals.refresh(write, user: user, type: sampleType, days: days, force: true)
            }
        }
        return ConsentListReply(consents: try ConsentStore.states(write.db, user: user))
    }

    /// Revokes each type (`health.consent.changed`); with `deleteData` also deletes its
    /// samples (`health.samples.deleted`) and, for steps and distance, publishes each
    /// affected day's new total (0).
    func revoke(_ request: ConsentChangeRequest, _ write: WriteContext) throws -> ConsentListReply {
        let user = try write.request.actingUser()
        let types = try ConsentStore.parse(request.types)
        let delete = request.deleteData ?? false
        let granted = try ConsentStore.granted(write.db, user: user)
        let current = now()
        var deleted: [String: Int] = [:]
        for type in types where granted.contains(type) || delete {
            try ConsentStore.set(write.db, user: user, type: type, granted: false, at: current)
            try write.emit(.healthConsentChanged, user: user, ConsentChangedBody(
                user: user, type: type.rawValue, granted: false, deleted: delete, timeZone: write.request.timeZoneName))
            guard delete, let sampleType = type.sampleType else { continue }
            let days = DayTotals.tracked.contains(sampleType) ? try DayTotals.knownDays(write.db, user: user, type: sampleType) : []
            var count = try SampleStore.delete(write.db, user: user, type: sampleType)
            if type == .workouts { count += try SampleStore.delete(write.db, user: user, type: .workout) }
            deleted[type.rawValue] = count
            try write.emit(.healthSamplesDeleted, user: user, SamplesDeletedBody(user: user, type: type.rawValue, count: count))
            try DayTotals.refresh(write, user: user, type: sampleType, days: days.sorted())
        }
        return ConsentListReply(consents: try ConsentStore.states(write.db, user: user), deleted: delete ? deleted : nil)
    }

    func consents(_ context: RequestContext) async throws -> ConsentListReply {
        let user = try context.actingUser()
        return ConsentListReply(consents: try await database.pool.read { db in try ConsentStore.states(db, user: user) })
    }
}

extension ConsentType {
    /// The sample type this consent covers.
    var sampleType: SampleType? {
        SampleType.allCases.first { $0.consent == self }
    }
}
