// `npm run bench`: builds the production app, measures it side by side with ceilings measured in
// the same run on the same machine, and writes bench/report.md and bench/report.json.
//
// Environment (all optional):
//   BENCH_DATABASE_URL  PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       the bench creates and drops a database of its own, townworks_bench.
//   BENCH_DURATION      seconds per measured run (default 5)      BENCH_RUNS  runs per figure (default 3)
//   BENCH_WARMUP        warm-up seconds before each figure (1)    BENCH_CONNECTIONS  (50)
//   BENCH_GROWTH        task counts of the growth check (1000,10000,100000)
//   BENCH_SKIP_BUILD=1  use the existing build;  BENCH_WEB_DIST  the built web app (apps/web/dist)
//   BENCH_LIGHTHOUSE=0  skip Lighthouse;  BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page (3, median by score)
//   BENCH_STORM_BOOKINGS  parallel bookings a round of the booking storm (100);  BENCH_STORM_ROUNDS  its rounds (10)
//   BENCH_FIRST_PAINT=0  skip the first paint on a slow line;  BENCH_FIRST_PAINT_RUNS  cold runs per page and language (3, median)
//   BENCH_ONLY=first-paint  only the first paint (bench/first-paint.mjs) against the production build on an
//                       embedded database (no PostgreSQL); prints it and writes bench/tmp/first-paint.json
//   BENCH_ONLY=web      only the web rows (decision 046): the per-route sizes against their budgets, Lighthouse on
//                       every customer and worker screen (production build, embedded database with demo data) and
//                       the install's size (node_modules; BENCH_INSTALL_SECONDS: the wall time of the `npm ci` just
//                       run, BENCH_INSTALL_CACHE: warm or cold); merged into bench/report.json, report.md re-rendered
//   BENCH_ONLY=booking-storm  run only the booking storm (builds the API alone, seeds the base data set,
//                       prints the result and writes bench/tmp/booking-storm.json; report.md is left alone)
//   BENCH_ONLY=board    only the dispatch board's data for a day of 300 workers and 2 000 tasks (bench/board.mjs,
//                       a database of its own); prints it and writes bench/tmp/board.json
//   BENCH_ONLY=invoice-pdf  only the receipt or invoice PDF's cost (bench/invoice-pdf.mjs): prints it, writes
//                       bench/tmp/invoice-pdf.json
//   BENCH_ONLY=network  only the customers' and workers' routes on throttled lines (bench/network.mjs, decision 065):
//                       first visits on slow 4G (≤ 5 s) and at 400 kbit/s, 400 ms (≤ 10 s), the repeat visit under
//                       the service worker (≤ 1 s); the production build (npm run build first) on a database of its
//                       own with the demo data; prints a table per route, writes bench/tmp/network.json
//   BENCH_ONLY=office-scale  only the dashboard at 10 000 and 100 000 tasks and the CSV of 100 000 rows
//                       (bench/office-scale.mjs, a database of its own); prints it, writes bench/tmp/office-scale.json
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { bookingStorm } from './booking-storm.mjs'
import { runFirstPaint } from './first-paint.mjs'
import { runLighthouse } from './lighthouse.mjs'
import { boardRow } from './board.mjs'
import { invoicePdfRow } from './invoice-pdf.mjs'
import { networkRow } from './network.mjs'
import { officeScaleRow } from './office-scale.mjs'
import { BASE, countTasks, growTasks, seedBase } from './seed-data.mjs'
import { webSizes } from './web-sizes.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const TMP = join(ROOT, 'bench/tmp')
const env = process.env
const CFG = {
  url: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  dbName: 'townworks_bench',
  duration: Number(env.BENCH_DURATION ?? 5),
  runs: Number(env.BENCH_RUNS ?? 3),
  warmup: Number(env.BENCH_WARMUP ?? 1),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  growth: (env.BENCH_GROWTH ?? '1000,10000,100000').split(',').map(Number),
  mainTasks: 10_000,
  stormBookings: Number(env.BENCH_STORM_BOOKINGS ?? 100),
  stormRounds: Number(env.BENCH_STORM_ROUNDS ?? 10),
  webDist: env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist'),
}
const ADMIN = { user: 'bench_admin', pwd: 'bench-password-0001' }
const SESSION_SECRET = 'bench-session-secret-bench-session-secret-0001'

const dbUrl = (name) => {
  const u = new URL(CFG.url)
  u.pathname = `/${name}`
  return u.toString()
}
const BENCH_URL = dbUrl(CFG.dbName)
const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------- processes
const children = new Set()
function cleanup() {
  for (const child of children) child.kill('SIGKILL')
}
process.on('exit', cleanup)
process.on('SIGINT', () => process.exit(130))

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

