import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// Removes every sample the job stored, in one transaction: the per-source day sums and
    /// day parts of cumulative types are taken back exactly as the import added them, the day
    /// totals of the days touched are recomputed (their `…day-changed` events follow), and each
    /// type's removed sample ids go out in `health.samples.removed` events for the subscribers.
    func undoImport(_ request: ImportUndoRequest, _ write: WriteContext) throws -> ImportJob {
        let user = try write.request.actingUser()
        let db = write.db
        guard let job = try ImportJobStore.find(db, user: user, id: request.jobId) else {
            throw QuenchError.notFound("jobId", "no import job '\(request.jobId.prefix(40))'")
        }
        switch job.status {
        case "undone": return job
        case "running":
            throw QuenchError(.failedPrecondition, "import job '\(job.jobId)' is still running; undo it once it has finished", field: "jobId")
        default: break
        }
        var removed = 0
        if let userKey = try SampleStore.userKey(db, user), let keys = try ImportJobStore.keys(db, user: user, id: job.jobId) {
            removed = try removeSamples(write, user: user, userKey: userKey, jobId: job.jobId, in: keys)
        }
        try ImportJobStore.markUndone(db, user: user, id: job.jobId, at: now(), removed: removed)
        return try ImportJobStore.find(db, user: user, id: job.jobId) ?? job
    }

    /// The job's samples are those with its id among the row ids its requests stored in.
    private func removeSamples(_ write: WriteContext, user: String, userKey: Int64, jobId: String, in range: ClosedRange<Int64>) throws -> Int {
        let db = write.db
        var ids: [SampleType: [(id: String, day: String)]] = [:]
        var sums: [[String]: (total: Double, count: Int)] = [:]
        var touched: [SampleType: Set<String>] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT key, type, identity, normalized, start, "end", day, sourceId, utcOffset FROM sample
            WHERE key BETWEEN ? AND ? AND jobId = ? AND userKey = ?
            """, arguments: [range.lowerBound, range.upperBound, jobId, userKey])
        var keys: [Int64] = []
        while let row = try rows.next() {
            guard let type = SampleType(code: row["type"]) else { continue }
            let key: Int64 = row["key"]
            keys.append(key)
            let day: String = row["day"]
            ids[type, default: []].append((SampleIdentity.hex(row["identity"]), day))
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
                if DayTotals.tracked.contains(type) { touched[type, default: []].insert(piece.day) }
            }
        }
        try db.execute(sql: "DELETE FROM sample WHERE key BETWEEN ? AND ? AND jobId = ? AND userKey = ?",
                       arguments: [range.lowerBound, range.upperBound, jobId, userKey])
        for (key, sum) in sums {
            try db.execute(cached: """
                UPDATE day_source_sum SET total = MAX(0, total - ?), count = MAX(0, count - ?)
                WHERE userKey = ? AND type = ? AND day = ? AND sourceId = ?
                """, arguments: [sum.total, sum.count, userKey, key[0], key[1], key[2]])
        }
        try db.execute(cached: "DELETE FROM day_source_sum WHERE userKey = ? AND count = 0 AND total < 1e-9", arguments: [userKey])
        for (type, days) in touched.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try DayTotals.refresh(write, user: user, type: type, days: days.sorted())
        }
        for (type, list) in ids.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for start in stride(from: 0, to: list.count, by: HealthEvent.maxBatchSamples) {
                let part = list[start..<min(list.count, start + HealthEvent.maxBatchSamples)]
                try write.emit(.healthSamplesRemoved, user: user, SamplesRemovedBody(
                    user: user, jobId: jobId, type: type.rawValue, sampleIds: part.map(\.id), days: part.map(\.day)))
            }
        }
        return keys.count
    }
}
