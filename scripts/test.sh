#!/usr/bin/env bash
# The whole test suite: installs what it needs (libzmq, the Python test peers), builds,
# then runs every Swift test (unit, integration and end-to-end against the real
# executables) and the deployment checks.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh --test
export PATH="$PWD/.venv/bin:$PATH"

swift build --build-tests
swift test --skip-build