/** Start a node process; resolves once `ready` (a URL answering 200, or a line of output) is seen. */
async function start(name, args, extraEnv, ready, timeoutMs = 120_000) {
  const childEnv = { ...env, ...extraEnv }
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const lines = []
  let exited = null
  const take = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(line)
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  child.on('exit', (code) => {
    exited = code
    children.delete(child)
  })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited !== null) throw new Error(`${name} exited (${exited}):\n${lines.slice(-30).join('\n')}`)
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${lines.slice(-30).join('\n')}`)
    if (!ready.startsWith('http')) {
      if (lines.some((l) => l.includes(ready))) break
    } else {
      const ok = await fetch(ready)
        .then((r) => r.ok)
        .catch(() => false)
      if (ok) break
    }
    await sleep(200)
  }
  return {
    name,
    lines,
    stop: async () => {
      if (exited !== null) return
      const done = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([done, sleep(15_000)])
      if (exited === null) child.kill('SIGKILL')
    },
  }
}

/** One API process from the production build. */
async function startApi(extraEnv, timeoutMs) {
  const port = await freePort()
  const proc = await start(
    `api:${port}`,
    ['--enable-source-maps', 'apps/api/dist/server.js'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET,
      ADMIN_USERNAME: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.pwd,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      NOTIFICATION_DISPATCHER: '0',
      NOTIFICATION_PROVIDER: 'log',
      SERVICE_REQUEST_RATE_LIMIT: '10000000',
      WEB_DIST: CFG.webDist,
      ...extraEnv,
    },
    `http://127.0.0.1:${port}/readyz`,
    timeoutMs,
  )
  return { ...proc, port, base: `http://127.0.0.1:${port}` }
}

// ---------------------------------------------------------------- measuring
/** Every request says what a browser says: it accepts compressed answers (the ceilings send none). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const headers = { ...BROWSER_HEADERS, ...opts.headers }
    const instance = autocannon({ connections: CFG.connections, ...opts, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
  })
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** The ceiling every route is paired with; set once the ceiling server runs. */
let lookupCeiling = null

/**
 * Warm up, then `runs` runs of `duration` seconds; the median of each figure. `make` builds the
 * autocannon options for a base URL (fresh per run, so request counters continue). Unless it is a
 * ceiling itself, each run follows a run of the single-lookup ceiling: the machine is shared, so
 * a route and its ceiling are measured under the same load, and the ratio is the median of pairs.
 */
async function measure(label, base, make, { runs = CFG.runs, duration = CFG.duration, paired = true } = {}) {
  const pair = paired && lookupCeiling
  if (CFG.warmup > 0) await cannon({ ...make(base), duration: CFG.warmup })
  const results = []
  const ceilings = []
  for (let i = 0; i < runs; i++) {
    if (pair) ceilings.push(await cannon({ url: `${lookupCeiling}/lookup`, duration }))
    results.push(await cannon({ ...make(base), duration }))
  }
  const figure = {
    label,
    rps: Math.round(median(results.map((r) => r.requests.average))),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    runs: results.map((r) => Math.round(r.requests.average)),
  }
  if (pair) {
    figure.ceilingRps = Math.round(median(ceilings.map((r) => r.requests.average)))
    figure.vsLookup = median(results.map((r, i) => r.requests.average / ceilings[i].requests.average))
  }
  log(
    `${label}: ${figure.rps} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms, non-2xx ${figure.non2xx}` +
      (pair ? `; paired lookup ceiling ${figure.ceilingRps} req/s → ${Math.round(figure.vsLookup * 100)}%` : ''),
  )
  return figure
}

const json = { 'content-type': 'application/json' }
const auth = (token) => ({ authorization: `Bearer ${token}` })

async function login(base, user, pwd) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ user, pwd }),
  })
  if (!res.ok) throw new Error(`login ${user}: ${res.status} ${await res.text()}`)
  return (await res.json()).accesstoken
}

/** The scenario's fixed facts, read from the seeded database. */
async function facts(client) {
  const pair = await client.query(
    `select s.name service, t.name town, count(*)::int n from worker_services ws
       join workers w on w.id = ws.worker_id join services s on s.id = ws.service_id join towns t on t.id = w.town_id
     group by s.name, t.name order by n desc, s.name limit 1`,
  )
  const tasks = await client.query(`select coalesce(max(id), 0)::int m from tasks`)
  const toggles = await client.query(`select id from tasks where status = 'work_inprogress' order by id`)
  const today = (await client.query(`select (now() at time zone 'Asia/Kolkata')::date::text d`)).rows[0].d
  return { ...pair.rows[0], maxTask: tasks.rows[0].m, toggleIds: toggles.rows.map((r) => r.id), today }
}

