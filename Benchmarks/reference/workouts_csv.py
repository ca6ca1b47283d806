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
"""
import csv
import datetime
import sys

MONTHS = {m: i + 1 for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


def main(path):
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
            checksum += weight * (sets * reps) + (date.year + date.month + date.day)
    print(f"lines {lines} good {good} bad {bad} checksum {checksum}")


if __name__ == "__main__":
    main(sys.argv[1])
