import ChildProcess
import Foundation
import QuenchTestSupport
import Testing

/// docs/OPERATIONS.md's offline backup: after `quench down` each service's `.sqlite` file alone
/// (no `-wal` beside it) holds every committed row. The copy is read by Python's own sqlite3
/// module, not by Quench.
@Suite("Offline backup: the .sqlite file alone after quench down", .serialized)
struct OfflineBackupTests {
    @Test("three drinks logged, quench down: no -wal is left and a copy of intake.sqlite alone holds the three", .timeLimit(.minutes(3)))
    func copyAfterDownIsComplete() throws {
        let ports = try PortBase()
        defer { ports.release() }
        let dir = temporaryDirectory("offline-backup").appendingPathComponent("q")
        let quench = try QuenchBinary()
        func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) { try quench.run(arguments) }
        defer { _ = try? run(["down", "--data-dir", dir.path]) }
        let up = try run(["up", "--insecure", "--no-web", "--port-base", ports.argument, "--data-dir", dir.path, "--json"])
        try #require(up.status == 0, "up: \(up.stderr)")
        let config = dir.appendingPathComponent("client.json").path
        for volume in ["250", "300", "0.5l"] {
            let logged = try run(["log", volume, "--config", config, "--user", "ana", "--json"])
            #expect(logged.status == 0, "log \(volume): \(logged.stderr)")
        }
        let down = try run(["down", "--data-dir", dir.path, "--json"])
        #expect(down.status == 0, "down: \(down.stderr)")

        let data = dir.appendingPathComponent("data")
        for service in ["intake", "goals", "health-ingest", "analytics"] {
            let wal = data.appendingPathComponent("\(service).sqlite-wal").path
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            #expect(size == 0, "\(service).sqlite-wal holds \(size) bytes after a graceful stop")
        }
        let copy = temporaryDirectory("offline-backup-copy").appendingPathComponent("intake.sqlite")
        try FileManager.default.copyItem(at: data.appendingPathComponent("intake.sqlite"), to: copy)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            rows = db.execute("SELECT user, volumeUl FROM intake ORDER BY volumeUl").fetchall()
            print(";".join(f"{u}:{v}" for u, v in rows))
            """
        let python = try ChildCommand("/usr/bin/env", arguments: ["python3", "-c", script, copy.path], standardInput: .null).run()
        #expect(python.status == 0, "the copy cannot be read: \(python.standardErrorText)")
        #expect(python.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
                == "ana:250000;ana:300000;ana:500000", "\(python.standardOutputText)")
    }
}
