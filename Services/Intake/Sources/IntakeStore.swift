import Foundation
import GRDB
import QuenchProtocol

/// SQL over the `intake` table. Volumes are whole microlitres; sums are SQL aggregates.
enum IntakeStore {
    struct Row_ {
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

    static func insert(_ db: Database, _ intake: Row_, sourceRef: String? = nil) throws {
        // The hot path of intake.log: a cached (prepared once per connection) statement.
        let statement = try db.cachedStatement(sql: """
            INSERT INTO intake (id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source, sourceRef, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            intake.id, intake.user, intake.fluid, intake.volumeUl, intake.waterUl, intake.basisPoints,
            intake.at.timeIntervalSince1970, intake.day, intake.timeZone, intake.source, sourceRef,
            intake.createdAt.timeIntervalSince1970, intake.updatedAt.timeIntervalSince1970,
        ])
    }

    static func update(_ db: Database, _ intake: Row_) throws {
        try db.execute(sql: """
            UPDATE intake SET fluid = ?, volumeUl = ?, waterUl = ?, waterBasisPoints = ?, at = ?, day = ?, timeZone = ?, updatedAt = ?
            WHERE id = ? AND user = ?
            """, arguments: [
                intake.fluid, intake.volumeUl, intake.waterUl, intake.basisPoints, intake.at.timeIntervalSince1970,
                intake.day, intake.timeZone, intake.updatedAt.timeIntervalSince1970, intake.id, intake.user,
            ])
    }

    static func find(_ db: Database, user: String, id: String) throws -> Row_? {
        try Row.fetchOne(db, sql: "SELECT * FROM intake WHERE id = ? AND user = ?", arguments: [id, user]).map(Row_.init(row:))
    }

    static func delete(_ db: Database, user: String, id: String) throws {
        try db.execute(sql: "DELETE FROM intake WHERE id = ? AND user = ?", arguments: [id, user])
    }

    static func list(_ db: Database, user: String, day: String) throws -> [Row_] {
        try Row.fetchAll(db, sql: "SELECT * FROM intake WHERE user = ? AND day = ? ORDER BY at, createdAt", arguments: [user, day])
            .map(Row_.init(row:))
    }

    static func all(_ db: Database, user: String) throws -> [Row_] {
        try Row.fetchAll(db, sql: "SELECT * FROM intake WHERE user = ? ORDER BY at", arguments: [user]).map(Row_.init(row:))
    }

    static func dayTotal(_ db: Database, user: String, day: String) throws -> (water: Int64, count: Int) {
        let row = try Row.fetchOne(
            db, sql: "SELECT COALESCE(SUM(waterUl), 0) AS total, COUNT(*) AS n FROM intake WHERE user = ? AND day = ?",
            arguments: [user, day])
        return (row?["total"] ?? 0, row?["n"] ?? 0)
    }

    static func totals(_ db: Database, user: String, from: String, to: String) throws -> [String: (Int64, Int)] {
        var result: [String: (Int64, Int)] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT day, SUM(waterUl) AS total, COUNT(*) AS n FROM intake
            WHERE user = ? AND day BETWEEN ? AND ? GROUP BY day
            """, arguments: [user, from, to])
        while let row = try rows.next() {
            result[row["day"]] = (row["total"], row["n"])
        }
        return result
    }

    static func deleteAll(_ db: Database, user: String) throws -> Int {
        try db.execute(sql: "DELETE FROM intake WHERE user = ?", arguments: [user])
        return db.changesCount
    }

    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
