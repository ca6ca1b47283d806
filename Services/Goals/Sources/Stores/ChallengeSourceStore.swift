import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// SQL over `challenge_source`: the one row saying where the catalog was fetched from.
enum ChallengeSourceStore {
    static func get(_ db: Database) throws -> ChallengeSyncState? {
        try Row.fetchOne(db, cached: "SELECT * FROM challenge_source WHERE id = 1").map { row in
            ChallengeSyncState(
                url: row["url"], etag: row["etag"], lastModified: row["lastModified"],
                fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]), checkedAt: Date(timeIntervalSince1970: row["checkedAt"]),
                outcome: row["outcome"], detail: row["detail"], skipped: row["skipped"])
        }
    }

    static func set(_ db: Database, _ state: ChallengeSyncState) throws {
        try db.execute(cached: """
            INSERT INTO challenge_source (id, url, etag, lastModified, fetchedAt, checkedAt, outcome, detail, skipped)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET url = excluded.url, etag = excluded.etag, lastModified = excluded.lastModified,
                fetchedAt = excluded.fetchedAt, checkedAt = excluded.checkedAt, outcome = excluded.outcome,
                detail = excluded.detail, skipped = excluded.skipped
            """, arguments: [
                state.url, state.etag, state.lastModified, state.fetchedAt.timeIntervalSince1970, state.checkedAt.timeIntervalSince1970,
                state.outcome, state.detail, state.skipped,
            ])
    }
}
