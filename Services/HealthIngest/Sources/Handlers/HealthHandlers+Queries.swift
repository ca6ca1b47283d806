import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    func latestWeight(_ context: RequestContext) async throws -> WeightReply {
        let user = try context.actingUser()
        let sample = try await database.pool.read { db in
            try requireConsent(db, user: user, .bodyMass)
            return try SampleStore.latest(db, user: user, type: .bodyMass)
        }
        guard let sample else {
            throw QuenchError.notFound(nil, "no weight recorded yet; add one with: quench weight add VALUE --unit kg")
        }
        return WeightReply(
            weightKg: sample.normalizedValue, at: sample.start, sampleId: sample.sampleId, value: sample.value,
            unit: sample.unit, source: sample.source)
    }

    func latest(_ request: LatestSampleRequest, _ context: RequestContext) async throws -> SampleRecord {
        let user = try context.actingUser()
        let type = try sampleType(request.type)
        let sample = try await database.pool.read { db in
            try requireConsent(db, user: user, type.consent)
            return try SampleStore.latest(db, user: user, type: type)
        }
        guard let sample else {
            throw QuenchError.notFound("type", "no \(type.rawValue) sample stored")
        }
        return sample
    }

    /// One bucket per day: cumulative types by the day-total rule (steps, distance) or a
    /// plain sum (water, strength weight); body-mass by latest, min, max or average.
    func daily(_ request: DailySamplesRequest, _ context: RequestContext) async throws -> DailySamplesReply {
        let user = try context.actingUser()
        let type = try sampleType(request.type)
        let (from, to) = (request.from, request.to)
        guard from <= to else {
            throw QuenchError.invalidArgument("to", "must not be before from (\(from))")
        }
        guard from.days(to: to) < DailySamplesRequest.maxDays else {
            throw QuenchError.invalidArgument("to", "a range may span at most \(DailySamplesRequest.maxDays) days")
        }
        let aggregate = request.aggregate ?? (type.isCumulative ? "sum" : "latest")
        let allowed = type.isCumulative ? ["sum"] : ["latest", "min", "max", "average"]
        guard allowed.contains(aggregate) else {
            throw QuenchError.invalidArgument("aggregate", "must be one of \(allowed.joined(separator: ", ")) for \(type.rawValue), got '\(aggregate.prefix(20))'")
        }
        let days = (0...from.days(to: to)).map { from.adding(days: $0) }
        let buckets = try await database.pool.read { db in
            try requireConsent(db, user: user, type.consent)
            if type.isCumulative {
                return try cumulativeDays(db, user: user, type: type, days: days)
            }
            let stats = try SampleStore.discreteDays(db, user: user, type: type, from: from.description, to: to.description)
            return days.map { day in
                guard let stat = stats[day.description] else { return DailyBucket(day: day, value: nil, count: 0) }
                let value = switch aggregate {
                case "min": stat.min
                case "max": stat.max
                case "average": stat.average
                default: stat.latest
                }
                return DailyBucket(day: day, value: value, count: stat.count)
            }
        }
        return DailySamplesReply(type: type.rawValue, unit: type.normalizedUnit, aggregate: aggregate, days: buckets)
    }

    private func cumulativeDays(_ db: Database, user: String, type: SampleType, days: [LocalDay]) throws -> [DailyBucket] {
        guard let first = days.first, let last = days.last else { return [] }
        let perDay = try SampleStore.sourceSums(db, user: user, type: type, from: first.description, to: last.description)
        var ranking = SourceRanking(priority: try DayTotals.priority(db, user: user))
        return try days.map { day in
            let sources = perDay[day.description] ?? []
            let count = sources.reduce(0) { $0 + $1.count }
            let value = DayTotals.tracked.contains(type)
                ? try DayTotals.total(db, user: user, type: type, day: day.description, sums: sources, ranking: &ranking)
                : sources.reduce(0) { $0 + $1.total }
            return DailyBucket(day: day, value: value, count: count)
        }
    }

    func changes(_ request: SampleChangesRequest, _ context: RequestContext) async throws -> SampleChangesReply {
        let user = try context.actingUser()
        let limit = request.limit ?? SampleChangesRequest.defaultLimit
        guard (1...SampleChangesRequest.maxLimit).contains(limit) else {
            throw QuenchError.invalidArgument("limit", "must be 1 to \(SampleChangesRequest.maxLimit), got \(limit)")
        }
        guard request.anchor >= 0 else {
            throw QuenchError.invalidArgument("anchor", "must be 0 or an anchor from an earlier reply, got \(request.anchor)")
        }
        let only = try request.type.map(sampleType)
        return try await database.pool.read { db in
            let types: [SampleType]
            if let only {
                try requireConsent(db, user: user, only.consent)
                types = [only]
            } else {
                let granted = try ConsentStore.granted(db, user: user)
                types = SampleType.allCases.filter { granted.contains($0.consent) }
            }
            let page = try SampleStore.changes(db, user: user, types: types, after: request.anchor, limit: limit + 1)
            let samples = Array(page.prefix(limit))
            return SampleChangesReply(samples: samples, anchor: samples.last?.seq ?? request.anchor, more: page.count > limit)
        }
    }

    func priority(_ context: RequestContext) async throws -> StepsPriorityReply {
        let user = try context.actingUser()
        return try await database.pool.read { db in try priorityReply(db, user: user) }
    }

    /// The priority set and every source seen, in merge order.
    func priorityReply(_ db: Database, user: String) throws -> StepsPriorityReply {
        let sources = try DayTotals.priority(db, user: user)
        let seen = try SampleStore.cumulativeSources(db, user: user)
        var counts: [String: Int] = [:]
        for source in seen {
            counts[SourceIdentity.key(source.name), default: 0] += source.count
        }
        let listed = Set(sources.map(SourceIdentity.key))
        let ordered = SourceIdentity.order(seen.map(\.name), priority: sources).map { name in
            let key = SourceIdentity.key(name)
            return SeenSource(name: name, kind: SourceIdentity.kind(name).label, samples: counts[key] ?? 0, listed: listed.contains(key))
        }
        return StepsPriorityReply(sources: sources, rule: "merge", seen: ordered)
    }

    func sampleType(_ raw: String) throws -> SampleType {
        guard let type = SampleType(rawValue: raw) else {
            throw QuenchError.invalidArgument(
                "type", "must be one of \(SampleType.allCases.map(\.rawValue).joined(separator: ", ")), got '\(raw.prefix(40))'")
        }
        return type
    }

    func requireConsent(_ db: Database, user: String, _ consent: ConsentType) throws {
        guard try ConsentStore.granted(db, user: user).contains(consent) else {
            throw ConsentStore.missing(consent)
        }
    }
}
