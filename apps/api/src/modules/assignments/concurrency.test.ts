import { ErrorBodySchema } from '@townworks/contract'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { assignments } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

const PARALLEL = 20

describe('a worker is never booked twice, however many operators try at once', () => {
  let t: TestApp
  let operator: Session
  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
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
})
