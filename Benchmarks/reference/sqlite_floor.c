/*
 * What SQLite alone needs, in C, to store an Apple Health import's rows (docs/BENCHMARKS.md).
 *
 * sqlite_floor.py measures the same with Python driving SQLite, which adds Python's own
 * per-row cost; this program binds the rows from memory (made before the clock starts), so
 * what it times is SQLite's. The rows: N samples (default 600,716, what the 1,000,000-record
 * benchmark export stores) with that export's type mix, in time order, for one user, into a
 * copy of a health-ingest sample table (Services/HealthIngest/Sources/Stores/HealthSchema.swift),
 * the way health-ingest writes them: WAL, synchronous=FULL, an 8 MiB page cache, one cached
 * INSERT ... ON CONFLICT DO NOTHING, the rows inside a savepoint inside a transaction of
 * 12,000 rows.
 *
 * Variants (each the median of --runs interleaved runs, wall time and the process's CPU time):
 *   v2              health.v2: the table clustered on (user, type, start, identity), WITHOUT
 *                   ROWID, text user/type/unit/day/job, a unique (user, seq) anchor index
 *   or-ignore       v2 with INSERT OR IGNORE: no constraint can abort the statement, so SQLite
 *                   keeps no statement journal per row (see the seventh round)
 *   values-32       v2 with one INSERT of 32 rows (a VALUES list) per step
 *   values-32-returning  the same with RETURNING seq, which says which rows were stored (what
 *                   health-ingest would need from it to tell new samples from duplicates)
 *   integer-keys    v2 with user, type, unit, day and job as integers instead of text
 *   integer-keys-32 both: integer keys, 32 rows per INSERT
 *   rowid-seq       a row-id table keyed by seq, the identity key a unique index, text keys
 *   rowid-seq-int   the same with user, type, unit, day and job as integers
 *   v3              health.v3: the row-id table with user and type as integers, unit, day and
 *                   job as text (health-ingest keys the row id by user and seq; with one
 *                   user that is the seq)
 *   v3-mid          v3 for a user whose range is not the table's end (another user's row
 *                   lies after it): every insert lands inside the tree, not at its right edge
 *
 *     cc -O2 -o /tmp/sqlite_floor Benchmarks/reference/sqlite_floor.c -lsqlite3
 *     /tmp/sqlite_floor [--rows N] [--runs K] [--dir DIR]
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define COLUMNS 17
#define PER_TRANSACTION 12000

static const char *text_table =
    "CREATE TABLE sample (user TEXT NOT NULL, type TEXT NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL,"
    " seq INTEGER NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL, normalized REAL NOT NULL, \"end\" REAL NOT NULL,"
    " day TEXT NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId TEXT, exercise TEXT, sets INTEGER,"
    " reps INTEGER, createdAt REAL NOT NULL, CHECK (\"end\" >= start), PRIMARY KEY (user, type, start, identity))"
    " WITHOUT ROWID; CREATE UNIQUE INDEX sample_user_seq ON sample (user, seq);";
static const char *integer_table =
    "CREATE TABLE sample (user INTEGER NOT NULL, type INTEGER NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL,"
    " seq INTEGER NOT NULL, value REAL NOT NULL, unit INTEGER NOT NULL, normalized REAL NOT NULL, \"end\" REAL NOT NULL,"
    " day INTEGER NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId INTEGER, exercise TEXT, sets INTEGER,"
    " reps INTEGER, createdAt REAL NOT NULL, CHECK (\"end\" >= start), PRIMARY KEY (user, type, start, identity))"
    " WITHOUT ROWID; CREATE UNIQUE INDEX sample_user_seq ON sample (user, seq);";
static const char *rowid_text_table =
    "CREATE TABLE sample (seq INTEGER PRIMARY KEY, user TEXT NOT NULL, type TEXT NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL,"
    " value REAL NOT NULL, unit TEXT NOT NULL, normalized REAL NOT NULL, \"end\" REAL NOT NULL,"
    " day TEXT NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId TEXT, exercise TEXT, sets INTEGER,"
    " reps INTEGER, createdAt REAL NOT NULL, CHECK (\"end\" >= start));"
    " CREATE UNIQUE INDEX sample_key ON sample (user, type, start, identity);";
static const char *rowid_integer_table =
    "CREATE TABLE sample (seq INTEGER PRIMARY KEY, user INTEGER NOT NULL, type INTEGER NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL,"
    " value REAL NOT NULL, unit INTEGER NOT NULL, normalized REAL NOT NULL, \"end\" REAL NOT NULL,"
    " day INTEGER NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId INTEGER, exercise TEXT, sets INTEGER,"
    " reps INTEGER, createdAt REAL NOT NULL, CHECK (\"end\" >= start));"
    " CREATE UNIQUE INDEX sample_key ON sample (user, type, start, identity);";
static const char *rowid_user_type_table =
    "CREATE TABLE sample (seq INTEGER PRIMARY KEY, user INTEGER NOT NULL, type INTEGER NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL,"
    " value REAL NOT NULL, unit TEXT NOT NULL, normalized REAL NOT NULL, \"end\" REAL NOT NULL,"
    " day TEXT NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId TEXT, exercise TEXT, sets INTEGER,"
    " reps INTEGER, createdAt REAL NOT NULL, CHECK (\"end\" >= start));"
    " CREATE UNIQUE INDEX sample_key ON sample (user, type, start, identity);";
static const char *columns =
    "(user, type, identity, value, unit, normalized, start, \"end\", day, sourceId, deviceId, jobId, exercise, sets,"
    " reps, createdAt, seq)";
static const char *placeholders = "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

/* The benchmark export's stored mix (sqlite_floor.py's MIX). */
static const char *kinds[] = {"steps", "distance", "dietary-water", "body-mass"};
static const char *units[] = {"count", "km", "mL", "kg"};
static const int counts[] = {360750, 140453, 79911, 19602};

