"""Health Auto Export through the HTTP endpoint (issue #31, item 7: a 50,000-point payload
ingested in ≤ 2 s).

Starts the four services and quench-web from BIN (default .build/debug; for figures use a
release build: `swift build -c release --scratch-path .build-bench` then
`QUENCH_BIN=.build-bench/release`) on free loopback ports (Tests/browser/web_harness.py),
generates a payload in the app's shape (per-minute `step_count` and
`walking_running_distance` in mi, `dietary_water` in fl_oz_us, `weight_body_mass` in lb,
one workout a day; offsets of their own), and for each run makes a fresh user (consents
granted, a token) and times `POST /api/v1/health-auto-export` with the bearer token until
the reply (parse in quench-web, `import.begin`/`batch`…/`finish` on health-ingest, all
stored): the first post, then the same payload again (all duplicates). Reports each run and
the medians.

    .venv/bin/python Benchmarks/web/hae_endpoint.py [--points 50000] [--runs 3] [--json out.json]
"""
import argparse
import datetime
import http.client
import json
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "browser"))

from web_harness import WebDeployment  # noqa: E402


def payload(points, seed=42):
    """`points` data points: steps and distance a minute each, a few waters and weights a day,
    one workout a day, over as many days as it takes, at -05:00."""
    rng = random.Random(seed)
    zone = datetime.timezone(datetime.timedelta(hours=-5))
    start = datetime.datetime(2026, 1, 1, 6, 0, tzinfo=zone)

    def stamp(moment):
        return moment.strftime("%Y-%m-%d %H:%M:%S %z")

    steps, distance, water, weight, workouts = [], [], [], [], []
    minute, made = 0, 0
    while made < points:
        moment = start + datetime.timedelta(minutes=minute)
        day_minute = minute % (16 * 60)
        if day_minute == 0 and minute:
            start += datetime.timedelta(hours=8)  # the night
        count = rng.randint(0, 140)
        steps.append({"date": stamp(moment), "qty": count, "source": "Ana's iPhone"})
        distance.append({"date": stamp(moment), "qty": round(count * 0.00047, 5), "source": "Ana's iPhone"})
        made += 2
        if day_minute % 240 == 0:
            water.append({"date": stamp(moment), "qty": rng.choice([8, 12, 16]), "source": "WaterMinder"})
            made += 1
        if day_minute == 60:
            weight.append({"date": stamp(moment), "qty": round(rng.uniform(150, 160), 1), "source": "Withings"})
            made += 1
            end = moment + datetime.timedelta(minutes=30)
            workouts.append({"name": "Outdoor Run", "start": stamp(moment), "end": stamp(end), "duration": 1800,
                             "distance": {"qty": 5.0, "units": "km"}, "activeEnergyBurned": {"qty": 320, "units": "kcal"}})
        minute += 1
    return json.dumps({"data": {"metrics": [
        {"name": "step_count", "units": "count", "data": steps},
        {"name": "walking_running_distance", "units": "mi", "data": distance},
        {"name": "dietary_water", "units": "fl_oz_us", "data": water},
        {"name": "weight_body_mass", "units": "lb", "data": weight},
    ], "workouts": workouts}}).encode()


def post(port, token, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    began = time.perf_counter()
    connection.request("POST", "/api/v1/health-auto-export", body=body, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json", "automation-name": "bench"})
    response = connection.getresponse()
    data = response.read()
    seconds = time.perf_counter() - began
    connection.close()
    if response.status != 200:
        raise RuntimeError(f"HTTP {response.status}: {data[:500]!r}")
    return seconds, json.loads(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=50000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    body = payload(args.points)
    dep = WebDeployment()
    results = []
    try:
        for run in range(args.runs):
            user = f"hae{run}"
            token = dep.add_web_user(user)
            health = dep.client("health-ingest", as_user=user)
            reply = health.request("consent.grant", {"types": ["steps", "body-mass", "distance", "dietary-water", "workouts"]},
                                   user=user, key=f"bench-{user}-{time.time()}")
            assert "error" not in reply, reply
            first, report = post(dep.port, token, body)
            again, repeat = post(dep.port, token, body)
            results.append({"first": first, "again": again, "imported": report.get("imported"),
                            "duplicatesAgain": repeat.get("duplicates"), "recordsSeen": report.get("recordsSeen")})
            print(f"run {run + 1}: {first:.2f} s (imported {report.get('imported')} of {report.get('recordsSeen')} records), "
                  f"again {again:.2f} s ({repeat.get('duplicates')} duplicates)", flush=True)
    finally:
        dep.stop()
    summary = {"points": args.points, "bytes": len(body), "bin": os.environ.get("QUENCH_BIN", ".build/debug"),
               "medianFirst": statistics.median(r["first"] for r in results),
               "medianAgain": statistics.median(r["again"] for r in results), "runs": results}
    print(f"{args.points} points, {len(body) / 1048576:.1f} MiB: first post median {summary['medianFirst']:.2f} s, "
          f"again {summary['medianAgain']:.2f} s (target ≤ 2 s)")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(summary, handle, indent=2)


if __name__ == "__main__":
    main()
