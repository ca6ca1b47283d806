package import GRDB

/// Per publisher, the last seq a subscriber applied; written in the same transaction as
/// the change the event caused.
package enum SubscriptionCursor {
    package static func load(_ db: Database, publisher: String) throws -> (seq: UInt64, skipped: UInt64) {
        guard let row = try Row.fetchOne(
            db, cached: "SELECT seq, skipped FROM runtime_cursor WHERE publisher = ?", arguments: [publisher]
        ) else { return (0, 0) }
        let seq: Int64 = row["seq"]
        let skipped: Int64 = row["skipped"]
        return (UInt64(max(seq, 0)), UInt64(max(skipped, 0)))
    }

    static func save(_ db: Database, publisher: String, seq: UInt64, skippedDelta: UInt64) throws {
        try db.execute(
            sql: """
                INSERT INTO runtime_cursor (publisher, seq, skipped) VALUES (?, ?, ?)
                ON CONFLICT(publisher) DO UPDATE SET seq = excluded.seq, skipped = runtime_cursor.skipped + ?
                """,
            arguments: [publisher, Int64(clamping: seq), Int64(clamping: skippedDelta), Int64(clamping: skippedDelta)]
        )
    }

    /// Forgets every cursor (used by a rebuild that drops the read models).
    static func reset(_ db: Database) throws {
        try db.execute(cached: "DELETE FROM runtime_cursor")
    }
}