struct row {
    long long identity;
    double value, start;
    int kind, day;
    char dayText[11];
};

struct variant {
    const char *name, *table, *verb, *tail;
    /* integerKeys: 0 all text, 1 user/type/unit/day/job integers, 2 user and type integers.
     * interior: another user's row after the inserted range (v3-mid). */
    int rowsPerStep, integerKeys, interior;
};

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double cpuSeconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

/* splitmix64: the same rows on every run and machine. */
static unsigned long long next(unsigned long long *state) {
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static struct row *makeRows(int count) {
    int total = 0, pattern[1000], filled = 0;
    for (int k = 0; k < 4; k++) total += counts[k];
    for (int k = 0; k < 4; k++)
        for (int n = 0; n < (int)((double)counts[k] * 1000 / total + 0.5) && filled < 1000; n++) pattern[filled++] = k;
    struct row *rows = malloc(sizeof(struct row) * (size_t)count);
    if (!rows) return NULL;
    unsigned long long state = 42;
    double first = 1609459200.0, step = 5.0 * 365 * 86400 / count; /* 2021-01-01, five years */
    for (int i = 0; i < count; i++) {
        struct row *r = &rows[i];
        r->kind = pattern[i % filled];
        r->start = first + i * step;
        r->identity = (long long)(next(&state) >> 2);
        r->value = 1 + (double)(next(&state) % 499000) / 1000;
        r->day = (int)(r->start / 86400);
        time_t at = (time_t)r->start;
        struct tm day;
        gmtime_r(&at, &day);
        strftime(r->dayText, sizeof r->dayText, "%Y-%m-%d", &day);
    }
    return rows;
}

static int fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "sqlite_floor: %s: %s\n", what, sqlite3_errmsg(db));
    return -1;
}

/* Whether the current run's row ids start at 2^40 (below another user's row at 3 * 2^40). */
static int interior;
static void bindRow(sqlite3_stmt *statement, int base, const struct row *r, long long seq, int integerKeys) {
    if (integerKeys == 2) {
        sqlite3_bind_int64(statement, base + 1, 1);
        sqlite3_bind_int64(statement, base + 2, r->kind);
        sqlite3_bind_text(statement, base + 5, units[r->kind], -1, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 9, r->dayText, 10, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 12, "5f3a9c0d1e2b4a67", -1, SQLITE_STATIC);
    } else if (integerKeys) {
        sqlite3_bind_int64(statement, base + 1, 1);
        sqlite3_bind_int64(statement, base + 2, r->kind);
        sqlite3_bind_int64(statement, base + 5, r->kind);
        sqlite3_bind_int64(statement, base + 9, r->day);
        sqlite3_bind_int64(statement, base + 12, 7);
    } else {
        sqlite3_bind_text(statement, base + 1, "import1", -1, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 2, kinds[r->kind], -1, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 5, units[r->kind], -1, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 9, r->dayText, 10, SQLITE_STATIC);
        sqlite3_bind_text(statement, base + 12, "5f3a9c0d1e2b4a67", -1, SQLITE_STATIC);
    }
    sqlite3_bind_int64(statement, base + 3, r->identity);
    sqlite3_bind_double(statement, base + 4, r->value);
    sqlite3_bind_double(statement, base + 6, r->value);
    sqlite3_bind_double(statement, base + 7, r->start);
    sqlite3_bind_double(statement, base + 8, r->start + 60);
    sqlite3_bind_int64(statement, base + 10, 1 + seq % 2);
    sqlite3_bind_int64(statement, base + 11, 1 + seq % 2);
    sqlite3_bind_null(statement, base + 13);
    sqlite3_bind_null(statement, base + 14);
    sqlite3_bind_null(statement, base + 15);
    sqlite3_bind_double(statement, base + 16, 1.7e9);
    sqlite3_bind_int64(statement, base + 17, seq + (interior ? (1LL << 40) : 0));
}

