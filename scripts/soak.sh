#!/usr/bin/env bash
# Soak: mixed load (logs, edits, deletes, goal sets, consents, weights, queries) against all
# four real services for SECONDS, then checks that every acknowledged change is present exactly
# once, that analytics' totals equal intake's, and runs PRAGMA integrity_check on every file.
#
#   scripts/soak.sh 600                 # ten minutes
#   QUENCH_RELIABILITY_SEED=42 scripts/soak.sh 60
#
# Prints one line "RELIABILITY soak: …" with the figures. Exit status 0 when every check held.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: scripts/soak.sh SECONDS   (a whole number of seconds, at least 1)" >&2
    exit 2
fi
scratch="${QUENCH_SOAK_SCRATCH:-.build}"

swift build --build-tests --scratch-path "$scratch"
QUENCH_SOAK_SECONDS="$seconds" swift test --skip-build --scratch-path "$scratch" --filter "ReliabilitySoakTests"
