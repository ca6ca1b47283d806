import Foundation
import GRDB
@testable import IntakeService
import Testing

@Suite("Intakes made from another service's records: once per record, across intake.v2")
struct SourceRefTests {
    static let at = Date(timeIntervalSince1970: 1_760_000_000)

    static func row(_ id: String, at: Date = at, edited: Bool = false) -> IntakeStore.StoredIntake {
        IntakeStore.StoredIntake(
            id: id, user: "ana", fluid: "water", volumeUl: 250_000, basisPoints: 10_000, at: at, day: "2025-10-09",
            timeZone: "UTC", source: "apple-health", createdAt: at, updatedAt: edited ? at.addingTimeInterval(60) : at)
    }

    /// A v1 row made from record `ref`, as intake.v1 stored it.
    static func insertV1(_ db: Database, _ row: IntakeStore.StoredIntake, ref: String?) throws {
        try db.execute(sql: """
            INSERT INTO intake (id, user, fluid, volumeUl, waterUl, waterBasisPoints, at, day, timeZone, source, sourceRef, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [row.id, row.user, row.fluid, row.volumeUl, row.waterUl, row.basisPoints, row.at.timeIntervalSince1970,
                             row.day, row.timeZone, row.source, ref, row.createdAt.timeIntervalSince1970, row.updatedAt.timeIntervalSince1970])
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM intake") ?? 0
    }

    @Test("a record delivered again adds nothing, even after its intake was moved to another time")
    func once() throws {
        let queue = try DatabaseQueue()
        try IntakeSchema.migrator.migrate(queue)
        try queue.write { db in
            #expect(try !IntakeStore.hasLegacySourceRefs(db))
            #expect(try IntakeStore.insert(db, Self.row("a"), sourceRef: "s1", sourceAt: Self.at, legacy: false))
            #expect(try !IntakeStore.insert(db, Self.row("b"), sourceRef: "s1", sourceAt: Self.at, legacy: false))
            // The user moves the intake; the record is still known by its own instant.
            try db.execute(sql: "UPDATE intake SET at = at + 3600 WHERE id = 'a'")
            #expect(try !IntakeStore.insert(db, Self.row("c"), sourceRef: "s1", sourceAt: Self.at, legacy: false))
            // Another record, another user's same record, and manual intakes are not held back.
            #expect(try IntakeStore.insert(db, Self.row("d"), sourceRef: "s2", sourceAt: Self.at, legacy: false))
            var bob = Self.row("e")
            bob.user = "bob"
            #expect(try IntakeStore.insert(db, bob, sourceRef: "s1", sourceAt: Self.at, legacy: false))
            try IntakeStore.insert(db, Self.row("f"))
            try IntakeStore.insert(db, Self.row("g"))
            #expect(try Self.count(db) == 5)
        }
    }

    @Test("intake.v2 keeps every v1 intake, and a record made before it, edited or not, is not made again")
    func migration() throws {
        let queue = try DatabaseQueue()
        try IntakeSchema.migrator.migrate(queue, upTo: "intake.v1")
        let moved = Self.at.addingTimeInterval(7200)
        try queue.write { db in
            try Self.insertV1(db, Self.row("plain"), ref: "s1")
            try Self.insertV1(db, Self.row("moved", at: moved, edited: true), ref: "s2")
            try Self.insertV1(db, Self.row("manual"), ref: nil)
        }
        try IntakeSchema.migrator.migrate(queue)
        try queue.write { db in
            #expect(try Self.count(db) == 3)
            let table = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'intake'") ?? ""
            #expect(table.contains("WITHOUT ROWID"))
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'intake' AND sql IS NOT NULL ORDER BY name")
            #expect(indexes == ["intake_source_ref", "intake_source_ref_legacy", "intake_user_day"])
            let sourceAt = try Row.fetchAll(db, sql: "SELECT id, sourceAt FROM intake ORDER BY id").map { "\($0["id"] as String)=\(($0["sourceAt"] as Double?).map { String($0) } ?? "nil")" }
            #expect(sourceAt == ["manual=nil", "moved=nil", "plain=\(Self.at.timeIntervalSince1970)"])
            let legacy = try IntakeStore.hasLegacySourceRefs(db)
            #expect(legacy)
            // s1 was never edited: found by its instant. s2 was moved: found in the legacy index.
            #expect(try !IntakeStore.insert(db, Self.row("x"), sourceRef: "s1", sourceAt: Self.at, legacy: legacy))
            #expect(try !IntakeStore.insert(db, Self.row("y"), sourceRef: "s2", sourceAt: Self.at, legacy: legacy))
            #expect(try IntakeStore.insert(db, Self.row("z"), sourceRef: "s3", sourceAt: Self.at, legacy: legacy))
            #expect(try Self.count(db) == 4)
            // Once the edited ones are gone, no legacy probe is needed.
            try db.execute(sql: "DELETE FROM intake WHERE id = 'moved'")
            #expect(try !IntakeStore.hasLegacySourceRefs(db))
        }
    }
}
