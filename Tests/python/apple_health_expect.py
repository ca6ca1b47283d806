#!/usr/bin/env python3
"""Expected figures for an Apple Health export, computed independently of Quench.

Usage: apple_health_expect.py EXPORT (export.xml, a zip holding one, or any XML file)

Prints one JSON object:
  root         the root element's name
  elements     children of <HealthData> by element name (Record included)
  kinds        top-level Records of the four kinds Quench imports, by Quench's kind name
  stepsByDay   {day: steps}: the sum of every step record, on the calendar day written in
               its own startDate (the record's own offset: "2019-05-15 23:50:00 -0400" is
               2019-05-15 wherever the file is read), all sources together
  stepsByDaySource {day: {source: steps}}
  distanceByDay {day: metres}
  weights      [[day, kg], ...] in file order
  water        {day: mL}
  malformed    records of those kinds whose value or startDate is not a number or date
  duplicates   records identical to an earlier one (kind, source, start, end, value, unit):
               one sample by the identity rule of docs/PROTOCOL.md (which makes a re-import
               add only what is new), so left out of the figures above and summed here:
               {count, stepsByDay, distanceByDay, weights}
  workouts     [{type, day, start, end, durationS, distanceM, energyKcal, source}, ...] for
               each top-level <Workout> in file order: the day as written in its startDate,
               start/end as UTC epoch seconds; distance and energy from the attributes, or
               else from a <WorkoutStatistics> child's sum (distance types, active energy);
               null when absent
  future       the part of the figures above from records starting more than 5 minutes
               after now (an import refuses those as in-future): {count, stepsByDay,
               distanceByDay, weights}

Only the standard library (xml.etree.ElementTree.iterparse, zipfile), so it shares no code
and no date or unit logic with Quench. Dates come in two forms: "2019-05-15 08:12:00 -0400"
(iOS 9 on) and "20150603050217+0100" (iOS 8); the day is the date as written. The source
is `sourceName`, or `source` in iOS 8 exports.
"""
import datetime
import json
import sys
import zipfile
import xml.etree.ElementTree as ET

KINDS = {
    "HKQuantityTypeIdentifierStepCount": "steps",
    "HKQuantityTypeIdentifierBodyMass": "body-mass",
    "HKQuantityTypeIdentifierDistanceWalkingRunning": "distance",
    "HKQuantityTypeIdentifierDietaryWater": "dietary-water",
}
METRES = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01}
KG = {"kg": 1.0, "lb": 0.45359237, "g": 0.001, "st": 6.35029318}
SECONDS = {"s": 1.0, "min": 60.0, "hr": 3600.0, "h": 3600.0}
KCAL = {"kcal": 1.0, "Cal": 1.0, "cal": 0.001, "kJ": 1 / 4.184, "J": 1 / 4184.0}
ML = {"mL": 1.0, "L": 1000.0, "fl_oz_us": 29.5735295625, "cup_us": 236.5882365}


def day_of(written):
    """The calendar day as written in an export timestamp, YYYY-MM-DD."""
    if written[4] == "-":
        return written[:10]
    return f"{written[0:4]}-{written[4:6]}-{written[6:8]}"


def instant(written):
    """The UTC instant of an export timestamp, either form."""
    form = "%Y-%m-%d %H:%M:%S %z" if written[4] == "-" else "%Y%m%d%H%M%S%z"
    return datetime.datetime.strptime(written, form)


def split(start_written, end_written, value):
    """[(day, part)]: a record cut by local midnight (at its start's own offset) split between
    its days in proportion to time, as Quench's day totals count it (docs/PROTOCOL.md)."""
    start, end = instant(start_written), instant(end_written)
    if end <= start:
        return [(day_of(start_written), value)]
    out, cursor = [], start
    while True:
        midnight = datetime.datetime.combine(
            cursor.date() + datetime.timedelta(days=1), datetime.time(0), tzinfo=start.tzinfo)
        upper = min(end, midnight)
        out.append((cursor.date().isoformat(), value * (upper - cursor).total_seconds() / (end - start).total_seconds()))
        if end <= midnight:
            return out
        cursor = midnight


def open_export(path):
    if zipfile.is_zipfile(path):
        archive = zipfile.ZipFile(path)
        for info in sorted(archive.infolist(), key=lambda i: -i.file_size):
            if not info.filename.endswith(".xml") or "__MACOSX" in info.filename:
                continue
            with archive.open(info) as f:
                head = f.read(4096)
            if b"<HealthData" in head or (b"<!DOCTYPE HealthData" in head):
                return archive.open(info)
        raise SystemExit(f"{path}: no HealthData XML in the zip")
    return open(path, "rb")


