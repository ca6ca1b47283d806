import Foundation
import GRDB
import Synchronization
import QuenchProtocol
import QuenchRuntime

/// SQL over the `intake` table. Volumes are whole microlitres; sums are SQL aggregates.
enum IntakeStore {
    /// One row of the `intake` table as the store reads and writes it.
    struct StoredIntake {
        var id: String
        var user: String
        var fluid: String
        var volumeUl: Int64
        var waterUl: Int64
        var basisPoints: Int
        var at: Date
        var day: String
        var timeZone: String
        var source: String
        var createdAt: Date
        var updatedAt: Date

        init(row: Row) {
            id = row["id"]
            user = row["user"]
            fluid = row["fluid"]
            volumeUl = row["volumeUl"]
            waterUl = row["waterUl"]
            basisPoints = row["waterBasisPoints"]
            at = Date(timeIntervalSince1970: row["at"])
            day = row["day"]
            timeZone = row["timeZone"]
            source = row["source"]
            createdAt = Date(timeIntervalSince1970: row["createdAt"])
            updatedAt = Date(timeIntervalSince1970: row["updatedAt"])
        }

        init(
            id: String, user: String, fluid: String, volumeUl: Int64, basisPoints: Int, at: Date, day: String,
            timeZone: String, source: String, createdAt: Date, updatedAt: Date
        ) {
            self.id = id
            self.user = user
            self.fluid = fluid
            self.volumeUl = volumeUl
            self.basisPoints = basisPoints
            waterUl = IntakeStore.water(volumeUl: volumeUl, basisPoints: basisPoints)
            self.at = at
            self.day = day
            self.timeZone = timeZone
            self.source = source
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        var record: IntakeRecord {
            IntakeRecord(
                id: id, user: user, fluid: fluid,
                volumeMl: Microlitres.toMillilitres(volumeUl), waterMl: Microlitres.toMillilitres(waterUl),
                waterMicrolitres: waterUl, waterPercent: Double(basisPoints) / 100,
                at: at, day: day, timeZone: timeZone, source: source, createdAt: createdAt, updatedAt: updatedAt)
        }
    }

    /// Water in a volume, rounded half up to a whole microlitre.
    static func water(volumeUl: Int64, basisPoints: Int) -> Int64 {
        (volumeUl * Int64(basisPoints) + 5_000) / 10_000
    }

    static func insert(_ db: Database, _ intake: StoredIntake) throws {
        try insert(db, intake, source: nil, sql: insertSQL)
    }

    /// Inserts the intake made from another service's record `sourceRef`, measured at
    /// `sourceAt`, unless the user has one from it already (one probe of the
    /// `intake_source_ref` index, and of the legacy one while it holds rows); true when inserted.
    static func insert(_ db: Database, _ intake: StoredIntake, sourceRef: String, sourceAt: Date, legacy: Bool) throws -> Bool {
        if legacy, try Bool.fetchOne(db, cached: """
            SELECT 1 FROM intake INDEXED BY intake_source_ref_legacy
            WHERE user = ? AND sourceRef = ? AND sourceRef IS NOT NULL AND sourceAt IS NULL
            """, arguments: [intake.user, sourceRef]) == true {
            return false
        }
        try insert(db, intake, source: (sourceRef, sourceAt.timeIntervalSince1970), sql: insertFromSourceSQL)
        return db.changesCount == 1
    }

    /// Whether intakes made from other services' records before `intake.v2` and
    /// edited since are left (only they can be, so once false it stays false). A look at the
    /// legacy index, which is empty on a deployment that started with this version.
    static func hasLegacySourceRefs(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, cached: """
            SELECT EXISTS (SELECT 1 FROM intake INDEXED BY intake_source_ref_legacy WHERE sourceRef IS NOT NULL AND sourceAt IS NULL)
            """) ?? false
    }

