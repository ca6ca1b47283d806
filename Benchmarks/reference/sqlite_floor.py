"""What SQLite alone needs to store an Apple Health import's rows (docs/BENCHMARKS.md).

Inserts N sample rows (default 600,716: what the 1,000,000-record benchmark export stores),
in time order with the benchmark export's type mix, into health-ingest's `sample` table and
indexes (copies of Services/HealthIngest/Sources/Stores/HealthSchema.swift: the `health.v2` table
clustered on its identity key with the anchor index, and the `health.v1` one it replaced), the
way health-ingest writes them: WAL, synchronous=FULL, an 8 MiB page cache, 12,000 rows per
transaction, INSERT ... ON CONFLICT DO NOTHING. Python's own per-row cost is included, so the
figure is an upper bound on SQLite's share. Prints seconds per variant (median of --runs).

    python3 Benchmarks/reference/sqlite_floor.py [--rows N] [--runs K] [--dir DIR]
"""
import argparse, os, random, sqlite3, statistics, tempfile, time

TABLE = """CREATE TABLE sample (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, type TEXT NOT NULL, identity INTEGER NOT NULL,
    value REAL NOT NULL, unit TEXT NOT NULL, normalized REAL NOT NULL, start REAL NOT NULL, "end" REAL NOT NULL,
    day TEXT NOT NULL, sourceId INTEGER NOT NULL, deviceId INTEGER, jobId TEXT, exercise TEXT, sets INTEGER,
    reps INTEGER, createdAt REAL NOT NULL, CHECK ("end" >= start));"""
IDENTITY = "CREATE UNIQUE INDEX sample_identity ON sample (user, type, start, identity);"
DAY = "CREATE INDEX sample_day ON sample (user, type, day, sourceId, normalized);"
SEQ = "CREATE INDEX sample_user_seq ON sample (user, seq);"
CLUSTERED = """CREATE TABLE sample (
    user TEXT NOT NULL, type TEXT NOT NULL, start REAL NOT NULL, identity INTEGER NOT NULL, seq INTEGER NOT NULL,
    value REAL NOT NULL, unit TEXT NOT NULL, normalized REAL NOT NULL, "end" REAL NOT NULL, day TEXT NOT NULL,
    sourceId INTEGER NOT NULL, deviceId INTEGER, jobId TEXT, exercise TEXT, sets INTEGER, reps INTEGER,
    createdAt REAL NOT NULL, CHECK ("end" >= start), PRIMARY KEY (user, type, start, identity)) WITHOUT ROWID;"""
ANCHOR = "CREATE UNIQUE INDEX sample_user_seq ON sample (user, seq);"
VARIANTS = {
    "health.v2: clustered table and anchor index": [CLUSTERED, ANCHOR],
    "health.v1: table and three indexes": [TABLE, IDENTITY, DAY, SEQ],
}
INSERT = ('INSERT INTO sample (user, type, identity, value, unit, normalized, start, "end", day, sourceId, '
          'deviceId, jobId, exercise, sets, reps, createdAt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) '
          'ON CONFLICT (user, type, start, identity) DO NOTHING')
INSERT_V2 = ('INSERT INTO sample (user, type, identity, value, unit, normalized, start, "end", day, sourceId, '
             'deviceId, jobId, exercise, sets, reps, createdAt, seq) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) '
             'ON CONFLICT (user, type, start, identity) DO NOTHING')
# The benchmark export's stored mix: steps 360,750, distance 140,453, dietary water 79,911, body mass 19,602.
MIX = [("steps", "count", 360750), ("distance", "km", 140453), ("dietary-water", "mL", 79911), ("body-mass", "kg", 19602)]


def rows(count):
    rng = random.Random(42)
    total = sum(n for _, _, n in MIX)
    kinds = [k for k, _, n in MIX for _ in range(round(n * 1000 / total))]
    units = {k: u for k, u, _ in MIX}
    start = 1_609_459_200.0  # 2021-01-01, five years like the export
    step = 5 * 365 * 86400 / count
    out = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        at = start + i * step
        day = time.strftime("%Y-%m-%d", time.gmtime(at))
        value = rng.uniform(1, 500)
        out.append(("import1", kind, rng.getrandbits(62), value, units[kind], value, at, at + 60, day,
                    1 + i % 2, 1 + i % 2, "job", None, None, None, time.time()))
    return out


def run(folder, statements, data):
    path = os.path.join(folder, "floor.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA cache_size = -8192")
    for statement in statements:
        db.execute(statement)
    began = time.perf_counter()
    clustered = statements[0] is CLUSTERED
    for first in range(0, len(data), 12000):
        db.execute("BEGIN")
        if clustered:
            db.executemany(INSERT_V2, [row + (first + index + 1,) for index, row in enumerate(data[first:first + 12000])])
        else:
            db.executemany(INSERT, data[first:first + 12000])
        db.execute("COMMIT")
    elapsed = time.perf_counter() - began
    db.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=600_716)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    data = rows(args.rows)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        for name, statements in VARIANTS.items():
            times = [run(folder, statements, data) for _ in range(args.runs)]
            print(f"{name}: {statistics.median(times):.2f} s (runs {min(times):.2f}-{max(times):.2f}), {args.rows:,} rows")


if __name__ == "__main__":
    main()
