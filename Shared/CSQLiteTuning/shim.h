// SQLite's process-wide settings, which Swift cannot call directly (`sqlite3_config` is
// variadic). They hold only when made before SQLite initialises, i.e. before the first
// connection opens; afterwards `sqlite3_config` returns SQLITE_MISUSE and changes nothing.
#include <sqlite3.h>

/// No memory statistics (`SQLITE_CONFIG_MEMSTATUS` off): every allocation and free SQLite
/// makes otherwise takes a process-wide mutex to count it. Nothing here reads the counts
/// (`sqlite3_memory_used`, a soft heap limit).
static inline int quench_sqlite_memstatus_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
