import Foundation
import GRDB
import MessagePack
import QuenchProtocol
@testable import QuenchRuntime
import QuenchTestSupport
import Testing

/// An erase through the real command writer on a real SQLite file: the user's events become
/// tombstones (seq gapless, type kept), the user's stored replies go, and after the commit no
/// byte of the user's content is left in the file, its WAL or its SHM; another user's stays.
@Suite("User erasure")
struct UserErasureTests {
    /// Events per user; `QUENCH_ERASE_EVENTS` raises it to time a big erase (e.g. 120000).
    static let events = Int(ProcessInfo.processInfo.environment["QUENCH_ERASE_EVENTS"] ?? "") ?? 1500

    @Test("erase: tombstones in the outbox, replies forgotten, no byte of the user left in any file")
    func eraseLeavesNoTrace() async throws {
        let folder = TestScratch.directory("erasure")
        var migrator = DatabaseMigrator()
        migrator.registerMigration("notes") { db in
            try db.execute(sql: "CREATE TABLE note (user TEXT NOT NULL, text TEXT NOT NULL)")
        }
        let path = folder.appendingPathComponent("t.sqlite").path
        let database = try ServiceDatabase(path: path, migrator: migrator)
        let outbox = try Outbox(publisher: "test", database: database)
        let committer = GroupCommitter(database: database, outbox: outbox)
        defer { committer.stop() }

        // Interleaved notes of ana and bob, each with an event and a stored reply, in batches.
        for batch in stride(from: 0, to: Self.events, by: 500) {
            _ = try await committer.submit { db in
                for index in batch..<min(Self.events, batch + 500) {
                    for user in ["ana", "bob"] {
                        let text = "\(user)Marker\(index)"
                        try db.execute(sql: "INSERT INTO note (user, text) VALUES (?, ?)", arguments: [user, text])
                        try outbox.append(db, type: "test.noted", user: user, body: ["text": text])
                        try IdempotencyStore.store(
                            db, scope: IdempotencyStore.Scope(principal: "user:\(user)", user: user), key: "k\(index)",
                            type: "test.note", fingerprint: IdempotencyStore.fingerprint(body: nil),
                            reply: try MessagePackRaw(encoding: text))
                    }
                }
                return try MessagePackRaw(encoding: 0)
            }
        }
        // Before the erase, ana's markers are in the files.
        #expect(Self.filesHolding("anaMarker", folder).isEmpty == false)

        let started = ContinuousClock.now
        let reply = try await committer.submit { db in
            try db.execute(sql: "DELETE FROM note WHERE user = 'ana'")
            let redacted = try UserErasure.forgetTraces(db, user: "ana", outbox: outbox)
            try outbox.append(db, type: "test.erased", user: "ana", body: ["user": "ana"])
            return try MessagePackRaw(encoding: redacted)
        }
        let elapsed = ContinuousClock.now - started
        print("erase of \(Self.events) events and replies, with the scrub: \(elapsed)")
        #expect(try reply.decode(Int.self) == Self.events)

        // The outbox: gapless, ana's events tombstones of the same type, bob's and the erase intact.
        let envelopes = try await database.pool.read { db in
            try outbox.events(db, after: 0, limit: 10 * Self.events + 10, maxBytes: .max).map { try Envelope.decode($0.bytes) }
        }
        #expect(envelopes.map(\.seq) == (1...UInt64(2 * Self.events + 1)).map { $0 })
        let tombstones = envelopes.filter { $0.body == nil }
        #expect(tombstones.count == Self.events)
        #expect(tombstones.allSatisfy { $0.type == "test.noted" && $0.user == nil && $0.publisher == "test" })
        #expect(envelopes.filter { $0.user == "bob" }.count == Self.events)
        #expect(envelopes.last?.type == "test.erased" && envelopes.last?.user == "ana" && envelopes.last?.body != nil)

        // Stored replies: ana's gone, bob's kept.
        let replies = try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT user, COUNT(*) AS n FROM runtime_idempotency GROUP BY user")
        }
        #expect(replies.map { $0["user"] as String? } == ["bob"])

        // No byte of ana's in the file, the WAL or the SHM; bob's still there.
        #expect(Self.filesHolding("anaMarker", folder) == [])
        #expect(Self.filesHolding("bobMarker", folder).contains { $0.hasSuffix("t.sqlite") })
        #expect(database.check().ok)
    }

    static func filesHolding(_ text: String, _ folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return false }
            return data.range(of: Data(text.utf8)) != nil
        }
    }
}
