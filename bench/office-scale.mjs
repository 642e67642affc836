// The office's reads at scale (issue 20): the dashboard (GET /api/dashboard/today and
// /api/dashboard/charts, decision 042) at 10 000 and 100 000 tasks, and the Assignment Details CSV
// (GET /api/assignmentdetails/export.csv, decision 045) of 100 000 rows: its time and the API
// process's peak memory while it streams. Runs against a real PostgreSQL with the built API
// (`npm run build -w @townworks/api` first, or BENCH_SKIP_BUILD=0):
//
//   node bench/office-scale.mjs            (or BENCH_ONLY=office-scale npm run bench)
//
// BENCH_DATABASE_URL as in run.mjs; BENCH_OFFICE_READS reads per dashboard figure (40);
// BENCH_OFFICE_TASKS the sizes (10000,100000). Writes bench/tmp/office-scale.json.
import { readFileSync, writeFileSync } from 'node:fs'
import { BENCH_ADMIN, loginAdmin, percentile, round1, runRowAsScript, withBenchApi } from './api-process.mjs'
import { BUDGET } from './report.mjs'
import { countTasks, growTasks, seedBase } from './seed-data.mjs'

const env = process.env
const DB = 'townworks_bench_office'
const READS = Number(env.BENCH_OFFICE_READS ?? 40)
const SIZES = (env.BENCH_OFFICE_TASKS ?? '10000,100000').split(',').map(Number)
const OFFICE_BUDGET = BUDGET.officeScale

const log = (...args) => console.log(`[bench office ${new Date().toISOString().slice(11, 19)}]`, ...args)

/** `reads` sequential reads of one address after a warm-up: median and p95 in ms. */
async function timeReads(url, token, reads) {
  const times = []
  const one = async () => {
    const started = performance.now()
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.text()
    times.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
  }
  for (let i = 0; i < 3; i++) await one()
  times.length = 0
  for (let i = 0; i < reads; i++) await one()
  times.sort((a, b) => a - b)
  return { medianMs: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)) }
}

/** A process's resident memory now and at its peak so far, in MB (Linux /proc). */
function memoryMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** The whole CSV, read as it streams: rows, bytes, time to the first byte and to the end, the peak's rise. */
async function timeCsv(api, token) {
  // Start the peak afresh (Linux: "5" resets VmHWM to the current size), so the peak is the export's.
  try {
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5')
  } catch {
    // not allowed here: the peak then covers the process's life, and the rise is an upper bound
  }
  const before = memoryMB(api.pid)
  const started = performance.now()
  const res = await fetch(`${api.base}/api/assignmentdetails/export.csv?sort=assignment_id&order=asc`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (res.status !== 200) throw new Error(`export.csv: ${res.status} ${(await res.text()).slice(0, 200)}`)
  let firstByteMs
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines++
  }
  const totalMs = performance.now() - started
  const after = memoryMB(api.pid)
  return {
    // Lines: the header and one per row (a cell's own newline would add one; bench rows have none).
    rows: lines - 1,
    megabytes: Math.round(bytes / 1e5) / 10,
    firstByteMs: round1(firstByteMs),
    seconds: Math.round(totalMs / 100) / 10,
    rssBeforeMB: before.rss,
    peakBeforeMB: before.peak,
    peakAfterMB: after.peak,
    peakRiseMB: after.peak - before.rss,
  }
}

/** The dashboard's reads at the current size: today's counts, and the charts over a month and a year. */
async function dashboardFigures(base, token, today) {
  const daysBack = (n) => {
    const d = new Date(`${today}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() - n)
    return d.toISOString().slice(0, 10)
  }
  const charts = (from, extra = '') => `${base}/api/dashboard/charts?from=${from}&to=${today}${extra}`
  return {
    today: await timeReads(`${base}/api/dashboard/today`, token, READS),
    chartsMonth: await timeReads(charts(daysBack(29)), token, READS),
    chartsYear: await timeReads(charts(daysBack(364)), token, READS),
    chartsYearOneTownService: await timeReads(charts(daysBack(364), '&town=Armoor&service=Plumber'), token, READS),
  }
}

export async function officeScaleRow() {
  log('migrating (first API start) and seeding the base data set')
  // The read cache off: what the queries themselves cost, as a change notice would make them run.
  return withBenchApi(DB, { READ_CACHE: '0' }, async ({ api, client }) => {
    await seedBase(client, { operatorFrom: BENCH_ADMIN.user })
    const token = await loginAdmin(api.base)
    const { rows } = await client.query(
      `select to_char((now() at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as today`,
    )
    const today = rows[0].today
    const dashboard = {}
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      await growTasks(client, await countTasks(client), size)
      await client.query('analyze')
      log(`dashboard at ${size} tasks`)
      dashboard[size] = await dashboardFigures(api.base, token, today)
    }
    const largest = Math.max(...SIZES)
    log(`CSV of Assignment Details at ${largest} tasks`)
    const csv = await timeCsv(api, token)
    const at = dashboard[largest]
    const worst = Math.max(at.chartsMonth.p95Ms, at.chartsYear.p95Ms, at.chartsYearOneTownService.p95Ms)
    const pass =
      at.today.p95Ms <= OFFICE_BUDGET.todayP95Ms &&
      worst <= OFFICE_BUDGET.chartsP95Ms &&
      csv.rows >= largest &&
      csv.peakRiseMB <= OFFICE_BUDGET.csvPeakRiseMB
    return { sizes: SIZES, dashboard, csv, budget: OFFICE_BUDGET, budgetMet: pass }
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await runRowAsScript('office-scale', officeScaleRow, log)
