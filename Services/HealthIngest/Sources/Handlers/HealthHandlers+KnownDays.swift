import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// `import.known-days`: the days whose stored strength sets are exactly the client's (as
    /// many, and their identities summing to its digest). Their sets count as the job's
    /// duplicates; the client sends the other days' sets as usual. Each day is one range of
    /// the sample's identity index (`userKey, type, start`), the key a set's duplicate check
    /// probes, with the day's start in the request's zone as ``SampleRules`` gives it. Without
    /// the `workouts` consent no day is known (the batches report the sets as not consented).
    func knownDays(_ request: ImportKnownDaysRequest, _ write: WriteContext) throws -> ImportKnownDaysReply {
        let user = try write.request.actingUser()
        guard request.days.count <= ImportKnownDaysRequest.maxDays else {
            throw QuenchError.invalidArgument(
                "days", "a request may name at most \(ImportKnownDaysRequest.maxDays) days, got \(request.days.count); split it")
        }
        var days: [(day: LocalDay, digest: ImportDayDigest)] = []
        var named: Set<LocalDay> = []
        for (index, digest) in request.days.enumerated() {
            guard let day = LocalDay(digest.day) else {
                throw QuenchError.invalidArgument("days[\(index)].day", "must be a date YYYY-MM-DD, got '\(digest.day.prefix(20))'")
            }
            guard (1...ImportDayDigest.maxSets).contains(digest.sets) else {
                throw QuenchError.invalidArgument("days[\(index)].sets", "must be 1 to \(ImportDayDigest.maxSets), got \(digest.sets)")
            }
            guard named.insert(day).inserted else {
                throw QuenchError.invalidArgument("days[\(index)].day", "names \(day) a second time")
            }
            days.append((day, digest))
        }
        var job = try runningJob(write.db, user: user, id: request.jobId)
        guard try ConsentStore.granted(write.db, user: user).contains(.workouts),
              let userKey = try SampleStore.userKey(write.db, user)
        else { return ImportKnownDaysReply(known: [], duplicates: 0) }
        var rules = SampleRules(now: now(), timeZone: write.request.timeZone)
        let stored = try DirectStatement(write.db, sql: "SELECT identity FROM sample WHERE userKey = ? AND type = ? AND start = ?")
        stored.bind(1, userKey)
        stored.bind(2, SampleType.strength.code)
        var reply = ImportKnownDaysReply(known: [], duplicates: 0)
        for (day, digest) in days {
            stored.bind(3, rules.start(of: day).timeIntervalSince1970)
            var count = 0
            var sum: Int64 = 0
            while count <= digest.sets, try stored.step() {
                count += 1
                sum &+= stored.int64(0)
            }
            stored.finish()
            if count == digest.sets, sum == digest.digest {
                reply.known.append(digest.day)
                reply.duplicates += digest.sets
            }
        }
        if reply.duplicates > 0 {
            job.duplicates += reply.duplicates
            job.byType[SampleType.strength.rawValue, default: TypeCounts()].duplicates += reply.duplicates
            try ImportJobStore.save(write.db, user: user, job)
        }
        return reply
    }
}
