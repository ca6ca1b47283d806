#!/usr/bin/env bash
# Captures a `quench challenges sync` session against a local feed (Tests/python/catalog_server.py)
# and renders it as docs/images/challenges-sync.svg (scripts/terminal_svg.py).
# Starts its own insecure deployment under a temporary folder with `quench up --no-web`
# (the fixed loopback ports 7101–7402 must be free), stops it at the end.
# Usage: bash scripts/challenges-sync-example.sh [OUT.svg]
set -euo pipefail
cd "$(dirname "$0")/.."
quench=${QUENCH:-$PWD/.build/debug/quench}
out=${1:-docs/images/challenges-sync.svg}
work=$(mktemp -d); feed=$work/feed; mkdir -p "$feed"
trap 'cd "$work"; "$quench" down --data-dir "$work/q" >/dev/null 2>&1 || true; kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
item() { printf '{"id":"%s","title":"%s","description":"%s","type":"%s","goal":%s,"reward":{"trophy":"%s","points":%s}}' "$@"; }
catalog() { printf '{"items":[%s]}' "$(IFS=,; echo "$*")" > "$feed/catalog.json"; }
catalog "$(item steps-5k 'Easy walk' 'Walk 5,000 steps in a day' step 5000 bronze 5)" \
        "$(item steps-10k 'Ten thousand' 'Walk 10,000 steps in a day' step 10000 gold 10)" \
        "$(item run-10km 'Ten K' 'Run 10 km' running_distance 10000 gold 30)"
python3 Tests/python/catalog_server.py "$feed" & server=$!
for _ in $(seq 100); do [ -s "$feed/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$feed/port")/catalog.json"
cd "$work"
"$quench" up --insecure --no-web --data-dir "$work/q" >/dev/null
export QUENCH_CONFIG="$work/q/client.json" QUENCH_USER=ana COLUMNS=100
run() { echo "\$ quench $*${comment:+          # $comment}"; "$quench" "$@" 2>&1 || true; comment=; }
{
  comment="" run challenges sync "$url"
  comment="" run challenges sync
  catalog "$(item steps-5k 'Easy walk' 'Walk 5,000 steps in a day' step 5000 bronze 5)" \
          "$(item steps-10k 'Ten thousand' 'Walk 10,000 steps in a day' step 10000 gold 15)" \
          "$(item swim-1km 'Swim' 'Swim 1 km' swimming_distance 1000 gold 20)"
  comment="the feed now pays 15 for steps-10k, drops run-10km, adds an item of an unknown type" run challenges sync
  kill $server; wait $server 2>/dev/null || true
  comment="the feed's server is gone" run challenges sync
} | sed "s#$url#http://feeds.example.org/challenges.json#g; s#http://127.0.0.1:[0-9]*#http://feeds.example.org#g" > "$work/capture.txt"
cd - >/dev/null
python3 scripts/terminal_svg.py "quench challenges sync — captured $(date -u +%Y-%m-%d)" < "$work/capture.txt" > "$out"
cat "$work/capture.txt"
