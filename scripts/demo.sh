#!/usr/bin/env bash
# Brings Quench up on this machine and shows it working:
# installs libzmq if missing, builds, starts the four services under ./.quench
# (`quench up`), loads the sample data in deploy/sample-data/demo, logs a few drinks,
# then shows today's ring, October's steps chart with badges, the one-rep-max chart,
# challenge points and the services' status. Running it again is harmless.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh
echo "demo: building (first build takes a few minutes)…"
swift build 2>&1 | grep -E "error|warning: unre|Compiling|Build complete" | grep -v Compiling || true
quench=".build/debug/quench"
[ -x "$quench" ] || { echo "demo: build failed; run 'swift build' to see why" >&2; exit 1; }

"$quench" up
export QUENCH_USER="${QUENCH_USER:-demo}"

step() { printf '\n\033[1m$ quench %s\033[0m\n' "$*"; "$quench" "$@"; }

step consent grant steps body-mass distance dietary-water workouts
step import apple-health deploy/sample-data/demo/export.zip
step import workouts deploy/sample-data/demo/workouts.csv
step challenges load deploy/sample-data/challenges.json
step log 250ml
step log 330ml --fluid "sparkling water"
step log 12oz --fluid coffee
step goal
step today
step steps --month 2026-10
step orm
step challenges progress --month 2026-10
step status

# Where the dashboard is, and a one-time sign-in link for the demo user (10 minutes; another
# one: `quench web open demo`).
web=$("$quench" status --json 2>/dev/null | python3 -c 'import json,sys
for s in json.load(sys.stdin).get("services", []):
    if s.get("name") == "web" and s.get("up"): print("up")' || true)
printf '\n'
if [ "$web" = "up" ]; then
    link=$("$quench" web open "$QUENCH_USER" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["url"])')
    base=${link%%/sign-in/*}
    printf 'The dashboard: %s (sign in as %s with this one-time link, valid for 10 minutes:)\n  %s\n' "$base" "$QUENCH_USER" "$link"
    printf 'Another link later: %s web open %s\n' "$quench" "$QUENCH_USER"
else
    printf 'The dashboard (quench-web) is not running: see ./.quench/logs/web.log\n'
fi
printf 'Quench is running (data in ./.quench). Try `%s --help`; stop it with `%s down`.\n' "$quench" "$quench"
