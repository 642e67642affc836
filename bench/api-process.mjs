// The built API (apps/api/dist/server.js) as a child process on a bench database of its own, for the
// bench's single-purpose rows (bench/board.mjs, bench/office-scale.mjs): a free port, a start that
// waits for /readyz, a login, and percentiles of timed reads.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const BENCH_ADMIN = { user: 'bench_admin', pwd: 'bench-password-0001' }
const URL_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The address of one of the PostgreSQL server's databases. */
const dbUrl = (name) => {
  const u = new URL(URL_ADMIN)
  u.pathname = `/${name}`
  return u.toString()
}

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

/**
 * The built API on database `db` until `stop()`; `pid` to read its memory from /proc. With `lines` (an
 * array), what the server prints goes there as well as to the terminal (the demo logins: bench/network.mjs).
 */
export async function startApi(db, extraEnv = {}, { lines } = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl(db),
      SESSION_SECRET: 'bench-session-secret-bench-session-secret-0001',
      ADMIN_USERNAME: BENCH_ADMIN.user,
      ADMIN_PASSWORD: BENCH_ADMIN.pwd,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      NOTIFICATION_DISPATCHER: '0',
      NOTIFICATION_PROVIDER: 'log',
      ...extraEnv,
    },
    stdio: ['ignore', lines ? 'pipe' : 'inherit', 'inherit'],
  })
  if (lines) {
    let rest = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      const text = rest + chunk.toString('utf8')
      const parts = text.split('\n')
      rest = parts.pop() ?? ''
      lines.push(...parts)
    })
  }
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the API stopped while starting')
    try {
      if ((await fetch(`${base}/readyz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined)
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}

/** The bench admin's access token. */
export async function loginAdmin(base) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!res.ok) throw new Error(`login: ${res.status}`)
  return (await res.json()).accesstoken
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
export const round1 = (ms) => Math.round(ms * 10) / 10

/**
 * A bench row run as its own script (`node bench/<row>.mjs`): print it, write bench/tmp/<name>.json,
 * and exit 1 when it missed its budget.
 */
export async function runRowAsScript(name, row, log) {
  const result = await row()
  log(JSON.stringify(result, null, 2))
  mkdirSync(join(ROOT, 'bench/tmp'), { recursive: true })
  writeFileSync(join(ROOT, `bench/tmp/${name}.json`), JSON.stringify(result, null, 2) + '\n')
  if (!result.budgetMet) process.exitCode = 1
}

/**
 * A bench row's own world: the API built when BENCH_SKIP_BUILD=0, database `db` made afresh, the API
 * started on it (its first start migrates), a client connected to it; `work({ api, client })` runs,
 * and whatever happens the API stops and the database is dropped. `startOptions` go to startApi.
 */
export async function withBenchApi(db, extraEnv, work, startOptions = {}) {
  if (process.env.BENCH_SKIP_BUILD === '0') {
    const built = spawnSync('npm', ['run', 'build', '-w', '@townworks/api'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('the API build failed')
  }
  const admin = new pg.Client({ connectionString: URL_ADMIN })
  await admin.connect()
  await admin.query(`drop database if exists ${db} with (force)`)
  await admin.query(`create database ${db}`)
  const client = new pg.Client({ connectionString: dbUrl(db) })
  let api
  try {
    api = await startApi(db, extraEnv, startOptions)
    await client.connect()
    return await work({ api, client })
  } finally {
    await api?.stop()
    await client.end().catch(() => undefined)
    await admin.query(`drop database if exists ${db} with (force)`).catch(() => undefined)
    await admin.end()
  }
}
