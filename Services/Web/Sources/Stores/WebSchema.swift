import GRDB

/// The web edge's own SQLite file (`web.sqlite`): API tokens (with their scopes), browser
/// sessions and one-time sign-in links, each stored only as the SHA-256 of its secret.
enum WebSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("web-v1") { db in
            // `id`: the first 12 hex digits of the hash, public (listed, revoked by); the
            // full hash is compared in constant time after the row is found by id.
            try db.execute(sql: """
                CREATE TABLE token (
                    id TEXT PRIMARY KEY,
                    hash BLOB NOT NULL,
                    user TEXT NOT NULL,
                    name TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    last_used_at REAL
                );
                CREATE INDEX token_user ON token(user);
                CREATE TABLE session (
                    id TEXT PRIMARY KEY,
                    hash BLOB NOT NULL,
                    user TEXT NOT NULL,
                    token_id TEXT,
                    csrf TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL
                );
                CREATE INDEX session_user ON session(user);
                CREATE INDEX session_token ON session(token_id);
                CREATE TABLE sign_in_link (
                    id TEXT PRIMARY KEY,
                    hash BLOB NOT NULL,
                    user TEXT NOT NULL,
                    expires_at REAL NOT NULL
                );
                """)
        }
        // What each token may do (`TokenScope` names, comma-separated, normalized). Every
        // token made before could do everything: it keeps `account`, the full scope.
        migrator.registerMigration("web-v2-token-scopes") { db in
            try db.execute(sql: "ALTER TABLE token ADD COLUMN scopes TEXT NOT NULL DEFAULT 'account'")
        }
        return migrator
    }
}
