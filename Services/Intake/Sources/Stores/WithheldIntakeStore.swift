import GRDB
import QuenchRuntime

/// The intakes made from dietary-water samples (`source` `apple-health`) while the user's
/// dietary-water consent is revoked: moved out of `intake` into `intake_withheld`, so no
/// answer of intake (or of analytics, which was told `intake.deleted`) counts them, and
/// moved back as they were when the consent is granted again. A revoke with delete, and
/// erase, delete them.
enum WithheldIntakeStore {
    private static let columns = """
        id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source, sourceRef, sourceAt, createdAt, updatedAt
        """

    /// Moves the user's `apple-health` intakes out of `intake`; returns them, oldest first.
    static func withhold(_ db: Database, user: String) throws -> [IntakeStore.StoredIntake] {
        let rows = try Row.fetchAll(
            db, cached: "SELECT * FROM intake WHERE user = ? AND source = 'apple-health' ORDER BY at, id", arguments: [user]
        ).map(IntakeStore.StoredIntake.init(row:))
        guard !rows.isEmpty else { return [] }
        try db.execute(cached: """
            INSERT OR REPLACE INTO intake_withheld (\(columns))
            SELECT \(columns) FROM intake WHERE user = ? AND source = 'apple-health'
            """, arguments: [user])
        try db.execute(cached: "DELETE FROM intake WHERE user = ? AND source = 'apple-health'", arguments: [user])
        return rows
    }

    /// Moves the user's withheld intakes back into `intake`; returns those moved back, oldest
    /// first. One whose sample was made into an intake again meanwhile stays out (and is deleted).
    static func restore(_ db: Database, user: String) throws -> [IntakeStore.StoredIntake] {
        let rows = try Row.fetchAll(
            db, cached: "SELECT * FROM intake_withheld WHERE user = ? ORDER BY at, id", arguments: [user])
        var restored: [IntakeStore.StoredIntake] = []
        for row in rows {
            try db.execute(cached: """
                INSERT OR IGNORE INTO intake (\(columns))
                SELECT \(columns) FROM intake_withheld WHERE id = ? AND user = ?
                """, arguments: [row["id"] as String, user])
            if db.changesCount == 1 { restored.append(IntakeStore.StoredIntake(row: row)) }
        }
        try purge(db, user: user)
        return restored
    }

    /// Whether an intake made from the user's record `sourceRef` is withheld.
    static func holds(_ db: Database, user: String, sourceRef: String) throws -> Bool {
        try Bool.fetchOne(
            db, cached: "SELECT 1 FROM intake_withheld WHERE user = ? AND sourceRef = ? LIMIT 1", arguments: [user, sourceRef]) ?? false
    }

    /// Whether the user has any withheld intake.
    static func holdsAny(_ db: Database, user: String) throws -> Bool {
        try Bool.fetchOne(db, cached: "SELECT 1 FROM intake_withheld WHERE user = ? LIMIT 1", arguments: [user]) ?? false
    }

    /// Deletes the user's withheld intakes; returns how many.
    @discardableResult
    static func purge(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM intake_withheld WHERE user = ?", arguments: [user])
        return db.changesCount
    }
}