def expect(path):
    elements, kinds = {}, {}
    steps, steps_source, distance, weights, water = {}, {}, {}, [], {}
    steps_daily = {}
    root = None
    depth = 0
    malformed = 0
    horizon = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=5)
    future = {"count": 0, "stepsByDay": {}, "distanceByDay": {}, "weights": []}
    duplicates = {"count": 0, "stepsByDay": {}, "distanceByDay": {}, "weights": []}
    seen = set()
    workouts = []
    with open_export(path) as f:
        for event, element in ET.iterparse(f, events=("start", "end")):
            if event == "start":
                depth += 1
                if depth == 1:
                    root = element.tag
                elif depth == 2:
                    elements[element.tag] = elements.get(element.tag, 0) + 1
                continue
            depth -= 1
            if depth == 1 and element.tag == "Workout":
                workouts.append(workout_of(element))
            if depth == 1 and element.tag == "Record":
                kind = KINDS.get(element.get("type"))
                if kind:
                    kinds[kind] = kinds.get(kind, 0) + 1
                    try:
                        value = float(element.get("value"))
                        day = day_of(element.get("startDate"))
                        int(day.replace("-", ""))
                    except (TypeError, ValueError, IndexError):
                        malformed += 1
                        element.clear()
                        continue
                    unit = element.get("unit")
                    source = element.get("sourceName") or element.get("source")
                    identity = (kind, source, element.get("startDate"), element.get("endDate"), value, unit)
                    part = None
                    if identity in seen:
                        part = duplicates
                    elif instant(element.get("startDate")) > horizon:
                        part = future
                    seen.add(identity)
                    if part is not None:
                        part["count"] += 1
                        if kind == "steps":
                            part["stepsByDay"][day] = part["stepsByDay"].get(day, 0) + value
                        elif kind == "distance":
                            part["distanceByDay"][day] = part["distanceByDay"].get(day, 0) + value * METRES[unit]
                        elif kind == "body-mass":
                            part["weights"].append([day, value * KG[unit]])
                    if part is duplicates:
                        element.clear()
                        continue
                    if kind == "steps":
                        steps[day] = steps.get(day, 0) + value
                        for piece_day, piece in split(element.get("startDate"), element.get("endDate"), value) if part is None else []:
                            steps_daily[piece_day] = steps_daily.get(piece_day, 0) + piece
                        per = steps_source.setdefault(day, {})
                        per[source] = per.get(source, 0) + value
                    elif kind == "distance":
                        distance[day] = distance.get(day, 0) + value * METRES[unit]
                    elif kind == "body-mass":
                        weights.append([day, value * KG[unit]])
                    else:
                        water[day] = water.get(day, 0) + value * ML[unit]
            if depth <= 1:
                element.clear()
    return {
        "root": root, "elements": elements, "kinds": kinds, "stepsByDay": steps, "stepsDailyByDay": steps_daily,
        "stepsByDaySource": steps_source, "distanceByDay": distance, "weights": weights, "water": water,
        "malformed": malformed, "future": future, "duplicates": duplicates, "workouts": workouts,
    }


def workout_of(element):
    """A top-level <Workout> with its quantities in seconds, metres and kcal."""
    def quantity(value, unit, table):
        return None if value is None else float(value) * table[unit]
    distance = quantity(element.get("totalDistance"), element.get("totalDistanceUnit"), METRES)
    energy = quantity(element.get("totalEnergyBurned"), element.get("totalEnergyBurnedUnit"), KCAL)
    for child in element.findall("WorkoutStatistics"):
        kind = child.get("type", "")
        if distance is None and kind.startswith("HKQuantityTypeIdentifierDistance") and child.get("sum"):
            distance = quantity(child.get("sum"), child.get("unit"), METRES)
        if energy is None and kind == "HKQuantityTypeIdentifierActiveEnergyBurned" and child.get("sum"):
            energy = quantity(child.get("sum"), child.get("unit"), KCAL)
    start, end = element.get("startDate"), element.get("endDate")
    return {
        "type": element.get("workoutActivityType"), "day": day_of(start),
        "start": instant(start).timestamp(), "end": instant(end).timestamp(),
        "durationS": quantity(element.get("duration"), element.get("durationUnit") or "min", SECONDS),
        "distanceM": distance, "energyKcal": energy,
        "source": element.get("sourceName") or element.get("source"),
    }


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    json.dump(expect(sys.argv[1]), sys.stdout, sort_keys=True)
    print()