const addDays = (iso, n) => {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Read routes: name → autocannon options for a base URL. */
function readRoutes(f, token) {
  let n = 0
  return {
    'GET /api/assignmentdetails (first page)': (base) => ({
      url: `${base}/api/assignmentdetails`,
      headers: auth(token),
    }),
    'GET /api/workerservices': (base) => ({ url: `${base}/api/workerservices`, headers: auth(token) }),
    'GET /api/skilledworker': (base) => ({ url: `${base}/api/skilledworker` }),
    'GET /api/workflow/{id}': (base) => ({
      url: `${base}/api/workflow/1`,
      headers: auth(token),
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/workflow/${1 + ((n++ * 7919) % f.maxTask)}` }) }],
    }),
    'GET /api/workers/suggestions': (base) => ({
      url: `${base}/api/workers/suggestions?${new URLSearchParams({
        service: f.service,
        town: f.town,
        date: addDays(f.today, 1),
        startTime: '09:00:00',
        endTime: '10:00:00',
      })}`,
      headers: auth(token),
    }),
  }
}

/** Write routes, each request different where the route needs it. */
function writeRoutes(f, token) {
  let slot = 0
  let status = 0
  // Bench bookings start on a Monday at least 400 days ahead: far from the seeded assignments.
  const monday = (() => {
    let d = addDays(f.today, 400)
    while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1)
    return d
  })()
  const slotBody = () => {
    const n = slot++
    const k = Math.floor(n / BASE.workers)
    const day = Math.floor(k / 10)
    const hour = 8 + (k % 10)
    const date = addDays(monday, Math.floor(day / 6) * 7 + (day % 6))
    const hh = (h) => `${String(h).padStart(2, '0')}:00:00`
    return JSON.stringify({
      taskName: `Bench booking ${n}`,
      workerId: 1 + (n % BASE.workers),
      date,
      startTime: hh(hour),
      endTime: hh(hour + 1),
    })
  }
  const K = f.toggleIds.length
  return {
    'POST /api/servicerequest': (base) => ({
      url: `${base}/api/servicerequest`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Bench Visitor',
        phone: '9848012345',
        service: f.service,
        service_date: addDays(f.today, 3),
        town: f.town,
      }),
    }),
    'POST /api/schedule (distinct slots)': (base) => ({
      url: `${base}/api/schedule`,
      method: 'POST',
      headers: { ...json, ...auth(token) },
      requests: [{ setupRequest: (req) => ({ ...req, body: slotBody() }) }],
    }),
    'PUT /api/update-status (distinct tasks)': (base) => ({
      url: `${base}/api/update-status/1`,
      method: 'PUT',
      headers: { ...json, ...auth(token) },
      requests: [
        {
          setupRequest: (req) => {
            const n = status++
            const id = f.toggleIds[n % K]
            const to = Math.floor(n / K) % 2 === 0 ? 'work_pending' : 'work_inprogress'
            return { ...req, path: `/api/update-status/${id}`, body: JSON.stringify({ status: to }) }
          },
        },
      ],
    }),
  }
}

// ---------------------------------------------------------------- scale-out checks
/** Many parallel bookings of one worker in overlapping slots: exactly one may succeed. */
async function doubleBookingStorm(base, token, f, workerId, n = 40) {
  const date = addDays(f.today, 700 + workerId)
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const start = 9 * 60 + (i % 30)
      const t = (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`
      return fetch(`${base}/api/schedule`, {
        method: 'POST',
        headers: { ...json, ...auth(token) },
        body: JSON.stringify({ taskName: `Storm ${i}`, workerId, date, startTime: t(start), endTime: t(start + 60) }),
      }).then((r) => r.status)
    }),
  )
  const created = answers.filter((s) => s === 201).length
  const refused = answers.filter((s) => s === 409).length
  const statuses = {}
  for (const s of answers) statuses[s] = (statuses[s] ?? 0) + 1
  return {
    requests: n,
    created,
    refused,
    other: n - created - refused,
    statuses,
    pass: created === 1 && refused === n - 1,
  }
}

/**
 * The booking storm (issue #15): two API processes on the bench database, `CFG.stormBookings`
 * parallel overlapping bookings of one worker a round sent to them in turn, busy threads on every
 * core beside them, `CFG.stormRounds` rounds, each on its own working day (the bench workers work
 * Monday to Saturday). Exactly one 2xx a round; the rest 409, never a 5xx.
 */
async function bookingStormRow(f, workerId, extraEnv = {}) {
  const apis = []
  try {
    for (let i = 0; i < 2; i++) apis.push(await startApi({ DATABASE_URL: BENCH_URL, ...extraEnv }))
    const token = await login(apis[0].base, 'bench_operator', ADMIN.pwd)
    const workdays = []
    for (let d = addDays(f.today, 900); workdays.length < CFG.stormRounds; d = addDays(d, 1)) {
      if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) workdays.push(d)
    }
    const storm = await bookingStorm({
      bases: apis.map((a) => a.base),
      token,
      workerId,
      dateOf: (round) => workdays[round],
      n: CFG.stormBookings,
      rounds: CFG.stormRounds,
    })
    // Anything but 2xx and 409 is a fault: keep what the processes logged as errors with it.
    if (!storm.pass) storm.errors = apis.flatMap((a) => a.lines.filter((l) => /"level":(50|60)/.test(l))).slice(-5)
    return storm
  } finally {
    for (const a of apis) await a.stop()
  }
}

