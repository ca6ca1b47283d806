import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Takes stored samples back exactly as ``SampleIngest`` added them: the per-source day sums
/// and day parts of cumulative types, the rows, and a `health.samples.removed` event per type
/// (at most ``HealthEvent/maxBatchSamples`` ids each) for the subscribers. Used by
/// `import.undo` (a job's samples) and by Health Auto Export imports (the samples a re-sent
/// point replaces, ``AutoExportSupersede``).
enum SampleRemoval {
    /// What a removal did: the rows removed and the days of steps and distance whose totals
    /// must be recomputed (``DayTotals/refresh(_:user:type:days:force:held:)``).
    struct Removed {
        var count = 0
        var byType: [SampleType: Int] = [:]
        var touched: [SampleType: Set<String>] = [:]
        /// The removed samples' ids and days by type, for ``emitRemoved(_:user:_:jobId:)``.
        var ids: [SampleType: [(id: String, day: String)]] = [:]
    }

    /// Removes the rows `filter` (a condition over `sample`, with `arguments`) picks among the
    /// user's; the caller then refreshes the days and emits the events.
    static func remove(_ write: WriteContext, userKey: Int64, filter: String, arguments: StatementArguments) throws -> Removed {
        let db = write.db
        var sums: [[String]: (total: Double, count: Int)] = [:]
        var removed = Removed()
        let rows = try Row.fetchCursor(db, sql: """
            SELECT key, type, identity, normalized, start, "end", day, sourceId, utcOffset FROM sample
            WHERE userKey = ? AND (\(filter))
            """, arguments: [userKey] + arguments)
        while let row = try rows.next() {
            guard let type = SampleType(code: row["type"]) else { continue }
            let key: Int64 = row["key"]
            removed.count += 1
            removed.byType[type, default: 0] += 1
            let day: String = row["day"]
            removed.ids[type, default: []].append((SampleIdentity.hex(row["identity"]), day))
            guard type.isCumulative else { continue }
            let value: Double = row["normalized"]
            let sourceId: Int64 = row["sourceId"]
            let start: Double = row["start"], end: Double = row["end"]
            var pieces: [(day: String, value: Double)] = [(day, value)]
            // Taken back as `SampleIngest` added it: a sample cut by local midnight counted on each of its days.
            if ValueRules.dayBound(type) != nil, let offset = row["utcOffset"] as Int?, end > start,
               DaySplit.crossesMidnight(start: start, end: end, offset: offset) {
                pieces = DaySplit.pieces(start: start, end: end, offset: offset, value: value).map { (LocalDay(ordinal: $0.ordinal).description, $0.value) }
                try db.execute(cached: "DELETE FROM sample_day_part WHERE userKey = ? AND type = ? AND key = ?", arguments: [userKey, type.code, key])
            }
            for (index, piece) in pieces.enumerated() {
                sums[[String(type.code), piece.day, String(sourceId)], default: (0, 0)].total += piece.value
                sums[[String(type.code), piece.day, String(sourceId)], default: (0, 0)].count += index == 0 ? 1 : 0
                if DayTotals.tracked.contains(type) { removed.touched[type, default: []].insert(piece.day) }
            }
        }
        guard removed.count > 0 else { return removed }
        try db.execute(sql: "DELETE FROM sample WHERE userKey = ? AND (\(filter))", arguments: [userKey] + arguments)
        for (key, sum) in sums {
            try db.execute(cached: """
                UPDATE day_source_sum SET total = MAX(0, total - ?), count = MAX(0, count - ?)
                WHERE userKey = ? AND type = ? AND day = ? AND sourceId = ?
                """, arguments: [sum.total, sum.count, userKey, key[0], key[1], key[2]])
        }
        try db.execute(sql: "DELETE FROM day_source_sum WHERE userKey = ? AND count = 0 AND total < 1e-9", arguments: [userKey])
        return removed
    }

    /// The `health.samples.removed` events of a removal; `jobId` is the job they name.
    static func emitRemoved(_ write: WriteContext, user: String, _ removed: Removed, jobId: String) throws {
        for (type, list) in removed.ids.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for start in stride(from: 0, to: list.count, by: HealthEvent.maxBatchSamples) {
                let part = list[start..<min(list.count, start + HealthEvent.maxBatchSamples)]
                try write.emit(.healthSamplesRemoved, user: user, SamplesRemovedBody(
                    user: user, jobId: jobId, type: type.rawValue, sampleIds: part.map(\.id), days: part.map(\.day)))
            }
        }
    }

    /// Recomputes the days a removal touched (an event for each whose total changed).
    static func refresh(_ write: WriteContext, user: String, _ removed: Removed) throws {
        for (type, days) in removed.touched.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try DayTotals.refresh(write, user: user, type: type, days: days.sorted())
        }
    }
}