    private static let insertSQL = """
        INSERT INTO intake (id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source, sourceRef, sourceAt, createdAt, updatedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    private static let insertFromSourceSQL = insertSQL + " ON CONFLICT (user, sourceAt, sourceRef) WHERE sourceRef IS NOT NULL DO NOTHING"

    private static func insert(_ db: Database, _ intake: StoredIntake, source: (ref: String, at: Double)?, sql: String) throws {
        // The hot path of intake.log: a cached statement bound in place.
        let insert = try DirectStatement(db, sql: sql)
        insert.bind(1, intake.id)
        insert.bind(2, intake.user)
        insert.bind(3, intake.fluid)
        insert.bind(4, Int64(intake.volumeUl))
        insert.bind(5, Int64(intake.waterUl))
        insert.bind(6, Int64(intake.basisPoints))
        insert.bind(7, intake.at.timeIntervalSince1970)
        insert.bind(8, intake.day)
        insert.bind(9, intake.timeZone)
        insert.bind(10, intake.source)
        insert.bind(11, source?.ref)
        if let source {
            insert.bind(12, source.at)
        } else {
            insert.bind(12, nil as Int64?)
        }
        insert.bind(13, intake.createdAt.timeIntervalSince1970)
        insert.bind(14, intake.updatedAt.timeIntervalSince1970)
        try insert.run()
    }

    static func update(_ db: Database, _ intake: StoredIntake) throws {
        try db.execute(cached: """
            UPDATE intake SET fluid = ?, volumeUl = ?, waterUl = ?, waterBasisPoints = ?, at = ?, day = ?, timeZone = ?, updatedAt = ?
            WHERE id = ? AND user = ?
            """, arguments: [
                intake.fluid, intake.volumeUl, intake.waterUl, intake.basisPoints, intake.at.timeIntervalSince1970,
                intake.day, intake.timeZone, intake.updatedAt.timeIntervalSince1970, intake.id, intake.user,
            ])
    }

    static func find(_ db: Database, user: String, id: String) throws -> StoredIntake? {
        try Row.fetchOne(db, cached: "SELECT * FROM intake WHERE id = ? AND user = ?", arguments: [id, user]).map(StoredIntake.init(row:))
    }

    static func delete(_ db: Database, user: String, id: String) throws {
        try db.execute(cached: "DELETE FROM intake WHERE id = ? AND user = ?", arguments: [id, user])
    }

    /// Up to `limit` intakes of the day after `cursor`, ordered by `at`, `id` (the
    /// `intake_user_day` index, which holds the id too).
    static func list(_ db: Database, user: String, day: String, after cursor: IntakeCursor?, limit: Int) throws -> [StoredIntake] {
        if let cursor {
            return try Row.fetchAll(db, cached: """
                SELECT * FROM intake WHERE user = ? AND day = ? AND (at, id) > (?, ?) ORDER BY at, id LIMIT ?
                """, arguments: [user, day, cursor.at, cursor.id, limit]).map(StoredIntake.init(row:))
        }
        return try Row.fetchAll(db, cached: "SELECT * FROM intake WHERE user = ? AND day = ? ORDER BY at, id LIMIT ?", arguments: [user, day, limit])
            .map(StoredIntake.init(row:))
    }

    /// Every intake of the user, by time (unbounded: for tests and checks, never a reply).
    static func all(_ db: Database, user: String) throws -> [StoredIntake] {
        try Row.fetchAll(db, cached: "SELECT * FROM intake WHERE user = ? ORDER BY at", arguments: [user]).map(StoredIntake.init(row:))
    }

    /// Up to `limit` of the user's intakes after `cursor`, ordered by `day`, `at`, `id`.
    static func page(_ db: Database, user: String, after cursor: IntakeCursor?, limit: Int) throws -> [StoredIntake] {
        if let cursor {
            return try Row.fetchAll(db, cached: """
                SELECT * FROM intake WHERE user = ? AND (day, at, id) > (?, ?, ?) ORDER BY day, at, id LIMIT ?
                """, arguments: [user, cursor.day, cursor.at, cursor.id, limit]).map(StoredIntake.init(row:))
        }
        return try Row.fetchAll(db, cached: "SELECT * FROM intake WHERE user = ? ORDER BY day, at, id LIMIT ?", arguments: [user, limit])
            .map(StoredIntake.init(row:))
    }

    static func dayTotal(_ db: Database, user: String, day: String) throws -> (water: Int64, count: Int) {
        let row = try Row.fetchOne(
            db, cached: "SELECT COALESCE(SUM(waterUl), 0) AS total, COUNT(*) AS n FROM intake WHERE user = ? AND day = ?",
            arguments: [user, day])
        return (row?["total"] ?? 0, row?["n"] ?? 0)
    }

    static func totals(_ db: Database, user: String, from: String, to: String) throws -> [String: (Int64, Int)] {
        var result: [String: (Int64, Int)] = [:]
        let rows = try Row.fetchCursor(db, cached: """
            SELECT day, SUM(waterUl) AS total, COUNT(*) AS n FROM intake
            WHERE user = ? AND day BETWEEN ? AND ? GROUP BY day
            """, arguments: [user, from, to])
        while let row = try rows.next() {
            result[row["day"]] = (row["total"], row["n"])
        }
        return result
    }

    /// Deletes every intake of the user, withheld ones too (`WithheldIntakeStore`); returns how many.
    static func deleteAll(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM intake WHERE user = ?", arguments: [user])
        let count = db.changesCount
        return count + (try WithheldIntakeStore.purge(db, user: user))
    }

    /// A new intake id: 24 hex digits, the creation time in milliseconds (12), a sequence
    /// within that millisecond (4) and random bits (8). Ids made later sort later, so inserts land at the
    /// right edge of the primary-key index instead of on a random page of it each (which
    /// made every group commit write a page per intake); the sequence keeps ids made in the
    /// same millisecond apart and the random part keeps two processes (or a clock that
    /// stepped back) apart. The sequence starts again each millisecond: a count across
    /// milliseconds would tell a user how many drinks others logged between two of theirs.
    static func newID(now: Date = Date(), sequence sequences: IDSequence = .shared) -> String {
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        let sequence = sequences.next(millis: millis)
        let random = UInt32(truncatingIfNeeded: RandomPool.next())
        var text = [UInt8]()
        text.reserveCapacity(24)
        appendHex(millis, digits: 12, to: &text)
        appendHex(UInt64(sequence), digits: 4, to: &text)
        appendHex(UInt64(random), digits: 8, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendHex(_ value: UInt64, digits: Int, to text: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for index in stride(from: digits - 1, through: 0, by: -1) {
            text.append(hex[Int((value >> (UInt64(index) * 4)) & 0xF)])
        }
    }
}

/// The sequence part of intake ids: wraps at 65,536.
/// The numbers within one millisecond of ``IntakeStore/newID(now:sequence:)``: one for the
/// process, another for a test that needs one of its own.
final class IDSequence: Sendable {
    static let shared = IDSequence()
    private let state = Mutex<(millis: UInt64, next: UInt16)>((0, 0))

    /// The next number within millisecond `millis` (0 for its first id).
    func next(millis: UInt64) -> UInt16 {
        state.withLock { state in
            if state.millis != millis { state = (millis, 0) }
            defer { state.next &+= 1 }
            return state.next
        }
    }
}
