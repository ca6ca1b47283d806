#!/usr/bin/env bash
# Property-based check of quench-web's HTTP API against its OpenAPI document (/openapi.json)
# with schemathesis: starts a throwaway insecure deployment (`quench up --insecure`, the fixed
# loopback ports 7101…7503 and 8080, which must be free), makes a token, and lets schemathesis
# generate requests for every operation: no 5xx, every status and content type documented,
# every body matching its schema. Bounded: QUENCH_SCHEMATHESIS_EXAMPLES per operation
# (default 15) and QUENCH_SCHEMATHESIS_SECONDS in all (default 90).
# Needs .venv with Tests/python/requirements.txt (scripts/bootstrap.sh --test) and a build.
#   bash scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

examples=${QUENCH_SCHEMATHESIS_EXAMPLES:-15}
seconds=${QUENCH_SCHEMATHESIS_SECONDS:-90}
bin=$(swift build --show-bin-path)
schemathesis=.venv/bin/schemathesis
[ -x "$schemathesis" ] || { echo "schemathesis.sh: $schemathesis missing; run bash scripts/bootstrap.sh --test" >&2; exit 69; }
if (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; then
  echo "schemathesis.sh: port 8080 is in use; stop what listens there (quench down?)" >&2
  exit 69
fi

dir=$(mktemp -d)
cleanup() {
  "$bin/quench" down --data-dir "$dir/q" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"$bin/quench" up --insecure --data-dir "$dir/q" >/dev/null
token=$("$bin/quench" tokens create schemathesis --name schemathesis --config "$dir/q/client.json" --json \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

timeout "$seconds" "$schemathesis" run http://127.0.0.1:8080/openapi.json \
  --header "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --phases examples,fuzzing \
  --max-examples "$examples" \
  --generation-deterministic \
  --request-timeout 10 \
  --workers 2 \
  --no-color
