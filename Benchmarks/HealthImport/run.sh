#!/usr/bin/env bash
# End-to-end Apple Health import benchmark: a release quench-health-ingest on loopback,
# then `quench import apple-health` of a synthetic export, timed with /usr/bin/time -v
# (wall time, client CPU and peak RSS), plus the service's CPU time.
#
# usage: Benchmarks/HealthImport/run.sh [RECORDS (default 1000000)] [PORT (default 17900)]
set -euo pipefail
records=${1:-1000000}
port=${2:-17900}
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench-health}
work=$(mktemp -d /tmp/quench-health-bench.XXXXXX)
trap 'kill "$(cat "$work/pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --package-path "$root" --scratch-path "$scratch" --product quench-health-ingest >&2
swift build -c release --package-path "$root" --scratch-path "$scratch" --product quench >&2
bin=$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)

python3 "$root/Benchmarks/HealthImport/make_export.py" "$records" "$work/export.xml"
"$bin/quench-health-ingest" --insecure --data-dir "$work/data" --log-level warning \
  --rpc-endpoint "tcp://127.0.0.1:$port" --pub-endpoint "tcp://127.0.0.1:$((port + 1))" \
  --user-pub-endpoint "tcp://127.0.0.1:$((port + 2))" >"$work/service.log" 2>&1 &
echo $! >"$work/pid"
sleep 1
export QUENCH_HEALTH_INGEST_RPC="tcp://127.0.0.1:$port" QUENCH_USER=bench
cd "$work"
"$bin/quench" consent grant steps body-mass distance dietary-water --tz America/Los_Angeles >/dev/null
/usr/bin/time -v "$bin/quench" import apple-health "$work/export.xml" --tz America/Los_Angeles --json >"$work/report.json" 2>"$work/time.txt"
grep -E '"(recordsSeen|imported|duplicates|skipped)"' "$work/report.json" | tr -d ' ,'
grep -E "Elapsed|Maximum resident|User time|System time" "$work/time.txt"
echo "service CPU (user+sys): $(ps -o times= -p "$(cat "$work/pid")") s"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