/** Parallel shortlist adds by distinct customers: the count rises by exactly their number. */
async function cartCounter(base, tokens, client, workerId) {
  // The seed put some shortlists in place: start this worker from none, so every add is a new one.
  await client.query('delete from cart_entries where worker_id = $1', [workerId])
  const before = (await client.query('select count(*)::int n from cart_entries where worker_id = $1', [workerId]))
    .rows[0].n
  const answers = await Promise.all(
    tokens.map((token) =>
      fetch(`${base}/api/skilledworker/cart`, {
        method: 'PUT',
        headers: { ...json, ...auth(token) },
        body: JSON.stringify({ worker_id: workerId }),
      }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) })),
    ),
  )
  const after = (await client.query('select count(*)::int n from cart_entries where worker_id = $1', [workerId]))
    .rows[0].n
  const ok = answers.filter((a) => a.status === 200 && a.body.added === true).length
  const statuses = {}
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1
  const highest = Math.max(...answers.map((a) => a.body.cart_count ?? 0))
  return {
    customers: tokens.length,
    added: ok,
    before,
    after,
    highestAnswered: highest,
    statuses,
    pass: ok === tokens.length && after === before + tokens.length && highest === after,
  }
}

/** N queued messages, `processes` API processes with dispatchers on: each message sent exactly once. */
async function outboxOnce(client, processes, n = 2000) {
  await client.query(`update notifications set state = 'failed' where state in ('queued', 'sending')`)
  const tag = `bench-${processes}-${Date.now()}`
  // The dispatchers run first; the messages arrive while every one of them is polling.
  const apis = []
  for (let i = 0; i < processes; i++) {
    apis.push(await startApi({ DATABASE_URL: BENCH_URL, NOTIFICATION_DISPATCHER: '1', LOG_LEVEL: 'info' }))
  }
  await sleep(1500)
  await client.query(
    `insert into notifications (event, channel, "to", body, state, message_key)
     select 'bench', 'sms', '+919848012345', 'Bench message ' || g, 'queued', $1 || '-' || g
     from generate_series(1, $2::int) g`,
    [tag, n],
  )
  const started = Date.now()
  let left = n
  while (left > 0 && Date.now() - started < 60_000) {
    await sleep(250)
    left = (
      await client.query(`select count(*)::int n from notifications where message_key like $1 and state <> 'sent'`, [
        `${tag}-%`,
      ])
    ).rows[0].n
  }
  const seconds = (Date.now() - started) / 1000
  await sleep(500)
  for (const api of apis) await api.stop()
  const rows = (
    await client.query(
      `select count(*)::int n, count(*) filter (where state = 'sent')::int sent,
              count(*) filter (where attempts = 1)::int once, max(attempts)::int max_attempts,
              array_agg(id) ids
       from notifications where message_key like $1`,
      [`${tag}-%`],
    )
  ).rows[0]
  const ids = new Set(rows.ids)
  const perProcess = apis.map(
    (api) =>
      api.lines.filter((l) => {
        const m = /"notification":(\d+)/.exec(l)
        return m && ids.has(Number(m[1]))
      }).length,
  )
  const logged = perProcess.reduce((a, b) => a + b, 0)
  return {
    processes,
    messages: n,
    sent: rows.sent,
    sentOnce: rows.once,
    maxAttempts: rows.max_attempts,
    perProcess,
    logged,
    seconds: Number(seconds.toFixed(1)),
    pass: rows.sent === n && rows.once === n && logged === n,
  }
}

