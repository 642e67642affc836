import type { AddressInfo } from 'node:net'
import { and, eq, inArray, ne } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingStorm, withCpuLoad } from '../../../bench/booking-storm.mjs'
import { buildApp } from '../src/app'
import { openDatabase } from '../src/db/client'
import { assignments, payoutTasks, tasks, workflowRecords } from '../src/db/schema'
import { people, payManually, pendingTask, expectBooksBalance } from './payment-flow'
import { errorHandlerPlugin } from '../src/plugins/error-handler'
import { addDays, todayInIndia } from '../src/shared/dates'
import { startApiProcess, type ApiProcess } from './api-process'
import { bearer, loginAs, type Session } from './auth-helpers'
import { createTask, createWorker } from './fixtures'
import { createTestApp, type TestApp } from './test-app'

// Issue #15, item 15: clashing writes under load queue and lose with a 409 — never a 5xx. On
// PostgreSQL (TEST_DATABASE_URL) the storms go to TWO real API processes (apps/api/src/server.ts
// through tsx) sharing one database, as behind a load balancer; on PGlite, which is one embedded
// connection in one process, a smaller storm goes to this process's own server over HTTP. Either
// way busy threads take every core while the storm runs (bench/booking-storm.mjs, which
// `npm run bench` runs too).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const BOOKINGS = onPostgres ? 100 : 20
const BOOKING_ROUNDS = onPostgres ? 10 : 3
const STATUS_CHANGES = onPostgres ? 50 : 20
const STATUS_ROUNDS = onPostgres ? 3 : 2
const PAYOUTS = onPostgres ? 30 : 10

interface Answer {
  status: number
  code: string | null
  retryAfter: string | null
}

/** Send one JSON request over real HTTP; a refused connection is status 0. */
async function send(base: string, method: string, path: string, s: Session, body: object): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...bearer(s) },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => null)) as { code?: string } | null
    return { status: res.status, code: json?.code ?? null, retryAfter: res.headers.get('retry-after') }
  } catch (error) {
    return { status: 0, code: String((error as Error).message), retryAfter: null }
  }
}

/** How many answers were 2xx, 409, 5xx, anything else; with every status and code counted. */
function tally(answers: readonly Answer[]) {
  const count = (pick: (a: Answer) => boolean) => answers.filter(pick).length
  const statuses: Record<string, number> = {}
  const codes: Record<string, number> = {}
  for (const a of answers) {
    statuses[a.status] = (statuses[a.status] ?? 0) + 1
    if (a.code) codes[a.code] = (codes[a.code] ?? 0) + 1
  }
  return {
    ok: count((a) => a.status >= 200 && a.status < 300),
    conflict: count((a) => a.status === 409),
    serverErrors: count((a) => a.status >= 500),
    statuses,
    codes,
  }
}

