#!/usr/bin/env bash
# npm test — every check, in order of how fast it fails: lint, types, config, unit and component
# tests, a production build with its size budgets, then the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
# Each stage's time, printed again at the end (where the suite's minutes go), with the CPU-seconds
# the whole machine spent meanwhile (from /proc/stat; 2 cores give at most twice the wall time):
# a stage far below that waits on something rather than computes.
times=()
stage_name=''
stage_start=$SECONDS
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat 2>/dev/null || echo 0; }
stage_busy=$(busy)
end_stage() {
  [ -n "$stage_name" ] &&
    times+=("$(printf '%5ss %6s CPU-s  %s' "$((SECONDS - stage_start))" "$((($(busy) - stage_busy) / 100))" "$stage_name")")
  return 0
}
step() {
  end_stage
  stage_name="$*"
  stage_start=$SECONDS
  stage_busy=$(busy)
  printf '\n\033[1m▶ %s\033[0m\n' "$*"
}
# Printed on the way out, passed or not (a failing stage is the last listed).
print_times() {
  end_stage
  stage_name=''
  printf '\nStage times:\n'
  printf '  %s\n' "${times[@]}"
}
trap print_times EXIT

# Runs the commands at once (on the two cores), then prints each one's output whole, in order;
# fails if any of them failed.
together() {
  local dir failed=0 i=0 pids=()
  dir=$(mktemp -d)
  for command in "$@"; do
    bash -c "$command" >"$dir/$i" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  i=0
  for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
    cat "$dir/$i"
    i=$((i + 1))
  done
  rm -rf "$dir"
  return "$failed"
}

step "lint + typecheck + config validation"
together "npm run -s lint" "npm run -s typecheck && npm run -s validate:config"

step "unit, component and API tests (SQLite)"
npx vitest run

# Run after the SQLite pass, not beside it: side by side on a quiet machine the two took 335 s
# (656 CPU-s, both cores busy) against 192 s + 125 s one after the other.
step "API tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run server src/api
# Two processes, load, and PostgreSQL restarted under them (about 25 s, its own cluster).
bash scripts/with-postgres.sh npm run -s fault:db-restart

step "production build"
npm run -s build

step "size budgets (size-limit)"
npx size-limit

step "browser tests (Chromium)"
bash scripts/ensure-chromium.sh
# The Studio on two server processes runs once, on PostgreSQL (issue 38 asks it there; it takes
# SQLite too, as live-publish shows in this pass).
npx vitest run --config vitest.e2e.config.ts --exclude tests/e2e/studio-live.test.ts
bash scripts/with-postgres.sh npx vitest run --config vitest.e2e.config.ts tests/e2e/studio-live.test.ts

printf '\nAll checks passed in %ss.\n' "$((SECONDS - started))"
