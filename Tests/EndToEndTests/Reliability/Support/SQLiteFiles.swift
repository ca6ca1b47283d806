import Foundation
import GRDB

/// Direct looks at a service's SQLite file (after the service stopped, or read-only beside it).
enum SQLiteFiles {
    /// `PRAGMA integrity_check` of the file at `path`: "ok" when sound.
    static func integrityCheck(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
        }
    }

    static func integer(_ path: String, _ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    static func strings(_ path: String, _ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: sql, arguments: arguments) }
    }

    /// The outbox's seqs are 1…count with nothing missing: (count, max).
    static func outboxShape(_ path: String) throws -> (count: Int, max: Int) {
        (try integer(path, "SELECT COUNT(*) FROM runtime_outbox"), try integer(path, "SELECT COALESCE(MAX(seq), 0) FROM runtime_outbox"))
    }

    /// Every `.sqlite` file under `folder`, each checked: path → result.
    static func checkAll(under folder: URL) throws -> [String: String] {
        var results: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".sqlite") {
            let path = folder.appendingPathComponent(file).path
            results[path] = (try? integrityCheck(path)) ?? "could not be opened"
        }
        return results
    }
}
