import Foundation
import GRDB
@testable import GoalsService
import QuenchProtocol
import Testing

/// `goals.v3-challenge-source-reason`: a source row kept before failures had a reason reads
/// as it did (its English detail, no reason); a reason written after it reads back whole.
@Suite("Goals challenge source migration")
struct ChallengeSourceMigrationTests {
    @Test("a v2 row migrates with no reason and its detail; a reason stored after the migration reads back")
    func oldRowsReadAsBefore() throws {
        let queue = try DatabaseQueue()
        try GoalsSchema.migrator.migrate(queue, upTo: "goals.v2-challenge-source")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO challenge_source (id, url, etag, lastModified, fetchedAt, checkedAt, outcome, detail, skipped)
                VALUES (1, 'https://feeds.example.org/c.json', NULL, NULL, 1000, 2000, 'failed', 'the feed is not JSON', 0)
                """)
        }
        try GoalsSchema.migrator.migrate(queue)
        let old = try #require(try queue.read { try ChallengeSourceStore.get($0) })
        #expect(old.outcome == "failed" && old.detail == "the feed is not JSON" && old.reason == nil, "\(old)")

        var failed = old
        failed.reason = ChallengeSyncReason("feed.server_failed", ["status": "503", "reason": "Service Unavailable"])
        try queue.write { try ChallengeSourceStore.set($0, failed) }
        #expect(try queue.read { try ChallengeSourceStore.get($0) } == failed)
    }
}
