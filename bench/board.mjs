// The dispatch board's data (GET /api/board, decision 052) for a day with 300 workers and 2 000
// tasks, and for the week around it: answer time (median and p95 of sequential reads, and of reads
// 10 at a time, as when a notice makes every open board read again) and answer size. Runs against a
// real PostgreSQL with the built API (`npm run build -w @townworks/api` first, or BENCH_SKIP_BUILD=0):
//
//   node bench/board.mjs            (or BENCH_ONLY=board npm run bench)
//
// BENCH_DATABASE_URL as in run.mjs; BENCH_BOARD_READS reads per figure (200). Writes bench/tmp/board.json.
import { BENCH_ADMIN, loginAdmin, percentile, runRowAsScript, withBenchApi } from './api-process.mjs'
import { BUDGET } from './report.mjs'
import { growTasks, seedBase } from './seed-data.mjs'

const env = process.env
const DB = 'townworks_bench_board'
const READS = Number(env.BENCH_BOARD_READS ?? 200)
const TASKS = 2000
/** The row's budget (report.mjs): a day's and a week's board read, one at a time, at the 95th percentile. */
const BOARD_BUDGET = BUDGET.board

const log = (...args) => console.log(`[bench board ${new Date().toISOString().slice(11, 19)}]`, ...args)

/** `reads` reads of one address, `parallel` at a time: median and p95 in ms, and the answer's size. */
async function timeReads(url, token, reads, parallel) {
  const times = []
  let bytes = 0
  let summary
  const one = async () => {
    const started = performance.now()
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } })
    const body = await res.text()
    times.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
    bytes = body.length
    const parsed = JSON.parse(body)
    summary = { workers: parsed.workers.length, blocks: parsed.blocks.length, unassigned: parsed.unassigned.length }
  }
  for (let i = 0; i < 5; i++) await one() // warm-up
  times.length = 0
  for (let done = 0; done < reads; done += parallel) await Promise.all(Array.from({ length: parallel }, one))
  times.sort((a, b) => a - b)
  const round = (ms) => Math.round(ms * 10) / 10
  return { medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), jsonBytes: bytes, ...summary }
}

export async function boardRow() {
  log('migrating (first API start), seeding 300 workers and 2 000 tasks on one day')
  return withBenchApi(DB, {}, async ({ api, client }) => {
    await seedBase(client, { operatorFrom: BENCH_ADMIN.user })
    // growTasks books worker 1 + i % 300 at 08 + floor(i / 300) o'clock, day floor(i / 3000): 2 000 tasks are all today's.
    await growTasks(client, 0, TASKS)
    const { rows } = await client.query(
      `select to_char(current_date, 'YYYY-MM-DD') as today,
        (select count(*)::int from assignments where assignment_date = current_date) as tasks_today`,
    )
    const { today, tasks_today: tasksToday } = rows[0]
    const token = await loginAdmin(api.base)
    const week = new Date(`${today}T00:00:00Z`)
    week.setUTCDate(week.getUTCDate() + 6)
    const to = week.toISOString().slice(0, 10)
    const dayUrl = `${api.base}/api/board?from=${today}&to=${today}`
    const figures = {
      tasksToday,
      day: await timeReads(dayUrl, token, READS, 1),
      dayTenAtOnce: await timeReads(dayUrl, token, READS, 10),
      dayOneTown: await timeReads(`${dayUrl}&town=Armoor`, token, READS, 1),
      week: await timeReads(`${api.base}/api/board?from=${today}&to=${to}`, token, Math.ceil(READS / 4), 1),
    }
    const pass = figures.day.p95Ms <= BOARD_BUDGET.dayP95Ms && figures.week.p95Ms <= BOARD_BUDGET.weekP95Ms
    return { ...figures, budget: BOARD_BUDGET, budgetMet: pass }
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await runRowAsScript('board', boardRow, log)