// ---------------------------------------------------------------- main
async function main() {
  const started = Date.now()
  mkdirSync(TMP, { recursive: true })
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGB: Number((os.totalmem() / 1e9).toFixed(1)),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { ...CFG, url: undefined },
    notes: [],
  }

  if (env.BENCH_ONLY === 'booking-storm') return onlyBookingStorm()
  if (env.BENCH_ONLY === 'first-paint') return onlyFirstPaint()
  if (env.BENCH_ONLY === 'web') return onlyWeb()
  if (env.BENCH_ONLY === 'board') {
    const board = await boardRow()
    log('dispatch board', JSON.stringify(board, null, 2))
    writeFileSync(join(TMP, 'board.json'), JSON.stringify(board, null, 2) + '\n')
    if (!board.budgetMet) process.exitCode = 1
    return undefined
  }
  if (env.BENCH_ONLY === 'invoice-pdf') {
    const pdf = await invoicePdfRow()
    log('invoice PDF', JSON.stringify(pdf, null, 2))
    writeFileSync(join(TMP, 'invoice-pdf.json'), JSON.stringify(pdf, null, 2) + '\n')
    if (!pdf.budgetMet) process.exitCode = 1
    return undefined
  }
  if (env.BENCH_ONLY === 'network') {
    const network = await networkRow()
    writeFileSync(join(TMP, 'network.json'), JSON.stringify(network, null, 2) + '\n')
    if (!network.budgetMet) process.exitCode = 1
    return undefined
  }
  if (env.BENCH_ONLY === 'office-scale') {
    const office = await officeScaleRow()
    log('office at scale', JSON.stringify(office, null, 2))
    writeFileSync(join(TMP, 'office-scale.json'), JSON.stringify(office, null, 2) + '\n')
    if (!office.budgetMet) process.exitCode = 1
    return undefined
  }

  // 1. Build.
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('building the production app (npm run build)')
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    // The web build's size report exits 1 over its own budget; the bench reports sizes itself.
    if (!existsSync(join(ROOT, 'apps/api/dist/server.js')) || !existsSync(join(CFG.webDist, '.vite/manifest.json'))) {
      throw new Error(`npm run build failed (${b.status})`)
    }
    if (b.status !== 0) {
      log('npm run build exited non-zero (the web size check); building the API alone')
      const a = spawnSync('npm', ['run', 'build', '-w', '@townworks/api'], { cwd: ROOT, stdio: 'inherit' })
      if (a.status !== 0) throw new Error('the API build failed')
    }
  }

  // 2. Web figures.
  log('web: gzip JavaScript and CSS per route')
  report.web = webSizes(CFG.webDist)
  report.web.chunks = report.web.chunks.slice(0, 20)

  // 3. Database.
  const admin = new pg.Client({ connectionString: CFG.url })
  await admin.connect()
  await admin.query(`drop database if exists ${CFG.dbName} with (force)`)
  await admin.query(`create database ${CFG.dbName}`)
  report.machine.postgres = (await admin.query('show server_version')).rows[0].server_version
  const client = new pg.Client({ connectionString: BENCH_URL })
  try {
    log('migrating (first API start) and seeding')
    let api = await startApi({ DATABASE_URL: BENCH_URL })
    // The same build with its read cache off (decision 014): what a cache miss costs, and the
    // growth check, which is about the queries.
    let raw = await startApi({ DATABASE_URL: BENCH_URL, READ_CACHE: '0' })
    await client.connect()
    const t0 = Date.now()
    await seedBase(client, { operatorFrom: ADMIN.user })
    await growTasks(client, 0, CFG.growth[0])
    report.seedMs = { base: Date.now() - t0 }
    const ceilingPort = await freePort()
    const ceiling = await start(
      'ceiling',
      ['bench/ceiling-server.mjs'],
      { DATABASE_URL: BENCH_URL, PORT: String(ceilingPort) },
      'ceiling server ready',
    )
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`
    lookupCeiling = ceilingBase
    let token = await login(api.base, 'bench_operator', ADMIN.pwd)

    // The hot queries' plans at the current size (bench/explain.ts: the repositories' own SQL).
    const explainNow = (facts) => {
      const out = join(TMP, 'explain.json')
      const ex = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'bench/explain.ts', BENCH_URL, out, facts.service, facts.town, addDays(facts.today, 1)],
        { cwd: ROOT, stdio: 'inherit' },
      )
      return ex.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : []
    }
    const brief = (plans) =>
      plans.map(({ name, buffers, executionMs, seqScans }) => ({ name, buffers, executionMs, seqScans }))

    // 4. Growth, smallest size first (reads only, read cache off).
    report.growth = {}
    report.growthPlans = {}
    const growthRun = async (tasks) => {
      const f = await facts(client)
      const routes = readRoutes(f, token)
      const figures = {}
      for (const [name, make] of Object.entries(routes)) {
        figures[name] = await measure(`${tasks} tasks (uncached): ${name}`, raw.base, make)
      }
      report.growth[tasks] = figures
      report.growthPlans[tasks] = brief(explainNow(f))
    }
    const sizes = [...CFG.growth].sort((a, b) => a - b)
    for (const size of sizes.filter((s) => s < CFG.mainTasks)) {
      await growTasks(client, await countTasks(client), size)
      await growthRun(size)
    }

    // 5. The main data set: ceilings, reads, auth cost, writes.
    const tg = Date.now()
    await growTasks(client, await countTasks(client), CFG.mainTasks)
    report.seedMs.toMain = Date.now() - tg
    report.dataSet = (
      await client.query(
        `select (select count(*) from tasks)::int tasks, (select count(*) from assignments)::int assignments,
                (select count(*) from workflow_records)::int workflow_records, (select count(*) from workers)::int workers,
                (select count(*) from worker_services)::int worker_services,
                (select count(*) from service_requests)::int service_requests, (select count(*) from users)::int users,
                (select count(*) from cart_entries)::int cart_entries`,
      )
    ).rows[0]
    log('data set', report.dataSet)
    const f = await facts(client)
    report.ceilings = {
      fixed: await measure('ceiling: fixed JSON', ceilingBase, (b) => ({ url: `${b}/fixed` }), { paired: false }),
      lookup: await measure('ceiling: one primary-key lookup', ceilingBase, (b) => ({ url: `${b}/lookup` }), {
        paired: false,
      }),
    }
    report.postgres = { reads: {}, writes: {} }
    for (const [name, make] of Object.entries(readRoutes(f, token))) {
      report.postgres.reads[name] = await measure(`pg: ${name}`, api.base, make)
    }
    report.postgres.uncached = {}
    for (const [name, make] of Object.entries(readRoutes(f, token))) {
      report.postgres.uncached[name] = await measure(`pg, read cache off: ${name}`, raw.base, make)
    }
    if (sizes.includes(CFG.mainTasks)) {
      report.growth[CFG.mainTasks] = report.postgres.uncached
      report.growthPlans[CFG.mainTasks] = brief(explainNow(f))
    }
    report.authCost = {
      public: report.postgres.reads['GET /api/skilledworker'],
      withToken: await measure('pg: GET /api/skilledworker with a bearer token', api.base, (b) => ({
        url: `${b}/api/skilledworker`,
        headers: auth(token),
      })),
    }
    for (const [name, make] of Object.entries(writeRoutes(f, token))) {
      report.postgres.writes[name] = await measure(`pg: ${name}`, api.base, make)
    }

    // Reads while writes drop the caches (decision 014): the operators' list with task status
    // changes arriving alongside, each of which drops every cached read of tasks and assignments.
    report.postgres.churn = {}
    for (const perSecond of [10, 100]) {
      let n = 0
      const writes = { sent: 0, ok: 0 }
      const timer = setInterval(() => {
        const id = f.toggleIds[n % f.toggleIds.length]
        const to = Math.floor(n / f.toggleIds.length) % 2 === 0 ? 'work_pending' : 'work_inprogress'
        n += 1
        writes.sent += 1
        void fetch(`${api.base}/api/update-status/${id}`, {
          method: 'PUT',
          headers: { ...json, ...auth(token) },
          body: JSON.stringify({ status: to }),
        })
          .then((r) => (writes.ok += r.ok ? 1 : 0))
          .catch(() => undefined)
      }, 1000 / perSecond)
      try {
        const name = `GET /api/assignmentdetails (first page) with ${perSecond} status changes a second alongside`
        report.postgres.churn[name] = {
          ...(await measure(`pg: ${name}`, api.base, readRoutes(f, token)['GET /api/assignmentdetails (first page)'])),
          writes: { ...writes },
        }
      } finally {
        clearInterval(timer)
      }
    }

    // 5b. Lighthouse (bench/lighthouse.mjs) on the production build this API process serves, at the main size.
    if (env.BENCH_LIGHTHOUSE !== '0') {
      log('web: Lighthouse (mobile, simulated throttling)')
      report.lighthouse = await runLighthouse(api.base, {
        worker: { user: 'bench_worker', pwd: ADMIN.pwd },
        customer: { user: 'bench_customer_1', pwd: ADMIN.pwd },
        log,
        saveDir: join(TMP, 'lighthouse'),
      }).catch((error) => ({ error: error.message }))
    }

    // 5c. The first paint on a slow line, per language (bench/first-paint.mjs, decision 033).
    if (env.BENCH_FIRST_PAINT !== '0') {
      log('web: first paint at 400 kbit/s, 400 ms round trips')
      report.firstPaint = await runFirstPaint(api.base, { log }).catch((error) => ({ error: error.message }))
    }

    // 6. Scale out: 1, 2, 4 processes behind a round-robin balancer.
    log('scale out')
    await api.stop()
    await raw.stop()
    report.scaleOut = { throughput: [], checks: [] }
    const customers = (
      await client.query(`select username from users where username like 'bench_customer_%' order by id limit 60`)
    ).rows.map((r) => r.username)
    let stormWorker = 1
    let cartWorker = 1
    for (const count of [1, 2, 4]) {
      const apis = []
      for (let i = 0; i < count; i++) apis.push(await startApi({ DATABASE_URL: BENCH_URL }))
      const lbPort = await freePort()
      const lb = await start(
        'load balancer',
        ['bench/load-balancer.mjs'],
        { PORT: String(lbPort), BACKENDS: apis.map((a) => `127.0.0.1:${a.port}`).join(',') },
        'load balancer ready',
      )
      const lbBase = `http://127.0.0.1:${lbPort}`
      token = await login(lbBase, 'bench_operator', ADMIN.pwd)
      const route = 'GET /api/assignmentdetails (first page)'
      const fig = await measure(
        `${count} process(es) behind the balancer: ${route}`,
        lbBase,
        readRoutes(f, token)[route],
      )
      report.scaleOut.throughput.push({ processes: count, route, ...fig })
      const tokens = []
      for (const c of customers) tokens.push(await login(lbBase, c, ADMIN.pwd))
      const storm = await doubleBookingStorm(lbBase, token, f, stormWorker++)
      // Anything but 201 and 409 is a fault: keep what the processes logged as errors with it.
      if (!storm.pass) storm.errors = apis.flatMap((a) => a.lines.filter((l) => /"level":(50|60)/.test(l))).slice(-5)
      const cart = await cartCounter(lbBase, tokens, client, (cartWorker += 37))
      report.scaleOut.checks.push({ processes: count, doubleBooking: storm, cartCounter: cart })
      log(`${count} process(es): storm`, storm, 'cart', cart)
      await lb.stop()
      for (const a of apis) await a.stop()
    }
    log('booking storm: 2 processes, CPU load beside')
    report.scaleOut.bookingStorm = await bookingStormRow(f, 7).catch((error) => ({ error: error.message }))
    log('booking storm', { ...report.scaleOut.bookingStorm, perRound: undefined })
    report.scaleOut.outbox = [await outboxOnce(client, 1), await outboxOnce(client, 2)]
    log('outbox', report.scaleOut.outbox)
    // The dispatch board (issue 20): a database and an API of its own, 300 workers and 2 000 tasks on one day.
    report.board = await boardRow().catch((error) => ({ error: error.message }))
    log('dispatch board', report.board)
    // The dashboard at 100 000 tasks and a CSV of 100 000 rows (issue 20): a database of its own.
    report.officeScale = await officeScaleRow().catch((error) => ({ error: error.message }))
    log('office at scale', report.officeScale)
    // A receipt or invoice as a PDF (issue 22): the API's printer, the browser of this machine.
    report.invoicePdf = await invoicePdfRow().catch((error) => ({ error: error.message }))
    log('invoice PDF', report.invoicePdf)

    // 7. Growth to the largest size, and the query plans there.
    raw = await startApi({ DATABASE_URL: BENCH_URL, READ_CACHE: '0' })
    token = await login(raw.base, 'bench_operator', ADMIN.pwd)
    for (const size of sizes.filter((s) => s > CFG.mainTasks)) {
      const tl = Date.now()
      await growTasks(client, CFG.mainTasks, size)
      report.seedMs[`to${size}`] = Date.now() - tl
      await growthRun(size)
    }
    report.explain = explainNow(f)
    report.explainAtTasks = await countTasks(client)
    await raw.stop()

    // 8. The same reads on PGlite (embedded), on the same data set at the main size.
    log('PGlite')
    const dataDir = join(TMP, 'pglite')
    rmSync(dataDir, { recursive: true, force: true })
    let lite = await startApi({ DATA_DIR: dataDir, DATABASE_URL: undefined })
    await lite.stop()
    const { PGlite } = await import('@electric-sql/pglite')
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
    const embedded = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: { btree_gist, pg_trgm } })
    await embedded.waitReady
    const tl = Date.now()
    await seedBase(embedded, { operatorFrom: ADMIN.user })
    await growTasks(embedded, 0, CFG.mainTasks)
    report.seedMs.pglite = Date.now() - tl
    const liteFacts = await facts(embedded)
    await embedded.close()
    lite = await startApi({ DATA_DIR: dataDir, DATABASE_URL: undefined })
    const liteToken = await login(lite.base, 'bench_operator', ADMIN.pwd)
    report.pglite = { reads: {} }
    for (const [name, make] of Object.entries(readRoutes(liteFacts, liteToken))) {
      report.pglite.reads[name] = await measure(`pglite: ${name}`, lite.base, make)
    }
    await lite.stop()
    await ceiling.stop()
  } finally {
    cleanup()
    await client.end().catch(() => undefined)
    await admin.query(`drop database if exists ${CFG.dbName} with (force)`).catch(() => undefined)
    await admin.end()
  }
  report.seconds = Math.round((Date.now() - started) / 1000)

  const { BUDGET, writeReport } = await import('./report.mjs')
  writeReport(report, BUDGET, join(ROOT, 'bench'))
  log(`done in ${report.seconds} s: bench/report.md, bench/report.json`)
}

