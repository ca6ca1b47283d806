#!/usr/bin/env python3
"""Writes the demo data set: a month (October 2026) of Apple Health records and a strength log.

    python3 generate.py   # writes export.zip and workouts.csv next to this file

Deterministic (fixed seed). The export has steps from an iPhone and an Apple Watch that record
the same walks (so the day totals must not double count), weights, walking+running distance
and dietary water.
"""
import datetime as dt
import io
import os
import random
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(2026)
TZ = "+0100"


def stamp(day, hour, minute):
    return f"2026-10-{day:02d} {hour:02d}:{minute:02d}:00 {TZ}"


def record(kind, source, device, unit, value, day, hour, minute, minutes):
    end_hour, end_minute = divmod(hour * 60 + minute + minutes, 60)
    return (f' <Record type="HKQuantityTypeIdentifier{kind}" sourceName="{source}" sourceVersion="17.1" '
            f'device="{device}" unit="{unit}" creationDate="{stamp(day, end_hour, end_minute)}" '
            f'startDate="{stamp(day, hour, minute)}" endDate="{stamp(day, end_hour, end_minute)}" value="{value}"/>\n')


def export_xml():
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n]>\n')
    out.write('<HealthData locale="en_GB">\n <ExportDate value="2026-11-01 09:00:00 +0100"/>\n')
    out.write(' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>\n')
    phone = "&lt;&lt;HKDevice: 0x1&gt;, name:iPhone, model:iPhone&gt;"
    watch = "&lt;&lt;HKDevice: 0x2&gt;, name:Apple Watch, model:Watch&gt;"
    weight = 80.4
    for day in range(1, 32):
        active = rng.random() > 0.1
        for hour in range(7, 22):
            if not active and hour % 3:
                continue
            steps = rng.randint(150, 1400)
            out.write(record("StepCount", "Anna&apos;s iPhone", phone, "count", steps, day, hour, 5, 50))
            # The watch records the same walk, a little differently.
            out.write(record("StepCount", "Anna&apos;s Apple Watch", watch, "count", int(steps * rng.uniform(0.85, 1.08)), day, hour, 6, 48))
            out.write(record("DistanceWalkingRunning", "Anna&apos;s iPhone", phone, "km", round(steps * 0.00072, 3), day, hour, 5, 50))
        for hour in (9, 13, 17):
            out.write(record("DietaryWater", "Waterllama", "", "mL", rng.choice([250, 330, 500]), day, hour, 30, 1))
        if day % 3 == 1:
            weight = round(weight - rng.uniform(0.0, 0.35), 1)
            out.write(record("BodyMass", "Scale", "", "kg", weight, day, 7, 0, 0))
    out.write('</HealthData>\n')
    return out.getvalue()


def workouts():
    lines = ["date,exercise,sets,reps,weight"]
    lifts = {"Back Squat": 135, "Bench Press": 95, "Deadlift": 185}
    for day in range(1, 32):
        date = dt.date(2026, 10, day)
        if date.weekday() not in (0, 2, 4):
            continue
        for name, base in lifts.items():
            base += 5
            lifts[name] = base
            lines.append(f"{date.strftime('%b')} {day} 2026,{name},3,5,{base}")
            if day % 4 == 0:
                lines.append(f"{date.strftime('%b')} {day} 2026,{name},1,1,{base + 40}")
            if day % 5 == 0:
                lines.append(f"{date.strftime('%b')} {day} 2026,{name},1,15,{base - 50}")
    return "\n".join(lines) + "\n"


with zipfile.ZipFile(os.path.join(HERE, "export.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("apple_health_export/export.xml", export_xml())
with open(os.path.join(HERE, "workouts.csv"), "w") as handle:
    handle.write(workouts())
