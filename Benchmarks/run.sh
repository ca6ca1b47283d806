#!/usr/bin/env bash
# The benchmark suite in one command: builds release into .build-bench, installs the
# reference tools into .venv-bench, and runs `quench-bench all` (see docs/BENCHMARKS.md).
#
#   bash Benchmarks/run.sh            # the full suite (about 12 minutes after the build on 2 cores)
#   bash Benchmarks/run.sh --quick    # smaller data, fewer rounds (about 3 minutes after the build)
#
# Any further arguments go to `quench-bench all` (e.g. --work DIR). Uses 127.0.0.1 ports
# 7800–7899; stops every service it started, also when interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=/tmp/quench-bench
prev_arg=""
for arg in "$@"; do
  if [ "$prev_arg" = "--work" ]; then WORK="$arg"; fi
  prev_arg="$arg"
done

if ! pkg-config --exists libzmq 2>/dev/null; then
  echo "libzmq is missing: sudo apt-get install -y libzmq3-dev" >&2
  exit 1
fi

echo "== building release (.build-bench)"
swift build -c release --scratch-path .build-bench

echo "== reference tools (.venv-bench)"
if [ ! -x .venv-bench/bin/python ]; then
  python3 -m venv .venv-bench
fi
.venv-bench/bin/pip install --quiet --disable-pip-version-check -r Benchmarks/reference/requirements.txt

stop_leftovers() {
  # Services this suite started carry a pid file in their folder under $WORK; stop any
  # that are still alive (only if the pid still runs a quench service).
  for pidfile in "$WORK"/deploy-*/*/pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if grep -q "quench-" "/proc/$pid/cmdline" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; fi
    rm -f "$pidfile"
  done
}
trap stop_leftovers EXIT

echo "== quench-bench all $*"
.build-bench/release/quench-bench all --python .venv-bench/bin/python "$@"

# The web edge's Python-driven benchmarks (the dashboard pages' server time; a Health Auto
# Export payload through the HTTP endpoint), against the same release build.
echo "== web: dashboard pages, Health Auto Export endpoint"
QUENCH_BIN="$PWD/.build-bench/release" .venv-bench/bin/python Benchmarks/web/pages.py
QUENCH_BIN="$PWD/.build-bench/release" .venv-bench/bin/python Benchmarks/web/hae_endpoint.py