/** The install: node_modules' size and package count, and the wall time of `npm ci` when the caller measured it. */
function installFigures() {
  const du = spawnSync('du', ['-sk', join(ROOT, 'node_modules')], { encoding: 'utf8' })
  // npm's record of what it installed (node_modules/.package-lock.json): the packages `npm ci` added.
  const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/.package-lock.json'), 'utf8'))
  const packages = Object.keys(installed.packages ?? {}).filter((key) => key.includes('node_modules/')).length
  return {
    nodeModulesMB: du.status === 0 ? Math.round(Number(du.stdout.split('\t')[0]) / 1000) : null,
    packages,
    seconds: env.BENCH_INSTALL_SECONDS ? Number(env.BENCH_INSTALL_SECONDS) : null,
    cache: env.BENCH_INSTALL_CACHE ?? null,
    measuredOn: new Date().toISOString(),
  }
}

/**
 * `BENCH_ONLY=web`: the web rows alone (decision 046), on the production build and an embedded database with
 * the demo data; merged into bench/report.json (the API rows keep their run's figures) and report.md re-rendered.
 */
async function onlyWeb() {
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('building the production app (npm run build)')
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (b.status !== 0) throw new Error(`npm run build failed (${b.status})`)
  }
  const reportFile = join(ROOT, 'bench/report.json')
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  report.web = webSizes(CFG.webDist)
  report.web.chunks = report.web.chunks.slice(0, 20)
  report.install = installFigures()
  const dataDir = join(TMP, 'web-data')
  rmSync(dataDir, { recursive: true, force: true })
  try {
    const api = await startApi(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        DEMO_DATA: '1',
        DEMO_PASSWORDS_ONE_TIME: '0',
        LOG_LEVEL: 'info',
      },
      // A fresh embedded database with the demo data takes over 90 s on the loaded shared machine.
      300_000,
    )
    try {
      // The demo logins the server printed at start, as a person starting it would read them.
      for (let waited = 0; !api.lines.some((l) => l.includes('Demo logins')) && waited < 120_000; waited += 250)
        await sleep(250)
      await sleep(250)
      const logins = {}
      for (const line of api.lines) {
        const m = /^\s+(customer|worker)\s+(\S+)\s+(\S+)\s*$/.exec(line)
        if (m && !logins[m[1]]) logins[m[1]] = { user: m[2], pwd: m[3] }
      }
      log('web: Lighthouse (mobile, simulated throttling) on every customer and worker screen')
      report.lighthouse = await runLighthouse(api.base, {
        worker: logins.worker,
        customer: logins.customer,
        log,
        saveDir: join(TMP, 'lighthouse'),
      }).catch((error) => ({ error: error.message }))
      report.lighthouse.measuredAlone = new Date().toISOString().slice(0, 10)
      report.lighthouse.loadAverage = os.loadavg().map((x) => Number(x.toFixed(1)))
    } finally {
      await api.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const { BUDGET, writeReport } = await import('./report.mjs')
  writeReport(report, BUDGET, join(ROOT, 'bench'))
  log('done: bench/report.md, bench/report.json (web rows)')
}

