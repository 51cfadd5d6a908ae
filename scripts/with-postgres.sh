#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, installing
# Debian's postgresql package when it is missing. If PostgreSQL cannot be had here, it says why
# and exits 0 without running the command (the SQLite pass has already run).
set -uo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

skip() { echo "PostgreSQL pass SKIPPED: $*"; exit 0; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  command -v apt-get >/dev/null 2>&1 || skip "postgresql is not installed and apt-get is not available"
  [ "$(id -u)" = "0" ] || skip "postgresql is not installed and installing it needs root"
  echo "Installing Debian's postgresql for the PostgreSQL pass…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || skip "apt-get could not install postgresql"
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] || skip "postgresql installed no server binaries"
fi

as_pg() { if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
dir=$(mktemp -d /tmp/examflow-pg-XXXXXX)
[ "$(id -u)" = "0" ] && chown postgres "$dir"
cleanup() { as_pg "$bin/pg_ctl -D $dir/data -m immediate stop" >/dev/null 2>&1; rm -rf "$dir"; }
trap cleanup EXIT
as_pg "$bin/initdb -D $dir/data -U postgres --auth=trust -E UTF8 >/dev/null" || skip "initdb failed"
# A port below Linux's ephemeral range (32768–60999), where no outgoing connection takes it; another
# listener may hold it, so a few tries.
for try in 1 2 3; do
  port=$(( 20000 + RANDOM % 10000 ))
  as_pg "$bin/pg_ctl -D $dir/data -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off' -l $dir/log -w start >/dev/null" && break
  [ "$try" = 3 ] && skip "the server did not start: $(tail -n 3 "$dir/log" 2>/dev/null)"
done
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
