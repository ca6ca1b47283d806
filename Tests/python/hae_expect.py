#!/usr/bin/env python3
"""Expected figures for a Health Auto Export REST payload, computed independently of Quench.

Usage: hae_expect.py PAYLOAD.json

Prints one JSON object:
  metrics, points, workouts   entries of data.metrics, points of every metric, workouts
                              (data.workouts, and a top-level "workouts" beside "data")
  byKind        good points by Quench kind: steps, distance, body-mass, dietary-water, workout
  otherMetrics  {metric name: points} of metrics Quench does not import
  otherSections {section: items} of data's other arrays (stateOfMind, medications, ...)
  bad           points and workouts of the imported kinds that cannot be read (no or
                non-numeric qty, unreadable date, unknown unit)
  stepsByDay    {day: steps}, the day as written in the point's start (its own offset)
  distanceByDay {day: metres}
  weights       [[day, kg], ...] in payload order
  water         {day: mL}
  workouts_     [{activity, day, start, end, durationS, distanceM, energyKcal}] in order
                (start/end as UTC epoch seconds)

Only the standard library (json, re, datetime). The day of a point is the calendar day
written in its timestamp: "2026-08-26 23:30:00 +0900" is 2026-08-26 wherever it is read. A
point's start is its "start" when it has "start" and "end", else its "date".
"""
import datetime
import json
import re
import sys

KINDS = {
    "step_count": "steps",
    "walking_running_distance": "distance",
    "weight_body_mass": "body-mass",
    "body_mass": "body-mass",
    "dietary_water": "dietary-water",
    "water": "dietary-water",
}
FACTORS = {
    "steps": {"count": 1.0, "steps": 1.0, "step": 1.0},
    "distance": {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01},
    "body-mass": {"kg": 1.0, "lb": 0.45359237, "lbs": 0.45359237, "g": 0.001, "st": 6.35029318},
    "dietary-water": {"ml": 1.0, "l": 1000.0, "fl_oz_us": 29.5735295625, "fl_oz_imp": 28.4130625, "cl": 10.0,
                      "dl": 100.0, "cup_us": 236.5882365, "cup_imp": 284.130625, "pt_us": 473.176473,
                      "pt_imp": 568.26125},
}
METRES = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01}
KCAL = {"kcal": 1.0, "Cal": 1.0, "kJ": 1 / 4.184, "kj": 1 / 4.184, "J": 1 / 4184.0, "cal": 0.001}

STAMP = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2}):(\d{2})(?:\.(\d+))?[ \u202f\u00a0]*"
    r"(?:([aApP][mM])[ \u202f\u00a0]*)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$")


def stamp(text):
    """(epoch seconds, written day) of a payload timestamp, or None."""
    if not isinstance(text, str):
        return None
    m = STAMP.match(text)
    if not m:
        return None
    year, month, day, hour, minute, second = (int(m.group(i)) for i in range(1, 7))
    if m.group(8):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group(8).lower() == "pm" else 0)
    offset = 0
    if m.group(10):
        offset = (int(m.group(11)) * 3600 + int(m.group(12)) * 60) * (-1 if m.group(10) == "-" else 1)
    try:
        local = datetime.datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None
    fraction = float("0." + m.group(7)) if m.group(7) else 0.0
    epoch = (local - datetime.datetime(1970, 1, 1)).total_seconds() - offset + fraction
    return epoch, f"{year:04d}-{month:02d}-{day:02d}"


def number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def unit_factor(table, unit):
    if not isinstance(unit, str):
        return None
    return table.get(unit, table.get(unit.lower()))


def main(path):
    with open(path, encoding="utf-8") as f:
        payload = json.load(f)
    data = payload.get("data") or {}
    out = {"metrics": 0, "points": 0, "workouts": 0, "byKind": {}, "otherMetrics": {}, "otherSections": {},
           "bad": 0, "stepsByDay": {}, "distanceByDay": {}, "weights": [], "water": {}, "workouts_": []}
    for key, value in data.items():
        if key not in ("metrics", "workouts"):
            out["otherSections"][key] = len(value) if isinstance(value, list) else 1
    for metric in data.get("metrics") or []:
        out["metrics"] += 1
        points = metric.get("data") or []
        out["points"] += len(points)
        kind = KINDS.get(metric.get("name"))
        if kind is None:
            name = metric.get("name")
            out["otherMetrics"][name] = out["otherMetrics"].get(name, 0) + len(points)
            continue
        factor = unit_factor(FACTORS[kind], metric.get("units"))
        if factor is None:
            out["bad"] += len(points)
            continue
        for point in points:
            qty = number(point.get("qty")) if isinstance(point, dict) else None
            if qty is None:
                out["bad"] += 1
                continue
            start = None
            if "start" in point and "end" in point:
                s, e = stamp(point["start"]), stamp(point["end"])
                if s and e and e[0] >= s[0]:
                    start = s
            if start is None:
                start = stamp(point.get("date", point.get("start")))
            if start is None:
                out["bad"] += 1
                continue
            value = qty * factor
            day = start[1]
            out["byKind"][kind] = out["byKind"].get(kind, 0) + 1
            if kind == "steps":
                out["stepsByDay"][day] = out["stepsByDay"].get(day, 0) + value
            elif kind == "distance":
                out["distanceByDay"][day] = out["distanceByDay"].get(day, 0) + value
            elif kind == "body-mass":
                out["weights"].append([day, value])
            else:
                out["water"][day] = out["water"].get(day, 0) + value
    workouts = list(data.get("workouts") or []) + list(payload.get("workouts") or [])
    for workout in workouts:
        out["workouts"] += 1
        start, end = stamp(workout.get("start")), stamp(workout.get("end"))
        if not workout.get("name") or start is None or end is None:
            out["bad"] += 1
            continue
        duration = number(workout["duration"]) if "duration" in workout else end[0] - start[0]
        distance = energy = None
        if isinstance(workout.get("distance"), dict):
            d = workout["distance"]
            distance = number(d.get("qty")) * METRES[d["units"]]
        e = workout.get("activeEnergyBurned") or workout.get("activeEnergy")
        if isinstance(e, dict):
            energy = number(e.get("qty")) * KCAL[e["units"]]
        out["byKind"]["workout"] = out["byKind"].get("workout", 0) + 1
        out["workouts_"].append({"activity": workout["name"], "day": start[1], "start": start[0], "end": end[0],
                                 "durationS": duration, "distanceM": distance, "energyKcal": energy})
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1])