/* One run of a variant into a fresh file; wall and CPU seconds of the inserts. */
static int run(const char *folder, const struct variant *v, const struct row *rows, int count, double *wall, double *cpu) {
    char path[4096], sidecar[4200];
    snprintf(path, sizeof path, "%s/floor.sqlite", folder);
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int s = 0; s < 3; s++) {
        snprintf(sidecar, sizeof sidecar, "%s%s", path, suffixes[s]);
        unlink(sidecar);
    }
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) return fail(db, "open");
    if (sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = -8192;", 0, 0, 0) ||
        sqlite3_exec(db, v->table, 0, 0, 0))
        return fail(db, "schema");
    interior = v->interior;
    /* v3-mid: a row of user 2 (row id 3 * 2^40) that every row of user 1 goes before. */
    if (interior && sqlite3_exec(db, "INSERT INTO sample (seq, user, type, start, identity, value, unit, normalized, \"end\", day, sourceId, createdAt)"
                                     " VALUES (3 << 40, 2, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0)", 0, 0, 0))
        return fail(db, "interior");
    size_t size = strlen(v->verb) + strlen(columns) + (size_t)v->rowsPerStep * (strlen(placeholders) + 1) + strlen(v->tail) + 32;
    char *sql = malloc(size);
    snprintf(sql, size, "%s INTO sample %s VALUES ", v->verb, columns);
    for (int r = 0; r < v->rowsPerStep; r++) {
        if (r) strcat(sql, ",");
        strcat(sql, placeholders);
    }
    strcat(sql, v->tail);
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, 0) != SQLITE_OK) return fail(db, "prepare");
    free(sql);
    double wallBefore = seconds(), cpuBefore = cpuSeconds();
    int stored = count - count % v->rowsPerStep;
    for (int i = 0; i < stored; i += v->rowsPerStep) {
        if (i % PER_TRANSACTION < v->rowsPerStep) {
            if (i && sqlite3_exec(db, "RELEASE batch; COMMIT", 0, 0, 0)) return fail(db, "commit");
            if (sqlite3_exec(db, "BEGIN; SAVEPOINT batch", 0, 0, 0)) return fail(db, "begin");
        }
        for (int r = 0; r < v->rowsPerStep; r++) bindRow(statement, r * COLUMNS, &rows[i + r], i + r + 1, v->integerKeys);
        int step;
        while ((step = sqlite3_step(statement)) == SQLITE_ROW) {}
        if (step != SQLITE_DONE) return fail(db, "insert");
        sqlite3_reset(statement);
    }
    if (sqlite3_exec(db, "RELEASE batch; COMMIT", 0, 0, 0)) return fail(db, "commit");
    *wall = seconds() - wallBefore;
    *cpu = cpuSeconds() - cpuBefore;
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int count = 600716, runs = 3;
    const char *folder = "/tmp";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--rows")) count = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--runs")) runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--dir")) folder = argv[i + 1];
        else {
            fprintf(stderr, "usage: sqlite_floor [--rows N] [--runs K] [--dir DIR]\n");
            return 2;
        }
    }
    if (count < 1 || runs < 1 || runs > 99) {
        fprintf(stderr, "sqlite_floor: --rows must be at least 1 and --runs 1 to 99\n");
        return 2;
    }
    struct row *rows = makeRows(count);
    if (!rows) return 1;
    const char *upsert = " ON CONFLICT (user, type, start, identity) DO NOTHING";
    const struct variant variants[] = {
        {"v2", text_table, "INSERT", upsert, 1, 0},
        {"or-ignore", text_table, "INSERT OR IGNORE", "", 1, 0},
        {"values-32", text_table, "INSERT", upsert, 32, 0},
        {"values-32-returning", text_table, "INSERT", " ON CONFLICT (user, type, start, identity) DO NOTHING RETURNING seq", 32, 0},
        {"integer-keys", integer_table, "INSERT", upsert, 1, 1},
        {"integer-keys-32", integer_table, "INSERT", upsert, 32, 1},
        {"rowid-seq", rowid_text_table, "INSERT", upsert, 1, 0},
        {"rowid-seq-int", rowid_integer_table, "INSERT", upsert, 1, 1},
        {"v3", rowid_user_type_table, "INSERT", upsert, 1, 2},
        {"v3-mid", rowid_user_type_table, "INSERT", upsert, 1, 2, 1},
    };
    enum { VARIANTS = sizeof variants / sizeof variants[0] };
    double walls[VARIANTS][99], cpus[VARIANTS][99];
    /* Runs interleave the variants, so a machine that slows down mid-way slows them all alike. */
    for (int r = 0; r < runs; r++)
        for (size_t v = 0; v < VARIANTS; v++)
            if (run(folder, &variants[v], rows, count, &walls[v][r], &cpus[v][r])) return 1;
    printf("SQLite %s, %d rows, %d interleaved runs of each (median, min-max)\n", sqlite3_libversion(), count, runs);
    for (size_t v = 0; v < VARIANTS; v++) {
        qsort(walls[v], (size_t)runs, sizeof(double), compare);
        qsort(cpus[v], (size_t)runs, sizeof(double), compare);
        printf("%-20s wall %.2f s (%.2f-%.2f), CPU %.2f s (%.2f-%.2f), %.2f us CPU a row\n", variants[v].name,
               walls[v][runs / 2], walls[v][0], walls[v][runs - 1], cpus[v][runs / 2], cpus[v][0], cpus[v][runs - 1],
               cpus[v][runs / 2] / count * 1e6);
    }
    free(rows);
    return 0;
}
