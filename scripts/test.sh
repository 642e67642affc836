#!/usr/bin/env bash
# `npm test`: lint, types, unit + API + component tests, then browser journeys on the built app.
# Each stage's report lands in test-results/; the last line sums every test that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
status=0
run() {
  echo
  echo "== $1"
  shift
  "$@" || status=1
}
run "lint" npm run --silent lint
run "typecheck" npm run --silent typecheck
run "unit, API and component tests" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
run "browser journeys" bash -c 'bash scripts/ensure-chromium.sh && npm run --silent build && npx playwright test -c apps/web/playwright.config.ts'
node scripts/summary.mjs test-results/vitest.json test-results/playwright.json || status=1
exit $status
