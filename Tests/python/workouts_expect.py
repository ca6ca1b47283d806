#!/usr/bin/env python3
"""Expected parse of a workout log, computed independently of Quench (csv + datetime).

Usage: workouts_expect.py FILE

Knows the formats by their header as docs/PROTOCOL.md and `quench import workouts --help`
describe them: plain lines `Oct 11 2020,Back Squat,1,10,45` (optional header
date,exercise,sets,reps,weight), Strong, Hevy, FitNotes, Fitbod. Prints one JSON object:
  format    plain | strong | hevy | fitnotes | fitbod
  sets      [[line, day, exercise, sets, reps, weight, unit, warmup], ...] for every good row
            (line: the row's first physical line; unit: kg, lb or null when the file says none)
  bad       [line, ...] rows breaking a rule
  noReps    rows without reps (timed or distance sets: not strength sets)
  exercises the distinct exercises, grouped case- and space-insensitively
"""
import csv
import datetime
import json
import sys


def plain_date(text):
    parts = text.split()
    if len(parts) != 3 or len(parts[2]) != 4:
        raise ValueError(text)
    return datetime.datetime.strptime(" ".join(parts), "%b %d %Y").date()


def app_date(text):
    text = text.strip()
    for pattern in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d", "%b %d, %Y, %I:%M %p", "%d %b %Y, %H:%M", "%Y-%m-%d %H:%M:%S %z"):
        try:
            value = datetime.datetime.strptime(text, pattern)
        except ValueError:
            continue
        if value.tzinfo is not None:
            value = value.astimezone(datetime.timezone.utc)  # the tests read with the user in UTC
        return value.date()
    raise ValueError(text)


def count(text, top):
    text = text.strip()
    if text.endswith(".0"):
        text = text[:-2]
    if not text.isdigit() or not 1 <= int(text) <= top:
        raise ValueError(text)
    return int(text)


def weight(text):
    text = text.strip()
    if text == "":
        return 0.0
    if not all(c.isdigit() or c == "." for c in text):
        raise ValueError(text)
    value = float(text)
    if not 0 <= value <= 1000:
        raise ValueError(text)
    return value


def exercise(text):
    text = text.strip()
    if not 1 <= len(text) <= 100:
        raise ValueError(text)
    return text


def main(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = []
        reader = csv.reader(f)
        start = 1
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    rows = [(n, r) for n, r in rows if any(field.strip() for field in r)]
    out = {"format": "plain", "sets": [], "bad": [], "noReps": 0}
    if not rows:
        out["exercises"] = 0
        print(json.dumps(out))
        return
    header = [h.strip().lower() for h in rows[0][1]]
    fmt = "plain"
    if "exercise_title" in header and "set_type" in header:
        fmt = "hevy"
    elif "exercise name" in header and "set order" in header:
        fmt = "strong"
    elif "iswarmup" in header:
        fmt = "fitbod"
    elif "category" in header and "exercise" in header:
        fmt = "fitnotes"
    out["format"] = fmt
    if fmt == "plain":
        body = rows[1:] if header == ["date", "exercise", "sets", "reps", "weight"] else rows
        for n, row in body:
            if row[0].strip().startswith("#"):
                continue
            try:
                if len(row) != 5:
                    raise ValueError("fields")
                day = plain_date(row[0].strip())
                out["sets"].append([n, day.isoformat(), exercise(row[1]), count(row[2], 100), count(row[3], 1000), weight(row[4]) if row[4].strip() else float("nan"), None, False])
            except ValueError:
                out["bad"].append(n)
    else:
        col = {name: k for k, name in enumerate(header)}
        names = {
            "strong": ("date", "exercise name", "reps", "weight"),
            "hevy": ("start_time", "exercise_title", "reps", "weight_kg" if "weight_kg" in col else "weight_lbs"),
            "fitnotes": ("date", "exercise", "reps", "weight"),
            "fitbod": ("date", "exercise", "reps", next(h for h in header if h.startswith("weight"))),
        }[fmt]
        d, e, r, w = (col[x] for x in names)
        header_unit = "kg" if "kg" in names[3] else "lb" if "lb" in names[3] else None
        for n, row in rows[1:]:
            if len(row) > len(header) and fmt == "fitnotes":
                # FitNotes does not quote a name holding commas: the extra fields are part of it.
                extra = len(row) - len(header)
                row = row[:e] + [",".join(row[e:e + extra + 1])] + row[e + extra + 1:]
            reps_text = row[r].strip()
            if reps_text in ("", "0"):
                out["noReps"] += 1
                continue
            try:
                unit = header_unit
                if "weight unit" in col and row[col["weight unit"]].strip():
                    unit = {"kgs": "kg", "kg": "kg", "lbs": "lb", "lb": "lb"}[row[col["weight unit"]].strip().lower()]
                warm = False
                if fmt == "strong":
                    warm = row[col["set order"]].strip().upper() == "W"
                elif fmt == "hevy":
                    warm = row[col["set_type"]].strip().lower() == "warmup"
                elif fmt == "fitbod":
                    warm = row[col["iswarmup"]].strip().lower() in ("true", "1", "yes")
                out["sets"].append([n, app_date(row[d]).isoformat(), exercise(row[e]), 1, count(reps_text, 1000), weight(row[w]), unit, warm])
            except (ValueError, KeyError):
                out["bad"].append(n)
    out["exercises"] = len({" ".join(s[2].split()).lower() for s in out["sets"]})
    print(json.dumps(out))


main(sys.argv[1])
