import {
  ASSIGNMENT_DETAILS_COUNT_AHEAD,
  AssignmentDetailsResponseSchema,
  AssignmentIdsResponseSchema,
  AssignmentsResponseSchema,
  type AssignmentDetailRow,
} from '@townworks/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { seedDemoData } from '../../db/seed/demo'

describe('assignment reads: rows, ids and the Assignment Details table', () => {
  let t: TestApp
  let operator: Session
  let workerId: number

  beforeAll(async () => {
    t = await createTestApp()
    await seedDemoData(t.database.db)
    operator = await loginAs(t, 'operator')
    workerId = (await createWorker(t, { name: 'Zeta Zakir' })).id
    for (let i = 0; i < 6; i++) {
      await createTask(t, {
        workerId,
        date: `2032-01-${String(10 + i).padStart(2, '0')}`,
        status: i % 2 ? 'work_inprogress' : 'assigned',
      })
    }
  })
  afterAll(() => t.close())

  const get = (url: string, s: Session | null = operator) =>
    t.app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} })
  const details = async (qs = '') => {
    const res = await get(`/api/assignmentdetails${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    return AssignmentDetailsResponseSchema.parse(res.json())
  }

  it('GET /api/assignments answers rows whose first element is the assignment id', async () => {
    const res = await get('/api/assignments')
    expect(res.statusCode).toBe(200)
    const { assignments } = AssignmentsResponseSchema.parse(res.json())
    expect(assignments.length).toBe(13)
    const ids = assignments.map((r) => r[0])
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    // The seed's row, element by element: [assignment_id, task_id, worker_id, task_name, status].
    const newest = await t.database.db.execute(
      sql`select a.id, a.task_id, a.worker_id, t.task_name, a.status from assignments a
          join tasks t on t.id = a.task_id order by a.id desc limit 1`,
    )
    const row = (newest as unknown as { rows: Record<string, unknown>[] }).rows[0]!
    expect(assignments[0]).toEqual([row.id, row.task_id, row.worker_id, row.task_name, row.status])
    expect(assignments[0]![2]).toBe(workerId)
  })

  it('GET /api/assignment-ids answers plain numbers', async () => {
    const res = await get('/api/assignment-ids')
    const { assignmentIds } = AssignmentIdsResponseSchema.parse(res.json())
    expect(assignmentIds).toHaveLength(13)
    expect(assignmentIds.every((id) => typeof id === 'number')).toBe(true)
  })

  it('the seed’s call without parameters gets the first page, newest first, with the seed’s keys', async () => {
    const page = await details()
    expect(page).toMatchObject({ total: 13, page: 1, pageSize: 50 })
    const first = page.assignmentdetails[0]!
    for (const key of [
      'requester',
      'phone',
      'worker_name',
      'task_id',
      'task_name',
      'status',
      'assignment_id',
      'created_date',
      'assignment_date',
      'completion_date',
    ]) {
      expect(first).toHaveProperty(key)
    }
    const ids = page.assignmentdetails.map((r) => r.assignment_id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Date(first.created_date).toString()).not.toBe('Invalid Date')
    expect(page.assignmentdetails.find((r) => r.worker_name === 'Ravi Kumar')?.requester).toBeTruthy()
  })

  it('filters by status, town, worker and date range, and says how many match', async () => {
    const byWorker = await details(`?workerId=${workerId}`)
    expect(byWorker.total).toBe(6)
    expect(byWorker.assignmentdetails.every((r) => r.worker_id === workerId)).toBe(true)
    const inProgress = await details(`?workerId=${workerId}&status=work_inprogress`)
    expect(inProgress.total).toBe(3)
    const range = await details(`?workerId=${workerId}&from=2032-01-11&to=2032-01-13`)
    expect(range.assignmentdetails.map((r) => r.assignment_date).sort()).toEqual([
      '2032-01-11',
      '2032-01-12',
      '2032-01-13',
    ])
    const town = await details('?town=Nirmal')
    expect(town.total).toBeGreaterThan(0)
    expect(town.assignmentdetails.every((r: AssignmentDetailRow) => r.town === 'Nirmal')).toBe(true)
    // Towns are rows (decision 048): a town that is no row finds nothing, as a filter does.
    expect(await details('?town=Hyderabad')).toMatchObject({ total: 0, assignmentdetails: [] })
  })

  it('sorts by a column either way, and pages without repeating rows', async () => {
    const asc = await details(`?workerId=${workerId}&sort=assignment_date&order=asc`)
    expect(asc.assignmentdetails.map((r) => r.assignment_date)).toEqual([
      '2032-01-10',
      '2032-01-11',
      '2032-01-12',
      '2032-01-13',
      '2032-01-14',
      '2032-01-15',
    ])
    const p1 = await details('?pageSize=5&page=1&sort=status')
    const p2 = await details('?pageSize=5&page=2&sort=status')
    const p3 = await details('?pageSize=5&page=3&sort=status')
    const all = [...p1.assignmentdetails, ...p2.assignmentdetails, ...p3.assignmentdetails].map((r) => r.assignment_id)
    expect(all).toHaveLength(13)
    expect(new Set(all).size).toBe(13)
    expect((await details('?page=99')).assignmentdetails).toEqual([])
  })

  it('a text search finds task names, people and phone numbers; wildcards are literal', async () => {
    const ravi = await details('?q=ravi')
    expect(ravi.total).toBeGreaterThan(0)
    expect(ravi.assignmentdetails.every((r) => /ravi/i.test(`${r.worker_name} ${r.task_name} ${r.requester}`))).toBe(
      true,
    )
    expect((await details('?q=9848012345')).total).toBeGreaterThan(0)
    expect((await details('?q=%25')).total).toBe(0)
    const one = await details(`?q=${ravi.assignmentdetails[0]!.assignment_id}`)
    expect(one.assignmentdetails.map((r) => r.assignment_id)).toContain(ravi.assignmentdetails[0]!.assignment_id)
  })

  it.each([
    ['?status=finished'],
    [`?town=${'x'.repeat(200)}`],
    ['?pageSize=1000'],
    ['?page=0'],
    ['?sort=password'],
    ['?order=sideways'],
    ['?from=2032-13-01'],
    ['?from=2032-02-01&to=2032-01-01'],
    ['?workerId=abc'],
  ])('bad parameters %s are a 400', async (qs) => {
    const res = await get(`/api/assignmentdetails${qs}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('every read needs a staff login', async () => {
    const customer = await loginAs(t, 'customer')
    const worker = await loginAs(t, 'worker')
    for (const url of ['/api/assignments', '/api/assignment-ids', '/api/assignmentdetails', '/api/task-details/1']) {
      expect((await get(url, null)).statusCode, url).toBe(401)
      expect((await get(url, customer)).statusCode, url).toBe(403)
      expect((await get(url, worker)).statusCode, url).toBe(403)
    }
  })
})

