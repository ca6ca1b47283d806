#!/usr/bin/env bash
# Property-based check of quench-web's HTTP API against its OpenAPI document (/openapi.json)
# with schemathesis: starts a throwaway insecure deployment (`quench up --insecure --port-base B`
# on free loopback ports: B+1…B+403 and the HTTP port B+980, reserved like the Swift tests' ports
# in $TMPDIR/quench-test-ports, so suites run side by side), makes a token, and lets schemathesis
# generate requests for every operation: no 5xx, every status and content type documented,
# every body matching its schema, and no warning (scripts/schemathesis.toml: every operation
# answers 2xx at least once). Bounded: QUENCH_SCHEMATHESIS_EXAMPLES per operation (default 15) and QUENCH_SCHEMATHESIS_SECONDS in all (default 90).
# Needs .venv with Tests/python/requirements.txt (scripts/bootstrap.sh --test) and a build.
#   bash scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

examples=${QUENCH_SCHEMATHESIS_EXAMPLES:-15}
seconds=${QUENCH_SCHEMATHESIS_SECONDS:-90}
bin=$(swift build --show-bin-path)
schemathesis=.venv/bin/schemathesis
[ -x "$schemathesis" ] || { echo "schemathesis.sh: $schemathesis missing; run bash scripts/bootstrap.sh --test" >&2; exit 69; }
# A port base whose ports are free and not reserved by another test process; the lock files
# stay held (fds 10…25) until this script exits.
offsets=(1 2 3 101 102 103 201 202 203 301 302 303 401 402 403 980)
locks=${TMPDIR:-/tmp}/quench-test-ports
mkdir -p "$locks"; chmod 1777 "$locks" 2>/dev/null || true
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
take_base() {
  local slot i fd
  for ((i = 0; i < 11; i++)); do
    slot=$(( ($$ + i) % 11 ))
    base=$((20000 + slot * 981))
    fd=10
    for offset in "${offsets[@]}"; do
      port=$((base + offset))
      eval "exec $fd>\"$locks/$port.lock\""
      if ! flock -n "$fd" || ! port_free "$port"; then
        for ((f = 10; f <= fd; f++)); do eval "exec $f>&-"; done
        continue 2
      fi
      fd=$((fd + 1))
    done
    return 0
  done
  return 1
}
take_base || { echo "schemathesis.sh: no free port block in 20000…32000" >&2; exit 69; }
http=$((base + 980))

dir=$(mktemp -d)
cleanup() {
  "$bin/quench" down --data-dir "$dir/q" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"$bin/quench" up --insecure --port-base "$base" --data-dir "$dir/q" >/dev/null
token=$("$bin/quench" tokens create schemathesis --name schemathesis --config "$dir/q/client.json" --json \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

# Data the API needs to answer 2xx at all: `goal.auto` refuses (422) without the body-mass
# consent and a weight, editing and deleting a drink (404) without one (their ids go to
# scripts/schemathesis.toml), and `POST /sign-out` (401) without a browser session (its cookie
# and CSRF token, no bearer token). Seeded through the API itself; the session made before the
# run, since the run's sign-in attempts use up the sign-in limit.
session=$(.venv/bin/python - "$http" "$token" <<'PY'
import json, sys, time, urllib.request, urllib.error
port, token = sys.argv[1], sys.argv[2]
def call(method, path, body=None, bearer=True):
    headers = {"Content-Type": "application/json", "X-Time-Zone": "UTC"}
    if bearer:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(
        "http://127.0.0.1:%s%s" % (port, path), method=method, headers=headers,
        data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, None
assert call("POST", "/api/v1/consents/grant", {"types": ["body-mass"]})[0] == 200
assert call("POST", "/api/v1/weight", {"value": 70, "unit": "kg"})[0] == 201
deadline = time.time() + 90
while call("POST", "/api/v1/goal/auto")[0] != 200:
    if time.time() > deadline:
        sys.exit("schemathesis.sh: goals did not learn the seeded weight within 90 s")
    time.sleep(0.2)
ids = []
for volume in (250, 300):
    status, _, drink = call("POST", "/api/v1/intakes", {"volume": volume})
    assert status == 201, status
    ids.append(drink["id"])
status, headers, body = call("POST", "/sign-in", {"token": token}, bearer=False)
assert status == 200, status
cookie = headers["Set-Cookie"].split(";")[0]
print(" ".join([cookie, body["csrfToken"]] + ids))
PY
)
read -r cookie csrf edit_id delete_id <<< "$session"
export QUENCH_SCHEMATHESIS_EDIT_ID=$edit_id QUENCH_SCHEMATHESIS_DELETE_ID=$delete_id

run() {
  timeout "$seconds" "$schemathesis" --config-file scripts/schemathesis.toml run "http://127.0.0.1:$http/openapi.json" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases examples,fuzzing \
    --max-examples "$examples" \
    --generation-deterministic \
    --request-timeout 10 \
    --workers 2 \
    --no-color \
    "$@"
}
# Everything with the token, but revoking consents (it would take goal.auto's consent away
# while it is tested), signing out (a session's) and erasing the user (DELETE /api/v1/me: the
# token would stop working mid-run); then those, each with what it needs, the erase last.
run --header "Authorization: Bearer $token" --exclude-path /api/v1/consents/revoke --exclude-path /sign-out \
  --exclude-name "DELETE /api/v1/me"
run --header "Authorization: Bearer $token" --include-path /api/v1/consents/revoke
run --header "Cookie: $cookie" --header "X-CSRF-Token: $csrf" --include-path /sign-out
run --header "Authorization: Bearer $token" --include-name "DELETE /api/v1/me"