describe(`clashing writes under load ${onPostgres ? 'on two API processes sharing one PostgreSQL' : 'on one API process over PGlite'}, busy threads on every core: one wins, the rest are 409, never a 5xx`, () => {
  let t: TestApp
  let processes: ApiProcess[] = []
  let bases: string[]
  let operator: Session
  let admin: Session

  beforeAll(async () => {
    t = await createTestApp()
    if (onPostgres) {
      const env = { DATABASE_URL: t.database.pool!.options.connectionString!, SESSION_SECRET: t.config.SESSION_SECRET! }
      processes = await Promise.all([startApiProcess(env), startApiProcess(env)])
      bases = processes.map((p) => p.base)
    } else {
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      bases = [`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`]
    }
    operator = await loginAs(t, 'operator')
    admin = await loginAs(t, 'admin')
  })
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()))
    await t.close()
  })

  /** What the API processes logged as errors, to show beside a failed expectation. */
  const logged = () => processes.flatMap((p) => p.output.filter((l) => /"level":(50|60)/.test(l))).slice(-5)

  const activeOn = async (workerId: number, date: string) =>
    t.database.db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.workerId, workerId),
          eq(assignments.assignmentDate, date),
          ne(assignments.status, 'cancelled'),
        ),
      )

  it(`${BOOKINGS} parallel overlapping bookings of one worker, ${BOOKING_ROUNDS} rounds: exactly one 2xx a round, the rest 409 DOUBLE_BOOKING, 0 5xx`, async () => {
    const worker = await createWorker(t, { name: 'Stormy Srinivas' })
    const first = addDays(todayInIndia(), 300)
    const dateOf = (round: number) => addDays(first, round)
    const storm = await bookingStorm({
      bases,
      token: operator.token,
      workerId: worker.id,
      dateOf,
      n: BOOKINGS,
      rounds: BOOKING_ROUNDS,
    })
    const summary = { perRound: storm.perRound.map((r) => r.statuses), logged: logged() }
    expect(storm.serverErrors, JSON.stringify(summary)).toBe(0)
    expect(storm.other, JSON.stringify(summary)).toBe(0)
    expect(storm.perRound.map((r) => r.ok)).toEqual(Array(BOOKING_ROUNDS).fill(1))
    expect(storm.conflict).toBe(BOOKING_ROUNDS * (BOOKINGS - 1))
    for (const round of storm.perRound) expect(round.codes).toEqual({ DOUBLE_BOOKING: BOOKINGS - 1 })
    expect(storm.pass).toBe(true)
    for (let round = 0; round < BOOKING_ROUNDS; round++)
      expect(await activeOn(worker.id, dateOf(round))).toHaveLength(1)
  })

  it(`${STATUS_CHANGES} parallel status changes of one task, ${STATUS_ROUNDS} rounds: exactly one lands (one workflow record), the rest 409, 0 5xx`, async () => {
    const worker = await createWorker(t, { name: 'Status Sarala' })
    for (let round = 0; round < STATUS_ROUNDS; round++) {
      const { task } = await createTask(t, { workerId: worker.id })
      const targets = ['work_inprogress', 'cancelled'] as const
      const answers = await withCpuLoad(() =>
        Promise.all(
          Array.from({ length: STATUS_CHANGES }, (_, i) =>
            send(bases[i % bases.length]!, 'PUT', `/api/update-status/${task.id}`, operator, {
              status: targets[i % 2],
            }),
          ),
        ),
      )
      const counted = tally(answers)
      expect(counted.serverErrors, JSON.stringify({ ...counted, logged: logged() })).toBe(0)
      expect(counted.ok).toBe(1)
      expect(counted.conflict).toBe(STATUS_CHANGES - 1)
      const records = await t.database.db.select().from(workflowRecords).where(eq(workflowRecords.taskId, task.id))
      expect(records).toHaveLength(2) // the first 'assigned' and the one change that landed
      const [stored] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id))
      expect(stored!.status).toBe(records.find((r) => r.fromStatus === 'assigned')!.status)
    }
  })

  it('bringing back a cancelled task while its worker’s slot is booked in parallel: exactly one of all of them wins, the rest 409, 0 5xx', async () => {
    const worker = await createWorker(t, { name: 'Revived Ravi' })
    for (let round = 0; round < STATUS_ROUNDS; round++) {
      const date = addDays(todayInIndia(), 400 + round)
      // Its slot 09:30–10:30 overlaps every booking below (each contains 09:29–10:00).
      const { task } = await createTask(t, {
        workerId: worker.id,
        status: 'cancelled',
        date,
        start: '09:30',
        end: '10:30',
      })
      const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
      const answers = await withCpuLoad(() =>
        Promise.all(
          Array.from({ length: STATUS_CHANGES }, (_, i) => {
            const base = bases[i % bases.length]!
            if (i % 2 === 0) {
              return send(base, 'PUT', `/api/update-status/${task.id}`, admin, {
                status: 'assigned',
                reason: 'The customer called back',
              })
            }
            const start = 9 * 60 + (i % 30)
            return send(base, 'POST', '/api/schedule', operator, {
              taskName: `Into the freed slot ${i}`,
              serviceDesc: '',
              workerId: worker.id,
              date,
              startTime: hhmm(start),
              endTime: hhmm(start + 60),
              completionDate: date,
              selectedStatus: 'assigned',
            })
          }),
        ),
      )
      const counted = tally(answers)
      expect(counted.serverErrors, JSON.stringify({ ...counted, logged: logged() })).toBe(0)
      expect(counted.ok, JSON.stringify(counted)).toBe(1)
      expect(counted.conflict).toBe(STATUS_CHANGES - 1)
      expect(await activeOn(worker.id, date)).toHaveLength(1)
    }
  })

  it(`${PAYOUTS} parallel payouts of the same owed tasks, listed in either order: exactly one is recorded, the rest 409, 0 5xx, books balanced`, async () => {
    const p = await people(t)
    const a = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 30_000 })
    const b = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 20_000 })
    expect((await payManually(t, p.operator, a, 30_000)).statusCode).toBe(200)
    expect((await payManually(t, p.operator, b, 20_000)).statusCode).toBe(200)
    const answers = await withCpuLoad(() =>
      Promise.all(
        Array.from({ length: PAYOUTS }, (_, i) =>
          send(bases[i % bases.length]!, 'POST', '/api/payouts', p.operator, {
            worker_id: p.workerId,
            task_ids: i % 2 ? [a, b] : [b, a],
            method: 'upi',
            reference: `UTR storm ${i}`,
          }),
        ),
      ),
    )
    const counted = tally(answers)
    expect(counted.serverErrors, JSON.stringify({ ...counted, logged: logged() })).toBe(0)
    expect(counted.ok).toBe(1)
    expect(counted.conflict).toBe(PAYOUTS - 1)
    const paidOut = await t.database.db
      .select()
      .from(payoutTasks)
      .where(inArray(payoutTasks.taskId, [a, b]))
    expect(paidOut).toHaveLength(2)
    expect(new Set(paidOut.map((x) => x.payoutId)).size).toBe(1)
    await expectBooksBalance(t, p.admin)
  })

  // PGlite is one connection in this process: nothing else can hold a lock while a request waits.
  it.runIf(onPostgres)(
    'PostgreSQL only: a booking that cannot get its worker’s lock within lock_timeout, after every retry, is a 503 with Retry-After; then it books',
    async () => {
      const url = new URL(t.database.pool!.options.connectionString!)
      url.searchParams.set('options', '-c lock_timeout=100')
      const slow = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })
      const app = await buildApp({ config: t.config, database: slow })
      const blocker = await t.database.pool!.connect()
      try {
        const worker = await createWorker(t, { name: 'Locked Lakshmi' })
        const date = addDays(todayInIndia(), 500)
        const book = () =>
          app.inject({
            method: 'POST',
            url: '/api/schedule',
            headers: bearer(operator),
            payload: {
              taskName: 'Behind a held lock',
              serviceDesc: '',
              workerId: worker.id,
              date,
              startTime: '10:00',
              endTime: '11:00',
              completionDate: date,
              selectedStatus: 'assigned',
            },
          })
        await blocker.query('begin')
        await blocker.query('select id from workers where id = $1 for update', [worker.id])
        const busy = await book()
        expect(busy.statusCode).toBe(503)
        expect(busy.headers['retry-after']).toBe('1')
        expect(busy.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
        await blocker.query('rollback')
        expect((await book()).statusCode).toBe(201)
        expect(await activeOn(worker.id, date)).toHaveLength(1)
      } finally {
        await blocker.query('rollback').catch(() => undefined)
        blocker.release()
        await app.close()
        await slow.close()
      }
    },
  )
})

describe('a busy database is a 503 with Retry-After, never a 500', () => {
  it('a deadlock, serialization failure or lock time-out that reaches the error handler answers 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const app = Fastify()
    await app.register(errorHandlerPlugin)
    app.get('/fail/:code', async (req) => {
      const { code } = req.params as { code: string }
      throw Object.assign(new Error(`database said ${code}`), { code })
    })
    try {
      for (const code of ['40P01', '40001', '55P03']) {
        const res = await app.inject({ method: 'GET', url: `/fail/${code}` })
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('1')
        expect(res.json()).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is busy right now. Please try again in a moment.',
        })
      }
      // Anything else unexpected stays a 500 without details.
      expect((await app.inject({ method: 'GET', url: '/fail/XX000' })).statusCode).toBe(500)
    } finally {
      await app.close()
    }
  })
})
