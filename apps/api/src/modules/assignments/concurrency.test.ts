import { ErrorBodySchema } from '@townworks/contract'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { assignments } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

const PARALLEL = 20
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

describe('a worker is never booked twice, however many operators try at once', () => {
  let t: TestApp
  let operator: Session
  let admin: Session
  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    admin = await loginAs(t, 'admin')
  })
  afterAll(() => t.close())

  const stored = async (workerId: number, date: string) =>
    t.database.db
      .select()
      .from(assignments)
      .where(
        and(
          eq(assignments.workerId, workerId),
          eq(assignments.assignmentDate, date),
          ne(assignments.status, 'cancelled'),
        ),
      )

  it(`${PARALLEL} parallel bookings of one worker for overlapping slots: exactly one is stored, the rest are 409s naming the clash`, async () => {
    const worker = await createWorker(t, { name: 'Busy Bhaskar' })
    const date = addDays(todayInIndia(), 40)
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/schedule',
          headers: bearer(operator),
          payload: {
            taskName: `Attempt ${i}`,
            serviceDesc: '',
            workerId: worker.id,
            date,
            // Every slot overlaps every other: all contain 10:00–10:30.
            startTime: `${String(8 + (i % 3)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
            endTime: `${String(11 + (i % 2)).padStart(2, '0')}:00`,
            completionDate: date,
            selectedStatus: 'assigned',
          },
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 1)
    const rows = await stored(worker.id, date)
    expect(rows).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode === 409)) {
      const body = ErrorBodySchema.parse(r.json())
      expect(body.code).toBe('DOUBLE_BOOKING')
      expect(body.message).toContain('Busy Bhaskar')
      expect(body.message).toContain(`assignment ${rows[0]!.id}`)
    }
  })

  it(`${PARALLEL} parallel edits moving different assignments onto one slot: exactly one lands`, async () => {
    const worker = await createWorker(t, { name: 'Moving Mallesh' })
    const date = addDays(todayInIndia(), 41)
    const made = []
    for (let i = 0; i < PARALLEL; i++) {
      const hour = String(i).padStart(2, '0')
      made.push(await createTask(t, { workerId: worker.id, date, start: `${hour}:00`, end: `${hour}:30` }))
    }
    const results = await Promise.all(
      made.map(({ assignment }) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/assignmentupdate',
          headers: bearer(operator),
          payload: {
            assignment_id: assignment.id,
            worker_id: worker.id,
            service_desc: 'moved',
            assignment_date: date,
            start_time: '20:00:00',
            end_time: '21:00:00',
            completion_date: null,
          },
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 1)
    const rows = await stored(worker.id, date)
    expect(rows.filter((r) => r.startTime === '20:00:00')).toHaveLength(1)
    expect(rows).toHaveLength(PARALLEL)
  })

  // Deadlocks between clashing bookings need two transactions inside PostgreSQL at once, which one
  // PGlite connection never has: these run in the API suite's PostgreSQL pass. Each holds a worker's
  // booking lock on a second connection, as a booking in flight does, and shows that a booking
  // through the API waits for it (instead of inserting beside it and deadlocking on the no-overlap
  // constraint), then sees what the first one booked and answers 409.
  const writesThatBook = [
    {
      path: 'POST /api/schedule',
      send: async (workerId: number, date: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/schedule',
          headers: bearer(operator),
          payload: {
            taskName: 'Queued booking',
            serviceDesc: '',
            workerId,
            date,
            startTime: '10:00',
            endTime: '11:00',
            completionDate: date,
            selectedStatus: 'assigned',
          },
        }),
    },
    {
      path: 'PUT /api/assignmentupdate (moving another assignment onto the slot)',
      send: async (workerId: number, date: string) => {
        const { assignment } = await createTask(t, { workerId, date, start: '06:00', end: '07:00' })
        return t.app.inject({
          method: 'PUT',
          url: '/api/assignmentupdate',
          headers: bearer(operator),
          payload: {
            assignment_id: assignment.id,
            worker_id: workerId,
            service_desc: 'moved',
            assignment_date: date,
            start_time: '10:00:00',
            end_time: '11:00:00',
            completion_date: null,
          },
        })
      },
    },
    {
      path: 'PUT /api/update-status/{id} (an admin bringing back a cancelled task)',
      send: async (workerId: number, date: string) => {
        const { task } = await createTask(t, { workerId, date, status: 'cancelled', start: '10:00', end: '11:00' })
        return t.app.inject({
          method: 'PUT',
          url: `/api/update-status/${task.id}`,
          headers: bearer(admin),
          payload: { status: 'assigned', reason: 'The customer called back' },
        })
      },
    },
  ]
  for (const write of writesThatBook) {
    it.runIf(onPostgres)(
      `PostgreSQL only: ${write.path} queues behind a booking of the same worker in flight, then answers 409, not a deadlock`,
      async () => {
        const worker = await createWorker(t, { name: 'Queued Quadri' })
        const date = addDays(todayInIndia(), 60 + writesThatBook.indexOf(write))
        const other = await t.database.pool!.connect()
        try {
          await other.query('begin')
          await other.query('select id from workers where id = $1 for no key update', [worker.id])
          const answer = write.send(worker.id, date)
          // PostgreSQL shows the API's transaction waiting for the worker's lock.
          await vi.waitFor(
            async () => {
              const waiting = await other.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
              )
              expect(waiting.rows[0].n).toBe(1)
            },
            { timeout: 15_000, interval: 50 },
          )
          // The booking in flight takes 10:30–11:30 and commits.
          const task = await other.query(`insert into tasks (task_name) values ('First in line') returning id`)
          const first = await other.query(
            `insert into assignments (task_id, worker_id, assignment_date, start_time, end_time)
             values ($1, $2, $3, '10:30', '11:30') returning id`,
            [task.rows[0].id, worker.id, date],
          )
          await other.query('commit')
          const res = await answer
          expect(res.statusCode).toBe(409)
          expect(ErrorBodySchema.parse(res.json()).code).toBe('DOUBLE_BOOKING')
          const overlapping = (await stored(worker.id, date)).filter(
            (r) => r.startTime < '11:00' && r.endTime > '10:00',
          )
          expect(overlapping.map((r) => r.id)).toEqual([first.rows[0].id])
        } finally {
          await other.query('rollback').catch(() => undefined)
          other.release()
        }
      },
    )
  }
})
