import Foundation
import GRDB
import GRDBSQLite
import QuenchProtocol

extension SampleStore {
    /// The sample insert as one cached statement bound through SQLite directly: the user,
    /// job and creation time once per request, and of each sample only the columns that
    /// differ from the previous one (an import sends runs of one type, unit and day).
    /// `ON CONFLICT DO NOTHING` on the identity index makes a duplicate one index probe.
    struct Inserter {
        static let sql = """
            INSERT INTO sample (user, type, identity, value, unit, normalized, start, "end", day, sourceId, deviceId, jobId, exercise, sets, reps, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user, type, start, identity) DO NOTHING
            """

        private let db: Database
        private let statement: Statement
        private var lastType: SampleType?
        private var lastUnit: String?
        private var lastDay: String?
        private var lastSource: Int64?
        private var lastDevice: Int64??
        private var lastStrength = true

        init(_ db: Database, user: String, jobId: String?, now: Date) throws {
            self.db = db
            statement = try db.cachedStatement(sql: Self.sql)
            let handle = statement.sqliteStatement
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            Self.bind(handle, 1, user)
            if let jobId { Self.bind(handle, 12, jobId) }
            sqlite3_bind_double(handle, 16, now.timeIntervalSince1970)
        }

        /// Inserts `sample`; returns its new seq, or nil when the user has one with its identity.
        mutating func insert(_ sample: ValidSample, sourceId: Int64, deviceId: Int64?) throws -> Int64? {
            let handle = statement.sqliteStatement
            if lastType != sample.type {
                Self.bind(handle, 2, sample.type.rawValue)
                lastType = sample.type
            }
            sqlite3_bind_int64(handle, 3, sample.identity)
            sqlite3_bind_double(handle, 4, sample.value)
            if lastUnit != sample.unit {
                Self.bind(handle, 5, sample.unit)
                lastUnit = sample.unit
            }
            sqlite3_bind_double(handle, 6, sample.normalized)
            sqlite3_bind_double(handle, 7, sample.start.timeIntervalSince1970)
            sqlite3_bind_double(handle, 8, sample.end.timeIntervalSince1970)
            if lastDay != sample.day {
                Self.bind(handle, 9, sample.day)
                lastDay = sample.day
            }
            if lastSource != sourceId {
                sqlite3_bind_int64(handle, 10, sourceId)
                lastSource = sourceId
            }
            if lastDevice != .some(deviceId) {
                if let deviceId { sqlite3_bind_int64(handle, 11, deviceId) } else { sqlite3_bind_null(handle, 11) }
                lastDevice = .some(deviceId)
            }
            if sample.type == .strength || lastStrength {
                Self.bind(handle, 13, sample.exercise)
                Self.bind(handle, 14, sample.sets.map(Int64.init))
                Self.bind(handle, 15, sample.reps.map(Int64.init))
                lastStrength = sample.type == .strength
            }
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            guard code == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: Self.sql)
            }
            guard let connection = db.sqliteConnection, sqlite3_changes(connection) == 1 else { return nil }
            return sqlite3_last_insert_rowid(connection)
        }

        private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

        private static func bind(_ handle: OpaquePointer, _ index: Int32, _ text: String?) {
            guard var text else {
                sqlite3_bind_null(handle, index)
                return
            }
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    _ = sqlite3_bind_text(handle, index, "", 0, transient)
                    return
                }
                _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transient)
                }
            }
        }

        private static func bind(_ handle: OpaquePointer, _ index: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }
    }
}
