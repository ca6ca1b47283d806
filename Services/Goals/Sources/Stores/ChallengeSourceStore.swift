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
                outcome: row["outcome"], detail: row["detail"], skipped: row["skipped"],
                reason: reason(code: row["reasonCode"], values: row["reasonValues"]))
        }
    }

    /// The stored reason; nil when there is none (a row from before `goals.v3`, or no failure).
    private static func reason(code: String?, values: String?) -> ChallengeSyncReason? {
        guard let code else { return nil }
        let decoded = values.flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) }
        return ChallengeSyncReason(code, decoded ?? [:])
    }

    private static func encoded(_ values: [String: String]?) throws -> String? {
        guard let values else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    static func set(_ db: Database, _ state: ChallengeSyncState) throws {
        try db.execute(cached: """
            INSERT INTO challenge_source (id, url, etag, lastModified, fetchedAt, checkedAt, outcome, detail, skipped, reasonCode, reasonValues)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET url = excluded.url, etag = excluded.etag, lastModified = excluded.lastModified,
                fetchedAt = excluded.fetchedAt, checkedAt = excluded.checkedAt, outcome = excluded.outcome,
                detail = excluded.detail, skipped = excluded.skipped, reasonCode = excluded.reasonCode, reasonValues = excluded.reasonValues
            """, arguments: [
                state.url, state.etag, state.lastModified, state.fetchedAt.timeIntervalSince1970, state.checkedAt.timeIntervalSince1970,
                state.outcome, state.detail, state.skipped, state.reason?.code, try encoded(state.reason?.values),
            ])
    }
}
