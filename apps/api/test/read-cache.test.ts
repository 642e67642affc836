import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config/config'
import type { Database } from '../src/db/client'
import { users, workers } from '../src/db/schema'
import { bearer, createUser, login, type Session } from './auth-helpers'
import { createTask, createWorker } from './fixtures'
import { createTestDatabase, type TestApp, secondProcessHandle } from './test-app'

// Decision 014: hot reads are cached in each API process and dropped on every change PostgreSQL
// announces. These tests run two app instances on one database, as two processes would (on
// PostgreSQL each has a pool and a change feed of its own), with the cache on.

const SECRET = 'test-secret-test-secret-test-secret-00'

describe('cached reads stay exact across API processes on one database', () => {
  let database: Database
  let second: Database
  let drop: () => Promise<void>
  let a: FastifyInstance
  let b: FastifyInstance
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    ;({ database, drop } = await createTestDatabase())
    // On PostgreSQL the second instance has a pool of its own, as a second process would.
    second = await secondProcessHandle(database)
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: SECRET, READ_CACHE: '1' })
    a = await buildApp({ config, database })
    b = await buildApp({ config, database: second })
    await Promise.all([a.ready(), b.ready()])
    t = { app: a, database, config, close: async () => undefined }
    operator = await login(t, await createUser(t, 'operator'))
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
    if (second !== database) await second.close()
    await drop()
  })

  const get = (app: FastifyInstance, url: string, s?: Session) =>
    app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} })

  /** The change reaches the other process when PostgreSQL's notice does: poll briefly for it. */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 25 })

  it('listens for changes on the database (the cache is live)', () => {
    expect(a.changes.live).toBe(true)
    expect(b.changes.live).toBe(true)
  })

  it('every table a cached read depends on announces its changes', async () => {
    const result = await database.db.execute(
      sql`select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname = c.relname || '_announce_change'`,
    )
    const announced = new Set((result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name))
    // The caches this app declared (auth's accounts and the cached routes) name these tables.
    expect([...a.cachedTables]).toEqual(expect.arrayContaining(['users', 'workers', 'assignments', 'workflow_records']))
    for (const table of a.cachedTables) expect(announced).toContain(table)
  })

  it('sends a cached answer compressed to a client that accepts it, the same JSON underneath', async () => {
    // Enough rows that the answer is worth compressing (over 1 KB).
    for (let i = 0; i < 8; i++) await createWorker(t, { name: `Compressed Worker ${i}` })
    const plain = await get(a, '/api/workerservices', operator)
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1.0, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const res = await a.inject({
        method: 'GET',
        url: '/api/workerservices',
        headers: { 'accept-encoding': accept, ...bearer(operator) },
      })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toContain('accept-encoding')
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body)
    }
  })

  it('a worker renamed with SQL shows in both processes’ cached lists', async () => {
    const worker = await createWorker(t, { name: 'Cache Before' })
    for (const app of [a, b]) {
      const list = await get(app, '/api/skilledworker')
      expect(list.json().skilledworkers.map((w: { name: string }) => w.name)).toContain('Cache Before')
    }
    await database.db.update(workers).set({ name: 'Cache After' }).where(eq(workers.id, worker.id))
    for (const app of [a, b]) {
      await eventually(async () => {
        const names = (await get(app, '/api/skilledworker')).json().skilledworkers.map((w: { name: string }) => w.name)
        expect(names).toContain('Cache After')
        expect(names).not.toContain('Cache Before')
      })
    }
  })

  it('a change made through one process is read back at once by that process, and soon by the other', async () => {
    const worker = await createWorker(t, { name: 'Shortlisted Once' })
    const customer = await login(t, await createUser(t, 'customer'))
    const countIn = async (app: FastifyInstance) =>
      (await get(app, '/api/skilledworker'))
        .json()
        .skilledworkers.find((w: { worker_id: number }) => w.worker_id === worker.id).cart_count as number
    expect(await countIn(a)).toBe(0)
    expect(await countIn(b)).toBe(0)
    const added = await a.inject({
      method: 'PUT',
      url: '/api/skilledworker/cart',
      headers: bearer(customer),
      payload: { worker_id: worker.id },
    })
    expect(added.statusCode).toBe(200)
    expect(await countIn(a)).toBe(1)
    await eventually(async () => expect(await countIn(b)).toBe(1))
  })

  it('a workflow read follows a status change made in the other process', async () => {
    const worker = await createWorker(t)
    const task = await createTask(t, { workerId: worker.id, status: 'assigned' })
    const before = await get(b, `/api/workflow/${task.task.id}`, operator)
    expect(before.statusCode).toBe(200)
    const changed = await a.inject({
      method: 'PUT',
      url: `/api/update-status/${task.task.id}`,
      headers: bearer(operator),
      payload: { status: 'work_inprogress' },
    })
    expect(changed.statusCode).toBe(200)
    await eventually(async () => {
      const after = (await get(b, `/api/workflow/${task.task.id}`, operator)).json().workflows
      expect(after.length).toBe(before.json().workflows.length + 1)
      expect(after.at(-1).status).toBe('work_inprogress')
    })
  })

  it('an account disabled through one process is refused by the other, though its token has not expired', async () => {
    const admin = await login(t, await createUser(t, 'admin'))
    const victim = await login(t, await createUser(t, 'operator'))
    expect((await get(b, '/api/me', victim)).statusCode).toBe(200)
    expect((await get(a, '/api/me', victim)).statusCode).toBe(200)
    const disabled = await a.inject({
      method: 'PATCH',
      url: `/api/admin/users/${victim.user.id}`,
      headers: bearer(admin),
      payload: { disabled: true },
    })
    expect(disabled.statusCode).toBe(200)
    expect((await get(a, '/api/me', victim)).statusCode).toBe(401)
    await eventually(async () => expect((await get(b, '/api/me', victim)).statusCode).toBe(401))
  })

  it('a role changed with SQL applies to the next requests in both processes', async () => {
    const user = await login(t, await createUser(t, 'operator'))
    expect((await get(a, '/api/assignmentdetails', user)).statusCode).toBe(200)
    expect((await get(b, '/api/assignmentdetails', user)).statusCode).toBe(200)
    await database.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.user.id))
    for (const app of [a, b]) {
      await eventually(async () => expect((await get(app, '/api/assignmentdetails', user)).statusCode).toBe(403))
    }
  })

  // PGlite runs in this process and cannot lose its listener; the API suite's PostgreSQL run covers this.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL only: a lost listener connection stops caching until it is back, then starts afresh',
    async () => {
      await get(a, '/api/skilledworker')
      expect(a.changes.live).toBe(true)
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'townworks-change-feed' and datname = current_database()`,
      )
      await eventually(async () => expect(a.changes.live).toBe(false))
      // Deaf: a change now must still be seen, so nothing is served from the cache.
      const worker = await createWorker(t, { name: 'Added While Deaf' })
      const names = (await get(a, '/api/skilledworker')).json().skilledworkers.map((w: { name: string }) => w.name)
      expect(names).toContain('Added While Deaf')
      await eventually(async () => expect(a.changes.live && b.changes.live).toBe(true))
      await database.db.update(workers).set({ name: 'Renamed After Reconnect' }).where(eq(workers.id, worker.id))
      await eventually(async () => {
        const after = (await get(b, '/api/skilledworker')).json().skilledworkers.map((w: { name: string }) => w.name)
        expect(after).toContain('Renamed After Reconnect')
      })
    },
  )
})
