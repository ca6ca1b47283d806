// SQLite's process-wide settings, which Swift cannot set itself: sqlite3_config is variadic.
#include <sqlite3.h>

/// How large a statement journal or savepoint sub-journal may grow in memory before SQLite
/// moves it to a temporary file (SQLITE_CONFIG_STMTJRNL_SPILL). Only before SQLite is first
/// used in the process; SQLITE_MISUSE after.
static inline int quench_sqlite_set_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
