#!/usr/bin/env bash
# Creates the CURVE keys of a container or multi-host deployment in DIR, with the quench CLI:
#   DIR/keys/...          service, admin and probe keys and allow-lists (`quench keys init`,
#                         `quench keys add-user probe`); secret files mode 0600
#   DIR/public-keys.env   QUENCH_UPSTREAM_<SERVICE>_PUBLIC_KEY='...' for every service (Compose
#                         env_file); DIR/public-keys.kubectl.env the same unquoted (kubectl
#                         create configmap --from-env-file)
#   DIR/client.json       the operator's client config (admin key), endpoints on HOST
# Safe to run again: existing keys are kept.
#
# usage: deploy/keys.sh DIR [--host HOST] [--owner UID[:GID]]
#   --host   where the operator's CLI reaches the services (default 127.0.0.1, the ports
#            Compose publishes)
#   --owner  chown the service secrets and allow-lists (Compose bind-mounts them as they are;
#            the image runs as uid 10001): --owner 10001:10001, as root
# The CLI: $QUENCH if set, else `quench` on PATH.
set -euo pipefail

usage() {
  echo "usage: $0 DIR [--host HOST] [--owner UID[:GID]]" >&2
  exit 64
}

[ $# -ge 1 ] || usage
dir=$1
shift
host=127.0.0.1
owner=""
while [ $# -gt 0 ]; do
  case "$1" in
    --host) [ $# -ge 2 ] || usage; host=$2; shift 2 ;;
    --owner) [ $# -ge 2 ] || usage; owner=$2; shift 2 ;;
    *) usage ;;
  esac
done

quench=${QUENCH:-quench}
if ! command -v "$quench" >/dev/null 2>&1; then
  echo "keys.sh: cannot find the quench CLI ($quench); build it (swift build -c release --product quench) and set QUENCH=path" >&2
  exit 69
fi

services="intake goals health-ingest analytics web"
mkdir -p "$dir"
"$quench" keys init --data-dir "$dir" >/dev/null
if [ ! -e "$dir/keys/users/probe.secret" ]; then
  "$quench" keys add-user probe --data-dir "$dir" >/dev/null
fi

public_key() {
  tr -d '[:space:]' < "$dir/keys/services/$1.public"
}

env_name() {
  printf '%s' "$1" | tr '[:lower:]-' '[:upper:]_'
}

# Z85 keys hold '$' and '#', so Compose's file quotes them ('…' is literal there, and Z85
# has no quote); kubectl --from-env-file takes values as they are, so its file does not.
{
  echo "# Made by deploy/keys.sh: each service's CURVE public key, as its subscribers (and the web edge) need it."
  for service in $services; do
    echo "QUENCH_UPSTREAM_$(env_name "$service")_PUBLIC_KEY='$(public_key "$service")'"
  done
} > "$dir/public-keys.env"
{
  for service in $services; do
    echo "QUENCH_UPSTREAM_$(env_name "$service")_PUBLIC_KEY=$(public_key "$service")"
  done
} > "$dir/public-keys.kubectl.env"

port_base() {
  case "$1" in
    intake) echo 71 ;;
    goals) echo 72 ;;
    health-ingest) echo 73 ;;
    analytics) echo 74 ;;
    web) echo 75 ;;
  esac
}

admin_public=$(tr -d '[:space:]' < "$dir/keys/admin.public")
admin_secret=$(cd "$dir/keys" && pwd)/admin.secret
{
  echo "{"
  echo "  \"insecure\": false,"
  echo "  \"principal\": \"admin\","
  echo "  \"clientKey\": {\"publicKey\": \"$admin_public\", \"secretKeyFile\": \"$admin_secret\"},"
  echo "  \"services\": {"
  separator=","
  for service in $services; do
    base=$(port_base "$service")
    [ "$service" = web ] && separator=""
    http=""
    [ "$service" = web ] && http=", \"http\": \"http://$host:8080\""
    echo "    \"$service\": {\"rpc\": \"tcp://$host:${base}01\", \"pub\": \"tcp://$host:${base}02\", \"userPub\": \"tcp://$host:${base}03\", \"publicKey\": \"$(public_key "$service")\"$http}$separator"
  done
  echo "  }"
  echo "}"
} > "$dir/client.json"

if [ -n "$owner" ]; then
  for service in $services; do
    chown "$owner" "$dir/keys/services/$service.secret" "$dir/keys/allow/$service.json"
    chmod 0600 "$dir/keys/services/$service.secret"
  done
  chown "$owner" "$dir/keys/users/probe.secret"
fi

echo "Keys in $dir/keys; public keys in $dir/public-keys.env (and .kubectl.env); operator config $dir/client.json"
