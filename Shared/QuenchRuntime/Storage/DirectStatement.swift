public import GRDB
internal import GRDBSQLite

/// A cached statement bound and stepped through SQLite's C interface, for the statements
/// every command runs (the idempotency record, the outbox row, intake's insert). GRDB's
/// `execute(arguments:)` builds a `StatementArguments` array of existentials and validates
/// it on every call; binding in place skips that, which a profile of the command writer
/// put at a tenth of its time. Only for plain `SELECT`/`INSERT`/`UPDATE`/`DELETE` inside a
/// transaction GRDB opened (nothing here begins, ends or rolls back a transaction, so GRDB's
/// bookkeeping stays true); tables read or written this way have no GRDB observers.
///
/// ```swift
/// let insert = try DirectStatement(db, sql: "INSERT INTO note (text, at) VALUES (?, ?)")
/// insert.bind(1, text)
/// insert.bind(2, at.timeIntervalSince1970)
/// try insert.run()
/// ```
public struct DirectStatement {
    private let db: Database
    private let handle: OpaquePointer
    private let sql: String

    /// The cached statement for `sql`, reset and with its bindings cleared.
    public init(_ db: Database, sql: String) throws {
        self.db = db
        self.sql = sql
        handle = try db.cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds text (1-based index); `nil` binds NULL.
    public func bind(_ index: Int32, _ text: String?) {
        guard var text else {
            sqlite3_bind_null(handle, index)
            return
        }
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), Self.transient)
            }
        }
    }

    public func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    public func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds a blob (an empty one is a zero-length blob, not NULL).
    public func bind(_ index: Int32, blob bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count), Self.transient)
        }
    }

    /// Runs a statement that returns no rows to its end.
    public func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
        sqlite3_reset(handle)
    }

    /// Rows the last insert, update or delete run on this connection changed (`sqlite3_changes`),
    /// read without GRDB's check of the calling queue that `Database.changesCount` makes.
    public var changes: Int {
        Int(sqlite3_changes(sqlite3_db_handle(handle)))
    }

    /// Steps a query: true with a row to read (`text`, `int64`, `double`, `blob`), false when there is none.
    /// Call `finish()` once done with the rows.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code)
        }
    }

    /// Column `column` (0-based) of the current row as text ("" for NULL).
    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `column` (0-based) of the current row as an integer (0 for NULL).
    public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// Column `column` (0-based) of the current row as a double (0 for NULL).
    public func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// Whether column `column` (0-based) of the current row is NULL.
    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// Column `column` (0-based) of the current row as bytes (empty for NULL).
    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Resets the statement after `step()`.
    public func finish() {
        sqlite3_reset(handle)
    }

    private func failure(_ code: Int32) -> DatabaseError {
        let error = DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql)
        sqlite3_reset(handle)
        return error
    }

    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
