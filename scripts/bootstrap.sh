#!/usr/bin/env bash
# Installs what Quench needs on a fresh Debian 12 machine that has the Swift toolchain:
#   libzmq (always), and with --test the Python test peers (pyzmq, msgpack, selenium) in .venv
#   and headless Chromium with its driver for the browser tests.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=false
for arg in "$@"; do
  case "$arg" in
    --test) want_test=true ;;
    *) echo "usage: $0 [--test]" >&2; exit 64 ;;
  esac
done

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=false
apt_install() {
  if ! $apt_updated; then
    as_root apt-get update -qq
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

if ! pkg-config --exists libzmq 2>/dev/null; then
  echo "bootstrap: installing libzmq3-dev"
  apt_install libzmq3-dev pkg-config
fi
if [ ! -e /usr/include/sqlite3.h ]; then
  echo "bootstrap: installing libsqlite3-dev"
  apt_install libsqlite3-dev
fi

if $want_test; then
  # The multi-host and partition tests make network namespaces with iproute2's `ip`.
  command -v ip >/dev/null 2>&1 || apt_install iproute2
  # `quench share --png` converts with rsvg-convert; the tests render the card with it.
  command -v rsvg-convert >/dev/null 2>&1 || apt_install librsvg2-bin
  # The translators' export (scripts/catalog-po.py) is checked with gettext's msgfmt --check.
  command -v msgfmt >/dev/null 2>&1 || apt_install gettext
  # The dashboard's browser tests drive headless Chromium through chromedriver (selenium).
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "bootstrap: installing chromium and chromium-driver"
    apt_install chromium chromium-driver fonts-dejavu-core
  fi
  if ! command -v python3 >/dev/null 2>&1; then
    echo "bootstrap: installing python3"
    apt_install python3 python3-venv
  fi
  if [ ! -x .venv/bin/python3 ]; then
    if ! python3 -m venv .venv >/dev/null 2>&1; then
      echo "bootstrap: installing python3-venv"
      apt_install python3-venv
      rm -rf .venv
      python3 -m venv .venv
    fi
  fi
  if ! .venv/bin/python3 -c "import zmq, msgpack, pytest, selenium" >/dev/null 2>&1; then
    echo "bootstrap: installing the Python test peers (pyzmq, msgpack, pytest, selenium) into .venv"
    .venv/bin/python3 -m pip install -q --disable-pip-version-check -r Tests/python/requirements.txt
  fi
fi
