#!/usr/bin/env bash
# The dashboard in a real browser: headless Chromium driven by selenium (Tests/browser) against
# the real services and quench-web from .build/debug (or $QUENCH_BIN). About a minute; bounded by
# QUENCH_BROWSER_TIMEOUT seconds (default 240). Needs `bash scripts/bootstrap.sh --test`
# (chromium, chromium-driver, selenium). Screenshots of every page at 390×844 and 1280×800:
#   QUENCH_WEB_SCREENSHOTS=docs/images/web bash scripts/browser-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec timeout --kill-after=10 "${QUENCH_BROWSER_TIMEOUT:-240}" \
  .venv/bin/python -m pytest -q -p no:cacheprovider Tests/browser "$@"
