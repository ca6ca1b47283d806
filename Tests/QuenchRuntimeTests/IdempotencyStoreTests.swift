import Foundation
import GRDB
import MessagePack
import QuenchProtocol
@testable import QuenchRuntime
import QuenchTestSupport
import Testing

/// The stored replies' table after `runtime.v3` and the fingerprint's hash.
@Suite("Idempotency store")
struct IdempotencyStoreTests {
    @Test("SHA-256 matches the FIPS 180-4 examples and Python's hashlib")
    func sha256() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Several blocks, and the parts of a hash are simply concatenated.
        #expect(hex(SHA256.hash(Array(repeating: 0x61, count: 1000)))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        // The padding's edges: 55 bytes fit one block with the length, 56 need two, 64 is a whole block.
        #expect(hex(SHA256.hash(Array(repeating: 0x61, count: 55))) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(hex(SHA256.hash(Array(repeating: 0x61, count: 56))) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(hex(SHA256.hash(Array(repeating: 0x61, count: 64))) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        #expect(SHA256.hash(Array("ab".utf8), Array("c".utf8)) == SHA256.hash(Array("abc".utf8)))
        // An absent body is the empty map.
        #expect(IdempotencyStore.fingerprint(body: nil) == IdempotencyStore.fingerprint(body: .emptyMap))
    }

    // Off x86-64, or on a CPU without SHA-NI, there is one path and the test above covers it.
    @Test("SHA-256 through the CPU's SHA extensions equals the portable code at every padding edge and on an import-sized body",
          .enabled(if: SHA256.hardware, "this CPU has no SHA extensions: only the portable path runs here"))
    func sha256Hardware() {
        var generator = SplitMix64(seed: 27)
        for length in Array(0...300) + [4_095, 4_096, 4_097, 312 * 1024 + 13] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(SHA256.hash(bytes, hardware: true) == SHA256.hash(bytes, hardware: false), "length \(length)")
        }
        // A FIPS vector through the hardware path explicitly.
        #expect(SHA256.hash(Array(repeating: 0x61, count: 1000), hardware: true).map { String(format: "%02x", $0) }.joined()
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("runtime.v3 keeps older replies under their principal and user, in row order, and a user's rows are found by user")
    func migration() throws {
        let path = TestScratch.file("idempotency-v3", named: "t.sqlite").path
        // A file as runtime.v1 + v2 left it.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('runtime.v1'), ('runtime.v2');
                CREATE TABLE runtime_idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, type TEXT NOT NULL,
                    reply BLOB NOT NULL, createdAt DOUBLE NOT NULL, PRIMARY KEY (scope, key));
                CREATE TABLE runtime_outbox (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, user TEXT, envelope BLOB NOT NULL,
                    createdAt DOUBLE NOT NULL);
                CREATE INDEX runtime_outbox_user ON runtime_outbox (user, seq);
                CREATE TABLE runtime_cursor (publisher TEXT PRIMARY KEY, seq INTEGER NOT NULL, skipped INTEGER NOT NULL DEFAULT 0);
                INSERT INTO runtime_idempotency VALUES ('user:ana', 'k1', 'intake.log', x'a161', 1.0);
                INSERT INTO runtime_idempotency VALUES ('admin', 'k2', 'intake.log', x'a162', 2.0);
                INSERT INTO runtime_idempotency VALUES ('bob', 'k3', 'intake.log', x'a163', 3.0);
                INSERT INTO runtime_idempotency VALUES ('service:goals', 'k4', 'goal.set', x'a164', 4.0);
                """)
        }
        try queue.close()
        let database = try ServiceDatabase(path: path)
        let rows = try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT user, scope, key, fingerprint IS NULL AS legacy FROM runtime_idempotency ORDER BY rowid")
                .map { "\($0["user"] as String)|\($0["scope"] as String)|\($0["key"] as String)|\($0["legacy"] as Bool)" }
        }
        #expect(rows == ["ana|user:ana|k1|true", "|admin|k2|true", "bob|insecure|k3|true", "|service:goals|k4|true"])
        try database.pool.read { db in
            // Older replies are returned to their retry (they have no fingerprint to compare).
            let ana = try IdempotencyStore.replay(
                db, scope: .init(principal: "user:ana", user: "ana"), key: "k1", type: "intake.log", fingerprint: [1])
            #expect(ana?.bytes == [0xa1, 0x61])
            let bob = try IdempotencyStore.replay(
                db, scope: .init(principal: "insecure", user: "bob"), key: "k3", type: "intake.log", fingerprint: [2])
            #expect(bob?.bytes == [0xa1, 0x63])
            // Erase (`DELETE … WHERE user = ?`) finds a user's rows through the primary key's index.
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN DELETE FROM runtime_idempotency WHERE user = ?", arguments: ["ana"])
                .map { $0["detail"] as String }.joined(separator: "; ")
            #expect(plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX"), "\(plan)")
        }
    }
}
