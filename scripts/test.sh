#!/usr/bin/env bash
# `npm test`: lint, types, unit + API + component tests, then browser journeys on the built app.
# Each stage's report lands in test-results/; the last line sums every test that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
status=0
failed_stages=()
run() {
  local stage=$1
  echo
  echo "== $stage"
  shift
  "$@" || { status=1; failed_stages+=("$stage"); }
}
# Lint and the type check each keep one core busy for about a minute: they run side by side, and
# their outputs are shown in turn.
npm run --silent lint >test-results/lint.log 2>&1 &
lint_pid=$!
npm run --silent typecheck >test-results/typecheck.log 2>&1 &
typecheck_pid=$!
finished() {
  local stage=$1 pid=$2 log=$3 code=0
  echo
  echo "== $stage"
  wait "$pid" || code=$?
  cat "$log"
  [ "$code" = 0 ] || { status=1; failed_stages+=("$stage"); }
}
finished "lint" "$lint_pid" test-results/lint.log
finished "typecheck" "$typecheck_pid" test-results/typecheck.log
# The production build the journeys run on is made while Vitest runs: the tests never read it (they run
# the sources, and the web plugin's tests a web root of their own), and Vitest leaves a core idle
# often enough that the two side by side take about a minute less than one after the other.
npm run --silent build >test-results/build.log 2>&1 &
build_pid=$!
run "unit, API and component tests" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
finished "build" "$build_pid" test-results/build.log
if [[ " ${failed_stages[*]} " == *" build "* ]]; then
  echo "browser journeys: not run, the build failed (above)"
else
  run "browser journeys" bash -c 'bash scripts/ensure-chromium.sh && npx playwright test -c apps/web/playwright.config.ts'
fi

node scripts/summary.mjs test-results/vitest.json test-results/playwright.json || status=1
# A stage can fail with every test passed (a lint or type error, or Vitest's "unhandled errors",
# which fail the run after the last test): say which, so a red run is never a mystery.
for stage in "${failed_stages[@]}"; do echo "failed stage: $stage (its output is above)"; done
exit $status
