import GRDB
import QuenchProtocol
import QuenchRuntime

/// A day's de-duplicated total of a cumulative type recorded by several sources (the
/// iPhone and the Watch both count the same walk), and the events when it changes.
///
/// The rule (docs/PROTOCOL.md, "Steps and distance from several sources"): the day's samples
/// are **merged in time** (``SourceMerge``), sources ranked by the user's priority
/// (`steps.priority.set`, for steps and distance alike) and then the default order
/// (``SourceIdentity``: watches, phones, others by name). A day where one source has samples
/// is that source's sum, read from `day_source_sum` without reading the samples. A sample cut
/// by local midnight (at its own offset) is split between its days first (``DaySplit``): its
/// day sums hold each day's part, and the merge of a day takes each sample's piece of it.
///
/// `day_total` holds the last published total of each day; an event
/// (`health.steps.day-changed` / `health.distance.day-changed`) is emitted only when the
/// recomputed total differs.
enum DayTotals {
    static let tracked: Set<SampleType> = [.steps, .distance]

    /// A sample's piece of one day, as the merge takes it (``SampleStore/daySamples(_:user:type:day:)``).
    typealias Piece = (source: String, start: Double, end: Double, value: Double)

    /// The day's total from its per-source sums, merging the day's samples in time when more
    /// than one source has some. `pieces`, when given, are all of the day's samples (cut to
    /// the day) and are merged instead of reading them back.
    static func total(
        _ db: Database, user: String, type: SampleType, day: String,
        sums: [(source: String, total: Double, count: Int)], priority: [String], pieces: [Piece]? = nil
    ) throws -> Double {
        var ranking = SourceRanking(priority: priority)
        return try total(db, user: user, type: type, day: day, sums: sums, ranking: &ranking, pieces: pieces)
    }

    /// ``total(_:user:type:day:sums:priority:pieces:)`` with the ranks of the sums' names kept
    /// in `ranking` from day to day.
    static func total(
        _ db: Database, user: String, type: SampleType, day: String,
        sums: [(source: String, total: Double, count: Int)], ranking: inout SourceRanking, pieces: [Piece]? = nil
    ) throws -> Double {
        guard sums.count > 1 else { return sums.reduce(0) { $0 + $1.total } }
        // Each stored name's rank, folded once per set of names rather than once per sample.
        let ranks = ranking.ranks(of: sums.map(\.source))
        guard ranks.sources > 1 else { return sums.reduce(0) { $0 + $1.total } }
        let samples = try pieces ?? SampleStore.daySamples(db, user: user, type: type, day: day)
        // A day's pieces name its few sources again and again, mostly as the same string
        // (held pieces share their batch's source, read-back ones their row's name): the last
        // names' ranks are kept, so a piece is ranked without hashing its name.
        var recent: [(name: String, rank: Int)] = []
        var merging: [SourceMerge.Sample] = []
        merging.reserveCapacity(samples.count)
        for piece in samples {
            var rank: Int?
            for known in recent where known.name == piece.source {
                rank = known.rank
                break
            }
            if rank == nil {
                rank = ranks.byName[piece.source] ?? ranks.unranked
                if recent.count < 8 { recent.append((piece.source, rank ?? ranks.unranked)) }
            }
            merging.append(SourceMerge.Sample(rank: rank ?? ranks.unranked, start: piece.start, end: piece.end, value: piece.value))
        }
        let merged = SourceMerge.total(merging)
        // The merge counts each sample at most whole, so its total is never above the day's
        // raw sum (the daily bound's measure, ``ValueRules``); this only drops rounding noise.
        return min(merged, sums.reduce(0) { $0 + $1.total })
    }

    /// The sources the user set first, highest first (for steps and distance).
    static func priority(_ db: Database, user: String) throws -> [String] {
        try String.fetchAll(db, cached: "SELECT source FROM steps_priority WHERE user = ? ORDER BY position", arguments: [user])
    }

    /// Recomputes the given days and emits an event for each whose total changed; with
    /// `force`, emits for every day even when unchanged (a consent granted again). `held`
    /// gives, for some of the days, every sample piece the day holds (a day that had none
    /// before the request that stored them): those days are merged without reading back.
    static func refresh(
        _ write: WriteContext, user: String, type: SampleType, days: some Sequence<String>, force: Bool = false,
        held: [String: [Piece]] = [:]
    ) throws {
        let db = write.db
        var ranking = SourceRanking(priority: try priority(db, user: user))
        let days = Array(days)
        let sums = try SampleStore.sourceSums(db, user: user, type: type, days: days)
        for day in days {
            let value = try total(db, user: user, type: type, day: day, sums: sums[day] ?? [], ranking: &ranking, pieces: held[day])
            let stored = try Double.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM day_total WHERE user = ? AND type = ? AND day = ?"),
                arguments: [user, type.rawValue, day])
            guard force || (stored ?? 0) != value else { continue }
            if value == 0 {
                try db.execute(cached: "DELETE FROM day_total WHERE user = ? AND type = ? AND day = ?", arguments: [user, type.rawValue, day])
            } else {
                try db.cachedStatement(sql: """
                    INSERT INTO day_total (user, type, day, value) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user, type, day) DO UPDATE SET value = excluded.value
                    """).execute(arguments: [user, type.rawValue, day, value])
            }
            try emit(write, user: user, type: type, day: day, value: value)
        }
    }

    /// Every day the user has a published total or samples of `type`.
    static func knownDays(_ db: Database, user: String, type: SampleType) throws -> Set<String> {
        var days = Set(try SampleStore.days(db, user: user, type: type))
        days.formUnion(try String.fetchAll(db, cached: "SELECT day FROM day_total WHERE user = ? AND type = ?", arguments: [user, type.rawValue]))
        return days
    }

    static func emit(_ write: WriteContext, user: String, type: SampleType, day: String, value: Double) throws {
        switch type {
        case .steps:
            try write.emit(.healthStepsDayChanged, user: user, StepsDayChangedBody(user: user, day: try LocalDay(stored: day), steps: Int64(value.rounded())))
        case .distance:
            try write.emit(.healthDistanceDayChanged, user: user, DistanceDayChangedBody(user: user, day: try LocalDay(stored: day), meters: value))
        default:
            break
        }
    }

    static func deleteAll(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM day_total WHERE user = ?", arguments: [user])
    }
}
