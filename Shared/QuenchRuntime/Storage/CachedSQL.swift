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

extension Database {
    /// Runs `body` in a savepoint made of cached statements (GRDB's `inSavepoint` compiles
    /// its statements on every call): if `body` throws, its changes are rolled back and the
    /// error is returned as the failure. Throws only when the savepoint itself fails (the
    /// transaction is then no longer usable). For a batch of independent units of work in
    /// one transaction: the command writer's commands, a subscriber's events.
    func inCachedSavepoint<T>(_ body: () throws -> T) throws -> Result<T, any Error> {
        try execute(cached: "SAVEPOINT quench_unit")
        do {
            let value = try body()
            try execute(cached: "RELEASE SAVEPOINT quench_unit")
            return .success(value)
        } catch {
            try execute(cached: "ROLLBACK TO SAVEPOINT quench_unit")
            try execute(cached: "RELEASE SAVEPOINT quench_unit")
            return .failure(error)
        }
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
