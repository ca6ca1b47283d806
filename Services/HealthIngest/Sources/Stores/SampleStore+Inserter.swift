import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension SampleStore {
    /// The sample insert as one cached statement bound in place (`DirectStatement`): the user,
    /// job and creation time once per request, and of each sample only the columns that
    /// differ from the previous one (an import sends runs of one type, unit and day).
    /// `ON CONFLICT DO NOTHING` on the sample's key makes a duplicate one probe of the table.
    ///
    /// Seqs come from `sequence_counter`, read when the inserter is made; ``save()`` writes
    /// the last one back, once, before the transaction ends (a seq is part of the row id, so
    /// an inserter that forgot to would fail the next request instead of reusing seqs). The
    /// row id is the user's key and the seq (``SampleKey``).
    struct Inserter {
        static let sql = """
            INSERT INTO sample (userKey, type, identity, value, unit, normalized, start, "end", day, sourceId, deviceId, jobId, exercise, sets, reps, createdAt, key, utcOffset, distanceM, energyKcal, warmup)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (userKey, type, start, identity) DO NOTHING
            """

        private let db: Database
        private let statement: DirectStatement
        private let userKey: Int64
        private var lastType: SampleType?
        private var lastUnit: String?
        private var lastDay: String?
        private var lastSource: Int64?
        private var lastDevice: Int64??
        private var lastStrength = true
        private var lastOffset: Int?? = .none
        /// The seq the next stored sample gets, and the one stored in `sequence_counter`.
        private var nextSeq: Int64
        private var savedSeq: Int64
        /// The seq of the first sample this inserter stores.
        private let firstSeq: Int64

        init(_ db: Database, userKey: Int64, jobId: String?, now: Date) throws {
            self.db = db
            self.userKey = userKey
            statement = try DirectStatement(db, sql: Self.sql)
            statement.bind(1, userKey)
            if let jobId { statement.bind(12, jobId) }
            statement.bind(16, now.timeIntervalSince1970)
            savedSeq = try Int64.fetchOne(
                db, cached: "SELECT value FROM sequence_counter WHERE name = ?", arguments: [HealthSchema.sampleSeq]) ?? 0
            nextSeq = savedSeq + 1
            firstSeq = nextSeq
        }

        /// The row ids of the samples stored so far, first to last (nil when none was): an
        /// import job keeps the range its requests stored in (``ImportJobStore/extendKeys(_:id:with:)``).
        var storedKeys: ClosedRange<Int64>? {
            guard nextSeq > firstSeq else { return nil }
            return SampleKey.of(user: userKey, seq: firstSeq)...SampleKey.of(user: userKey, seq: nextSeq - 1)
        }

        /// Writes the last seq handed out to `sequence_counter` (nothing when none was).
        mutating func save() throws {
            let last = nextSeq - 1
            guard last != savedSeq else { return }
            try db.execute(cached: """
                INSERT INTO sequence_counter (name, value) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, arguments: [HealthSchema.sampleSeq, last])
            savedSeq = last
        }

        /// Inserts `sample`; returns its new seq, or nil when the user has one with its identity.
        /// A run keeps the bindings of the previous row, so only what differs is bound again.
        mutating func insert(_ sample: ValidSample, sourceId: Int64, deviceId: Int64?) throws -> Int64? {
            if lastType != sample.type {
                statement.bind(2, sample.type.code)
                lastType = sample.type
            }
            statement.bind(3, sample.identity)
            statement.bind(4, sample.value)
            if lastUnit != sample.unit {
                statement.bind(5, sample.unit)
                lastUnit = sample.unit
            }
            statement.bind(6, sample.normalized)
            statement.bind(7, sample.start.timeIntervalSince1970)
            statement.bind(8, sample.end.timeIntervalSince1970)
            if lastDay != sample.day {
                statement.bind(9, sample.day)
                lastDay = sample.day
            }
            if lastSource != sourceId {
                statement.bind(10, sourceId)
                lastSource = sourceId
            }
            if lastDevice != .some(deviceId) {
                statement.bind(11, deviceId)
                lastDevice = .some(deviceId)
            }
            let detailed = sample.type == .strength || sample.type == .workout
            if detailed || lastStrength {
                statement.bind(13, sample.exercise)
                statement.bind(14, sample.sets.map(Int64.init))
                statement.bind(15, sample.reps.map(Int64.init))
                for (index, value) in [(Int32(19), sample.distanceMeters), (20, sample.energyKcal)] {
                    if let value { statement.bind(index, value) } else { statement.bind(index, nil as Int64?) }
                }
                statement.bind(21, sample.warmup ? Int64(1) : Int64?.none)
                lastStrength = detailed
            }
            if lastOffset != .some(sample.utcOffset) {
                statement.bind(18, sample.utcOffset.map(Int64.init))
                lastOffset = .some(sample.utcOffset)
            }
            guard nextSeq < SampleKey.seqLimit else {
                throw QuenchError(.resourceExhausted, "the service has handed out all \(SampleKey.seqLimit - 1) sample seqs")
            }
            statement.bind(17, SampleKey.of(user: userKey, seq: nextSeq))
            try statement.run()
            guard statement.changes == 1 else { return nil }
            defer { nextSeq += 1 }
            return nextSeq
        }
    }
}
