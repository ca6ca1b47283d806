#!/usr/bin/env bash
# The whole test suite: installs what it needs (libzmq, the Python test peers), builds,
# checks the deployment files, fuzzes the decoders for a bounded time, runs the adversarial suite's
# short cases and the dashboard's browser tests, then runs every Swift test (unit, integration
# and end-to-end against the real executables).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh --test
export PATH="$PWD/.venv/bin:$PATH"

bash deploy/validate.sh
swift build --build-tests
bash scripts/fuzz.sh "${QUENCH_FUZZ_SECONDS:-60}"
# The adversarial suite (Python peer against a real CURVE deployment); its short cases here, the
# full sizes with QUENCH_ADVERSARIAL_FULL=1 (see docs/SECURITY.md).
(cd Tests/adversarial && ../../.venv/bin/python -m pytest -q -p no:cacheprovider)
# The dashboard in headless Chromium: sign in, log a drink, live updates, every page (docs/DASHBOARD.md).
bash scripts/browser-test.sh
# The web edge's HTTP API against its OpenAPI document (schemathesis on free ports, three passes, bounded: about 30 s; a warning fails it).
bash scripts/schemathesis.sh
swift test --skip-build
