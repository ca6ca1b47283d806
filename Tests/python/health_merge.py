#!/usr/bin/env python3
"""An independent reference for Quench's daily steps and distance from an Apple Health export.

Written from docs/PROTOCOL.md ("Steps and distance from several sources"), not from the Swift
code: standard library only, the XML read with ElementTree.

    health_merge.py totals EXPORT.xml [--type steps|distance] [--priority NAME ...]
        prints {"YYYY-MM-DD": total, ...} as JSON: each day's samples merged in time.
        A record's day is the local date of its own startDate (its own offset); a record cut
        by local midnight is split between its days in proportion to time.
    health_merge.py largest EXPORT.xml [--type steps|distance]
        the rule before the merge, for comparison: the largest per-source day sum.
    health_merge.py derive IN.xml OUT.xml
        writes a two-source variant of a one-source export: every step record is kept and,
        for each one starting in an even hour, a copy from "Ryan’s Apple Watch" is added,
        shifted two minutes later with 90% of the steps (rounded), so the two sources
        overlap in part. Used to test the merge on real timings.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta, timezone

TYPES = {
    "steps": ("HKQuantityTypeIdentifierStepCount", {"count": 1.0}, (0.0, 200_000.0)),
    "distance": (
        "HKQuantityTypeIdentifierDistanceWalkingRunning",
        {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01},
        (0.0, 500_000.0),
    ),
}
EARLIEST = datetime(2000, 1, 1, tzinfo=timezone.utc)
LATEST = datetime.now(timezone.utc) + timedelta(minutes=5)


def parse_date(text):
    """`2019-05-14 18:52:09 -0400` (current exports) or `20150603050217+0100` (iOS 8)."""
    text = text.strip()
    for pattern in ("%Y-%m-%d %H:%M:%S %z", "%Y%m%d%H%M%S%z"):
        try:
            return datetime.strptime(text, pattern)
        except ValueError:
            pass
    return None


def fold(name):
    """The source key: lower case, curly apostrophes as ', blanks collapsed, trimmed."""
    name = name.lower()
    for ch in "\u2019\u2018\u02bc\u00b4`":
        name = name.replace(ch, "'")
    return re.sub(r"\s+", " ", name).strip()


def kind(name):
    key = fold(name)
    if "watch" in key:
        return 0
    if "iphone" in key or "phone" in key:
        return 1
    return 2


def records(path, type_name):
    identifier, units, (low, high) = TYPES[type_name]
    seen = set()
    out = []
    for _, element in ET.iterparse(path, events=("end",)):
        if element.tag != "Record" or element.get("type") != identifier:
            continue
        source = element.get("sourceName") or element.get("source")
        start, end = parse_date(element.get("startDate", "")), parse_date(element.get("endDate", ""))
        unit = element.get("unit")
        try:
            value = float(element.get("value", "")) * units[unit]
        except (TypeError, ValueError, KeyError):
            continue
        if source is None or start is None or end is None or end < start or start < EARLIEST:
            continue
        if end > LATEST:  # more than 5 minutes ahead: refused as in-future
            continue
        if not (low <= value <= high):
            continue
        key = (fold(source), start, end, element.get("value"), unit)
        if key in seen:  # the same record twice is one sample
            continue
        seen.add(key)
        out.extend(pieces(source, start, end, value))
    return out


def pieces(source, start, end, value):
    """A record cut by local midnight (at its start's own offset) as one piece per day, its
    value in proportion to its time on each (docs/PROTOCOL.md, step 3); one piece otherwise."""
    out = []
    cursor = start
    while True:
        midnight = datetime.combine(cursor.date() + timedelta(days=1), datetime.min.time(), tzinfo=start.tzinfo)
        upper = min(end, midnight)
        share = value if end <= start else value * (upper - cursor).total_seconds() / (end - start).total_seconds()
        out.append({"source": source, "start": cursor, "end": upper if end > start else end, "value": share,
                    "day": cursor.date().isoformat()})
        if end <= midnight or end <= start:
            return out
        cursor = midnight


