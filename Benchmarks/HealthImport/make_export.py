#!/usr/bin/env python3
"""Writes a synthetic Apple Health export.xml for the import benchmark.

Same mix as HealthImport's AppleHealthExportGenerator (steps from an iPhone and an
overlapping Watch, distance in km/mi/m, body mass in kg/lb, water in mL/L/fl oz, heart
rate and other types, metadata children, correlations), but every date is in the past
(the records end about a month before the run), so all four kinds are stored.

usage: make_export.py RECORDS OUT.xml [SEED]
"""
import random
import sys
import time

records = int(sys.argv[1])
out = sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 42)

end = int(time.time()) - 30 * 86400
epoch = end - records * 360


def stamp(t, offset):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t + offset)) + " %+03d%02d" % (offset // 3600, 0)


def device(watch):
    address = "%x" % rng.getrandbits(36)
    if watch:
        return f"&lt;&lt;HKDevice: 0x{address}&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch5,4, software:7.0.1&gt;"
    return f"&lt;&lt;HKDevice: 0x{address}&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:14.0&gt;"


def record(kind, t, offset, length, value, unit, watch):
    source = "Anna&apos;s Apple Watch" if watch else "Anna&apos;s iPhone"
    version = "7.0.1" if watch else "14.0"
    head = (f'<Record type="HKQuantityTypeIdentifier{kind}" sourceName="{source}" sourceVersion="{version}" '
            f'device="{device(watch)}" unit="{unit}" creationDate="{stamp(t + length + 60, offset)}" '
            f'startDate="{stamp(t, offset)}" endDate="{stamp(t + length, offset)}" value="{value}"')
    if kind in ("BodyMass", "DietaryWater") and rng.randrange(4) == 0:
        return f' {head}>\n  <MetadataEntry key="HKWasUserEntered" value="1"/>\n </Record>\n'
    return f" {head}/>\n"


with open(out, "w", buffering=1 << 20) as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 12 -->\n'
            '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n]>\n'
            '<HealthData locale="en_US">\n <ExportDate value="%s"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=""/>\n'
            % stamp(end, 0))
    for r in range(records):
        epoch += 120 + rng.randrange(480)
        offset = -25200 if 4 <= time.gmtime(epoch).tm_mon <= 10 else -28800
        if r and r % 2000 == 0:
            s = stamp(epoch, offset)
            f.write(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="{s}" endDate="{s}">\n'
                    f'  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="{s}" endDate="{s}" value="120"/>\n'
                    ' </Correlation>\n')
        roll = rng.randrange(100)
        if roll < 22:
            text = record("StepCount", epoch, offset, 300 + rng.randrange(600), 10 + rng.randrange(900), "count", False)
        elif roll < 36:
            text = record("StepCount", epoch - 200, offset, 60 + rng.randrange(300), 5 + rng.randrange(400), "count", True)
        elif roll < 50:
            text = record("DistanceWalkingRunning", epoch, offset, 300, "0.%d" % (100 + rng.randrange(899)),
                          rng.choice(["km", "mi", "m"]), rng.randrange(2) == 0)
        elif roll < 52:
            pounds = rng.randrange(3) == 0
            value = "%d.%d" % (140 + rng.randrange(60), rng.randrange(10)) if pounds else "%d.%d" % (60 + rng.randrange(30), rng.randrange(100))
            text = record("BodyMass", epoch, offset, 0, value, "lb" if pounds else "kg", False)
        elif roll < 60:
            unit = rng.choice(["mL", "L", "fl_oz_us"])
            value = str(100 + rng.randrange(400)) if unit == "mL" else "0.%d%d" % (rng.randrange(9) + 1, rng.randrange(10))
            text = record("DietaryWater", epoch, offset, 0, value, unit, False)
        else:
            s, e = stamp(epoch, offset), stamp(epoch + 60, offset)
            text = (f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Anna&apos;s Apple Watch" sourceVersion="7.0.1" '
                    f'device="{device(True)}" unit="count/min" creationDate="{e}" startDate="{s}" endDate="{e}" value="{50 + rng.randrange(90)}"/>\n')
        f.write(text)
    f.write("</HealthData>\n")
