"""Dashboard pages, server time with warm services (issue #31, item 7: p99 ≤ 20 ms per page).

Starts the four services and quench-web from BIN (default .build/debug; for figures use a
release build: `swift build -c release --scratch-path .build-bench` then
`QUENCH_BIN=.build-bench/release`), seeds one user with a month of data (Tests/browser/seed.py),
signs in, requests each page WARMUP times, then REQUESTS times in a row, and reports per page
the server time (the `Server-Timing: page;dur=…` the dashboard routes send: from the route's
start to the rendered page, service round trips included) and the client's wall time over a
kept-alive loopback connection, p50 / p99 / max in ms.

    .venv/bin/python Benchmarks/web/pages.py [--requests 500] [--warmup 50] [--json out.json]
"""
import argparse
import http.client
import json
import os
import re
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "browser"))

from web_harness import WebDeployment, seed_month  # noqa: E402

PAGES = ["/today", "/goal", "/history", "/steps", "/strength", "/challenges", "/consents"]


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[index]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--json")
    args = parser.parse_args()

    dep = WebDeployment()
    try:
        dep.add_web_user("ana")
        seed_month(dep, "ana")
        connection = http.client.HTTPConnection("127.0.0.1", dep.port, timeout=10)
        connection.request("POST", "/sign-in", body=json.dumps({"token": dep.token("ana")}),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        cookie = response.getheader("Set-Cookie").split(";")[0]
        headers = {"Cookie": f"{cookie}; tz=Europe%2FBerlin"}
        time.sleep(1.0)  # analytics catches up with the seed

        results = {}
        for page in PAGES:
            server, wall = [], []
            for round_index in range(args.warmup + args.requests):
                start = time.perf_counter()
                connection.request("GET", page, headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = (time.perf_counter() - start) * 1000
                assert response.status == 200, (page, response.status, body[:300])
                timing = re.search(r"page;dur=([0-9.]+)", response.getheader("Server-Timing") or "")
                assert timing, f"{page}: no Server-Timing header"
                if round_index >= args.warmup:
                    server.append(float(timing.group(1)))
                    wall.append(elapsed)
            results[page] = {
                "bytes": len(body),
                "server": {"p50": statistics.median(server), "p99": percentile(server, 0.99), "max": max(server)},
                "wall": {"p50": statistics.median(wall), "p99": percentile(wall, 0.99), "max": max(wall)},
            }
            row = results[page]
            print(f"{page:12} {row['bytes']:7} B  server p50 {row['server']['p50']:6.2f}  p99 {row['server']['p99']:6.2f}  "
                  f"max {row['server']['max']:6.2f} ms   wall p50 {row['wall']['p50']:6.2f}  p99 {row['wall']['p99']:6.2f} ms",
                  flush=True)
        worst = max(row["server"]["p99"] for row in results.values())
        print(f"worst page p99 (server): {worst:.2f} ms (target ≤ 20 ms): {'met' if worst <= 20 else 'NOT met'}")
        if args.json:
            with open(args.json, "w") as handle:
                json.dump({"requests": args.requests, "warmup": args.warmup, "bin": os.environ.get("QUENCH_BIN", ".build/debug"),
                           "pages": results}, handle, indent=2)
        return 0 if worst <= 20 else 1
    finally:
        dep.stop()


if __name__ == "__main__":
    sys.exit(main())