/** `BENCH_ONLY=first-paint`: the first paint alone, the production build on an embedded database of its own. */
async function onlyFirstPaint() {
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('building the production app (npm run build)')
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (b.status !== 0) throw new Error(`npm run build failed (${b.status})`)
  }
  const dataDir = join(TMP, 'first-paint-data')
  rmSync(dataDir, { recursive: true, force: true })
  try {
    const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: undefined })
    try {
      log('web: first paint at 400 kbit/s, 400 ms round trips')
      const result = await runFirstPaint(api.base, { log })
      const { firstPaintBudgets } = await import('./first-paint.mjs')
      const budgets = firstPaintBudgets(result)
      for (const b of budgets) log(`${b.pass ? 'pass' : 'MISS'}: ${b.budget}: ${b.measured}`)
      mkdirSync(TMP, { recursive: true })
      writeFileSync(
        join(TMP, 'first-paint.json'),
        JSON.stringify({ date: new Date().toISOString(), ...result, budgets }, null, 2) + '\n',
      )
    } finally {
      await api.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `BENCH_ONLY=booking-storm`: the booking storm alone, on a fresh bench database with the base data set. */
async function onlyBookingStorm() {
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('building the API (npm run build -w @townworks/api)')
    const a = spawnSync('npm', ['run', 'build', '-w', '@townworks/api'], { cwd: ROOT, stdio: 'inherit' })
    if (a.status !== 0) throw new Error('the API build failed')
  }
  const admin = new pg.Client({ connectionString: CFG.url })
  await admin.connect()
  await admin.query(`drop database if exists ${CFG.dbName} with (force)`)
  await admin.query(`create database ${CFG.dbName}`)
  const client = new pg.Client({ connectionString: BENCH_URL })
  try {
    log('migrating (first API start) and seeding the base data set')
    const first = await startApi({ DATABASE_URL: BENCH_URL, WEB_DIST: undefined })
    await first.stop()
    await client.connect()
    await seedBase(client, { operatorFrom: ADMIN.user })
    log('booking storm: 2 processes, CPU load beside')
    const storm = await bookingStormRow(await facts(client), 7, { WEB_DIST: undefined })
    const { BUDGET } = await import('./report.mjs')
    const b = BUDGET.bookingStorm
    const pass =
      storm.pass &&
      storm.serverErrors === 0 &&
      storm.processes >= b.processes &&
      storm.requestsPerRound >= b.requests &&
      storm.rounds >= b.rounds
    for (const [i, r] of storm.perRound.entries()) log(`round ${i + 1}:`, r.statuses, r.codes)
    log(
      `booking storm: ${storm.ok} × 2xx, ${storm.conflict} × 409, ${storm.serverErrors} × 5xx, ${storm.other} other, ` +
        `${storm.roundsWithOneSuccess}/${storm.rounds} rounds with one booking, ${storm.seconds} s → ${pass ? 'pass' : 'MISS'}`,
    )
    mkdirSync(TMP, { recursive: true })
    writeFileSync(
      join(TMP, 'booking-storm.json'),
      JSON.stringify({ ...storm, budget: b, budgetMet: pass }, null, 2) + '\n',
    )
    if (!pass) process.exitCode = 1
  } finally {
    cleanup()
    await client.end().catch(() => undefined)
    await admin.query(`drop database if exists ${CFG.dbName} with (force)`).catch(() => undefined)
    await admin.end()
  }
}

main().catch((error) => {
  console.error(error)
  cleanup()
  process.exit(1)
})
