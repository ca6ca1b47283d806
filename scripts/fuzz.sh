#!/usr/bin/env bash
# Fuzzes the MessagePack decoder and the envelope/request decoding path with libFuzzer
# (target: Tests/Fuzz, seeds: Tests/Fuzz/Corpus), then replays the regression inputs.
#
#   scripts/fuzz.sh            60 seconds (what scripts/test.sh runs)
#   scripts/fuzz.sh 3600       an hour; the working corpus grows in .build-fuzz/corpus
#
# A crash leaves its input in .build-fuzz/crashes/ and fails the script: copy it to
# Tests/MessagePackTests/Regressions/ (a test replays every file there), fix, re-run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scratch=.build-fuzz

swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -DQUENCH_FUZZING \
  --product quench-fuzz --scratch-path "$scratch" 2>&1 | grep -v "Cannot export local symbol" | tail -2

mkdir -p "$scratch/corpus" "$scratch/crashes"
cp -n Tests/Fuzz/Corpus/* "$scratch/corpus/" 2>/dev/null || true
cp -n Tests/MessagePackTests/Regressions/* "$scratch/corpus/" 2>/dev/null || true

echo "fuzzing for ${seconds}s…"
"$scratch/debug/quench-fuzz" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$scratch/crashes/" "$scratch/corpus" 2>"$scratch/fuzz.log" || {
  status=$?
  tail -40 "$scratch/fuzz.log" >&2
  echo "fuzz: crash or failure (status $status); inputs in $scratch/crashes/" >&2
  exit 1
}
grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$scratch/fuzz.log" | tail -2

# The regression inputs, once more, without the fuzzer's process (must not crash either).
if compgen -G "Tests/MessagePackTests/Regressions/*" >/dev/null; then
  "$scratch/debug/quench-fuzz" -runs=0 Tests/MessagePackTests/Regressions/ 2>/dev/null | tail -1 || exit 1
fi
echo "fuzz: no crash in ${seconds}s"
