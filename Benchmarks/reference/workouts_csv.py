#!/usr/bin/env python3
"""The reference for the workout-log parse: a plain Python `csv` loop over the same file.

For every data line (after the header `date,exercise,sets,reps,weight`) it does what
Quench's WorkoutLogParser does to a good line: splits the CSV fields (csv.reader, quotes
included), trims them, parses the date `Oct 11 2020` into a datetime.date (month-name
lookup + int day/year; datetime.date validates e.g. Feb 30), the exercise as a non-empty
str, sets and reps as int, weight as float, and checks the ranges (sets 1-100, reps
1-1000, 0 <= weight <= 1000). Bad lines are counted. Prints the same counts and checksum
as `quench-bench parse workouts`.

usage: workouts_csv.py FILE
       workouts_csv.py --orm DB FILE

With --orm it does the work of a whole `quench import workouts` until `quench orm` answers:
the same parse, every good line inserted into a fresh SQLite file DB (one table of sets,
executemany in one transaction, then an index by exercise and day), then the one-rep max
(Brzycki: weight x 36 / (37 - reps), one rep the weight itself, more than 12 reps left out)
per exercise (lower-cased, whitespace folded) per day, kept in a table, and each exercise's
best printed as JSON on a second line: {"exercise": best, ...} rounded to 2 decimals.
"""
import csv
import datetime
import json
import sqlite3
import sys

MONTHS = {m: i + 1 for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


def main(path, db=None):
    rows = [] if db else None
    lines = good = bad = 0
    checksum = 0.0
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        for row in reader:
            if reader.line_num == 1 and [c.strip().lower() for c in row] == ["date", "exercise", "sets", "reps", "weight"]:
                continue
            if not row or row[0].startswith("#"):
                continue
            lines += 1
            try:
                date_text, exercise, sets, reps, weight = (c.strip() for c in row)
                month, day, year = date_text.split()
                date = datetime.date(int(year), MONTHS[month.lower()], int(day))
                sets, reps, weight = int(sets), int(reps), float(weight)
                if not exercise or not 1 <= sets <= 100 or not 1 <= reps <= 1000 or not 0 <= weight <= 1000:
                    raise ValueError(row)
            except (ValueError, KeyError):
                bad += 1
                continue
            good += 1
            if rows is not None:
                rows.append((date.isoformat(), " ".join(exercise.split()).lower(), sets, reps, weight))
            checksum += weight * (sets * reps) + (date.year + date.month + date.day)
    print(f"lines {lines} good {good} bad {bad} checksum {checksum}")
    if rows is not None:
        print(json.dumps(store_and_estimate(db, rows), sort_keys=True))


def store_and_estimate(db, rows):
    """Inserts the sets into SQLite and computes the best estimate per exercise and day, then overall."""
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE strength_set (day TEXT, exercise TEXT, sets INTEGER, reps INTEGER, weight REAL)")
    with connection:
        connection.executemany("INSERT INTO strength_set VALUES (?, ?, ?, ?, ?)", rows)
        connection.execute("CREATE INDEX strength_by_day ON strength_set (exercise, day)")
        connection.execute("""
            CREATE TABLE orm_day AS
            SELECT exercise, day, MAX(CASE WHEN reps = 1 THEN weight ELSE weight * 36.0 / (37 - reps) END) AS orm
            FROM strength_set WHERE reps <= 12 GROUP BY exercise, day""")
    best = {exercise: round(orm, 2) for exercise, orm in connection.execute("SELECT exercise, MAX(orm) FROM orm_day GROUP BY exercise")}
    connection.close()
    return best


if __name__ == "__main__":
    if sys.argv[1] == "--orm":
        main(sys.argv[3], db=sys.argv[2])
    else:
        main(sys.argv[1])
