// The cost of one receipt or invoice PDF (issue 22, decision 062): headless Chromium printing the
// sample tax invoice in Telugu, Hindi and English — the browser's start (the first document of a
// process), then the median and p95 of each language's prints, their size, and four at once.
//
//   node bench/invoice-pdf.mjs        (or BENCH_ONLY=invoice-pdf npm run bench)
//
// BENCH_PDF_PRINTS prints per language (20). Writes bench/tmp/invoice-pdf.json.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUDGET } from './report.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

export async function invoicePdfRow() {
  const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench/invoice-pdf.run.mts')], {
    cwd: join(ROOT, 'apps/api'),
    encoding: 'utf8',
    env: process.env,
  })
  if (run.status !== 0) throw new Error(`the PDF bench failed: ${(run.stderr || run.stdout).slice(-500)}`)
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1))
  const worstP95 = Math.max(...Object.values(result.languages).map((l) => l.p95Ms))
  return { ...result, budgetMet: worstP95 <= BUDGET.invoicePdf.p95Ms }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const row = await invoicePdfRow()
  console.log(JSON.stringify(row, null, 2))
  mkdirSync(join(ROOT, 'bench/tmp'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/tmp/invoice-pdf.json'), JSON.stringify(row, null, 2) + '\n')
  if (!row.budgetMet) process.exitCode = 1
}
