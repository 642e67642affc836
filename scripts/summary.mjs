// Sums the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed".
// A missing report counts as a failure: a stage that did not run is not a pass.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const missing = []
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing.push(file)
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  }
}
for (const file of missing) console.log(`missing report: ${file} (that stage did not finish)`)
console.log(`${passed} passed, ${failed + missing.length} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed + missing.length > 0 || passed === 0 ? 1 : 0)
