#!/usr/bin/env bash
# npm run typecheck: tsc over the whole project (about 26 s, one core) while, on the other core, the
# generated files are checked against their sources (types, form validators, machine exports:
# about 9 s together). Fails if either part failed; each prints its own errors.
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit &
tsc_pid=$!
npx tsx scripts/gen-types.ts --check &&
  npx tsx scripts/compile-form-validators.ts --check &&
  npx tsx scripts/machines-export.ts --check
checks=$?
wait "$tsc_pid"
tsc=$?
exit $((checks || tsc))