def ranks(names, priority):
    listed = [fold(p) for p in priority]
    keys = sorted({fold(n) for n in names}, key=lambda k: (
        listed.index(k) if k in listed else len(listed),
        kind(next(n for n in names if fold(n) == k)),
        k,
    ))
    return {k: i for i, k in enumerate(keys)}


def merge(day_records, priority):
    order = ranks([r["source"] for r in day_records], priority)
    covered = []  # (start, end) seconds, merged
    total = 0.0

    def overlap(a, b):
        return sum(max(0.0, min(b, e) - max(a, s)) for s, e in covered)

    def inside(t):
        return any(s < t < e for s, e in covered)

    for rank in sorted(set(order.values())):
        group = [r for r in day_records if order[fold(r["source"])] == rank]
        for r in group:
            a, b = r["start"].timestamp(), r["end"].timestamp()
            if b > a:
                total += r["value"] * max(0.0, min(1.0, (b - a - overlap(a, b)) / (b - a)))
            elif not inside(a):
                total += r["value"]
        spans = sorted(covered + [(r["start"].timestamp(), r["end"].timestamp()) for r in group
                                  if r["end"] > r["start"]])
        covered = []
        for s, e in spans:
            if covered and s <= covered[-1][1]:
                covered[-1] = (covered[-1][0], max(covered[-1][1], e))
            else:
                covered.append((s, e))
    return total


def by_day(recs):
    days = {}
    for r in recs:
        days.setdefault(r["day"], []).append(r)
    return days


def derive(source_path, out_path):
    text = open(source_path, encoding="utf-8").read()
    pattern = re.compile(r'<Record type="HKQuantityTypeIdentifierStepCount"[^>]*?/>')

    def add_watch(match):
        record = match.group(0)
        start = re.search(r'startDate="([^"]+)"', record).group(1)
        parsed = parse_date(start)
        if parsed is None or parsed.hour % 2:
            return record
        end = parse_date(re.search(r'endDate="([^"]+)"', record).group(1))
        value = float(re.search(r'value="([^"]+)"', record).group(1))

        def fmt(d):
            return (d + timedelta(minutes=2)).strftime("%Y-%m-%d %H:%M:%S %z")
        watch = re.sub(r'sourceName="[^"]*"', 'sourceName="Ryan\u2019s Apple Watch"', record)
        watch = re.sub(r' device="[^"]*"', "", watch)
        watch = re.sub(r'startDate="[^"]+"', f'startDate="{fmt(parsed)}"', watch)
        watch = re.sub(r'endDate="[^"]+"', f'endDate="{fmt(end)}"', watch)
        watch = re.sub(r'value="[^"]+"', f'value="{round(value * 0.9)}"', watch)
        return record + "\n " + watch

    open(out_path, "w", encoding="utf-8").write(pattern.sub(add_watch, text))


def main(argv):
    if len(argv) >= 3 and argv[0] == "derive":
        derive(argv[1], argv[2])
        return 0
    if len(argv) < 2 or argv[0] not in ("totals", "largest"):
        print(__doc__, file=sys.stderr)
        return 2
    command, path, rest = argv[0], argv[1], argv[2:]
    type_name, priority = "steps", []
    while rest:
        if rest[0] == "--type":
            type_name, rest = rest[1], rest[2:]
        elif rest[0] == "--priority":
            priority, rest = rest[1:], []
        else:
            print(f"unknown argument {rest[0]}", file=sys.stderr)
            return 2
    days = by_day(records(path, type_name))
    if command == "totals":
        result = {day: merge(recs, priority) for day, recs in sorted(days.items())}
    else:
        result = {}
        for day, recs in sorted(days.items()):
            sums = {}
            for r in recs:
                sums[fold(r["source"])] = sums.get(fold(r["source"]), 0.0) + r["value"]
            result[day] = max(sums.values())
    json.dump(result, sys.stdout, indent=0, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
