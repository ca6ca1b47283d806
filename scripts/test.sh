#!/usr/bin/env bash
# The whole test suite: installs what it needs (libzmq, the Python test peers), builds,
# checks the deployment files, fuzzes the decoders for a bounded time, then runs every Swift test (unit, integration
# and end-to-end against the real executables).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh --test
export PATH="$PWD/.venv/bin:$PATH"

bash deploy/validate.sh
swift build --build-tests
bash scripts/fuzz.sh "${QUENCH_FUZZ_SECONDS:-60}"
swift test --skip-build
