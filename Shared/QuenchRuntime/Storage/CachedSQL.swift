public import GRDB

// Fixed SQL run through the connection's statement cache: compiled once per connection,
// so a hot path (an event applier, a command) pays neither the SQL compile nor GRDB's
// authorizer callbacks on every run. Only for SQL text that does not vary: every distinct
// text stays in the cache for the connection's life.

extension Database {
    /// Executes one fixed statement, prepared once per connection.
    public func execute(cached sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}

extension Row {
    public static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    public static func fetchCursor(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
        try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible {
    public static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}
