import Foundation
import GRDB
@testable import QuenchRuntime
import QuenchTestSupport
import Testing

/// A service's database across its life: the migrations an open applies are reported (the
/// service logs each at start), and a graceful close leaves every row in the `.sqlite` file alone.
@Suite("ServiceDatabase: migrations reported, a whole file at close")
struct ServiceDatabaseLifecycleTests {
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("demo.v1") { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)") }
        migrator.registerMigration("demo.v2") { db in try db.execute(sql: "ALTER TABLE note ADD COLUMN at DOUBLE") }
        return migrator
    }

    @Test("a new file reports every migration in order, a current one none, an older one only what it lacked")
    func migrationsApplied() throws {
        let path = TestScratch.file("db-migrations", named: "demo.sqlite").path
        var first = DatabaseMigrator()
        first.registerMigration("demo.v1") { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)") }
        let created = try ServiceDatabase(path: path, migrator: first)
        #expect(created.migrationsApplied.first == "runtime.v1")
        #expect(created.migrationsApplied.last == "demo.v1")
        #expect(!created.migrationsApplied.contains("demo.v2"))
        try created.closeForShutdown()
        let upgraded = try ServiceDatabase(path: path, migrator: Self.migrator())
        #expect(upgraded.migrationsApplied == ["demo.v2"])
        try upgraded.closeForShutdown()
        let current = try ServiceDatabase(path: path, migrator: Self.migrator())
        #expect(current.migrationsApplied.isEmpty)
        try current.closeForShutdown()
    }

    @Test("closeForShutdown empties the WAL: a copy of the .sqlite file alone holds every row")
    func closeLeavesAWholeFile() throws {
        let folder = TestScratch.directory("db-close")
        let path = folder.appendingPathComponent("demo.sqlite").path
        let database = try ServiceDatabase(path: path, migrator: Self.migrator())
        for index in 0..<50 {
            try database.pool.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["n\(index)"]) }
        }
        #expect(((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) > 0, "the rows must be in the WAL first")
        #expect(try database.closeForShutdown())
        #expect(((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) == 0)
        let copy = folder.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let queue = try DatabaseQueue(path: copy)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 50)
    }
}