describe('Assignment Details counts a large list only so far past the page (decision 014)', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    const worker = await createWorker(t, { name: 'Bulk Worker' })
    // 1 200 assignments on distinct days, made with set-based SQL.
    await t.database.db.execute(sql`
      with made as (
        insert into tasks (task_name) select 'Bulk task ' || g from generate_series(1, 1200) g returning id
      )
      insert into assignments (task_id, worker_id, assignment_date, start_time, end_time)
      select id, ${worker.id}, date '2040-01-01' + (row_number() over (order by id))::int, '09:00', '10:00' from made`)
  })
  afterAll(() => t.close())

  const details = async (qs: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/assignmentdetails${qs}`, headers: bearer(operator) })
    expect(res.statusCode, res.body).toBe(200)
    return AssignmentDetailsResponseSchema.parse(res.json())
  }

  it('on the first page: the rows up to 1 000 past it, and "more than" that', async () => {
    const first = await details('?pageSize=25')
    expect(first.assignmentdetails).toHaveLength(25)
    expect(first).toMatchObject({ total: 25 + ASSIGNMENT_DETAILS_COUNT_AHEAD, totalExact: false })
  })

  it('further on, the count reaches the end and is exact', async () => {
    const later = await details('?pageSize=25&page=20')
    expect(later).toMatchObject({ total: 1200, totalExact: true })
    const last = await details('?pageSize=25&page=48')
    expect(last.assignmentdetails).toHaveLength(25)
    expect(last).toMatchObject({ total: 1200, totalExact: true })
  })

  it('a filter that needs the joins is bounded the same way', async () => {
    const filtered = await details('?pageSize=50&q=Bulk')
    expect(filtered).toMatchObject({ total: 50 + ASSIGNMENT_DETAILS_COUNT_AHEAD, totalExact: false })
    const narrow = await details('?q=Bulk%20task%20117')
    // "Bulk task 117" and "Bulk task 1170" … "Bulk task 1179": eleven.
    expect(narrow).toMatchObject({ total: 11, totalExact: true })
  })
})
