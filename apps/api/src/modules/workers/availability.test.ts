import {
  AvailabilityResponseSchema,
  ErrorBodySchema,
  MyJobsResponseSchema,
  SaveAvailabilityResponseSchema,
} from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { addDays, todayInIndia } from '../../shared/dates'

const WEEK = {
  hours: [
    { weekday: 1, start_time: '09:00', end_time: '17:00' },
    { weekday: 3, start_time: '10:00:00', end_time: '14:00:00' },
  ],
  days_off: ['2031-03-05', '2031-03-01', '2031-03-05'],
}

describe("a worker's time and jobs: /api/workers/{id}/availability and /api/my/jobs", () => {
  let t: TestApp
  let operator: Session
  let ravi: Session
  let raviWorkerId: number
  let other: Session
  let otherWorkerId: number

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    const raviUser = await createUser(t, 'worker')
    ravi = await login(t, raviUser)
    raviWorkerId = (await createWorker(t, { name: 'Ravi', userId: raviUser.id })).id
    const otherUser = await createUser(t, 'worker')
    other = await login(t, otherUser)
    otherWorkerId = (await createWorker(t, { name: 'Other', userId: otherUser.id })).id
  })
  afterAll(() => t.close())

  const get = (s: Session | undefined, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/workers/${id}/availability`, headers: s ? bearer(s) : {} })
  const put = (s: Session | undefined, id: number, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/workers/${id}/availability`,
      headers: s ? bearer(s) : {},
      payload: body as object,
    })

  it('a worker with no hours stored is shown as available any time', async () => {
    const res = await get(operator, otherWorkerId)
    expect(res.statusCode).toBe(200)
    expect(AvailabilityResponseSchema.parse(res.json()).availability).toMatchObject({
      worker_id: otherWorkerId,
      always_available: true,
      hours: [],
      days_off: [],
    })
  })

  it('a worker sets their own week and days off, and reads them back', async () => {
    const res = await put(ravi, raviWorkerId, WEEK)
    expect(res.statusCode).toBe(200)
    const saved = SaveAvailabilityResponseSchema.parse(res.json())
    expect(saved.availability).toMatchObject({
      always_available: false,
      hours: [
        { weekday: 1, start_time: '09:00:00', end_time: '17:00:00' },
        { weekday: 3, start_time: '10:00:00', end_time: '14:00:00' },
      ],
      days_off: ['2031-03-01', '2031-03-05'],
    })
    const back = AvailabilityResponseSchema.parse((await get(ravi, raviWorkerId)).json())
    expect(back.availability).toEqual(saved.availability)
  })

  it('suggestions follow the new week: a Tuesday is no longer worked', async () => {
    await put(operator, raviWorkerId, WEEK)
    // 2031-03-04 is a Tuesday, 2031-03-03 a Monday.
    const ask = (date: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/workers/suggestions?service=Plumber&town=Armoor&date=${date}&startTime=10:00&endTime=11:00`,
        headers: bearer(operator),
      })
    const ids = async (date: string) => ((await ask(date)).json() as { workers: { worker_id: number }[] }).workers
    expect((await ids('2031-03-04')).map((w) => w.worker_id)).not.toContain(raviWorkerId)
    expect((await ids('2031-03-03')).map((w) => w.worker_id)).toContain(raviWorkerId)
  })

  it('a worker cannot read or change another worker’s time (403), and nothing changes', async () => {
    const before = (await get(operator, otherWorkerId)).json()
    expect((await get(ravi, otherWorkerId)).statusCode).toBe(403)
    const res = await put(ravi, otherWorkerId, WEEK)
    expect(res.statusCode).toBe(403)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('FORBIDDEN')
    expect((await get(operator, otherWorkerId)).json()).toEqual(before)
  })

  it('customers get 403, visitors 401, and an unknown worker 404', async () => {
    const customer = await loginAs(t, 'customer')
    expect((await get(customer, raviWorkerId)).statusCode).toBe(403)
    expect((await put(customer, raviWorkerId, WEEK)).statusCode).toBe(403)
    expect((await get(undefined, raviWorkerId)).statusCode).toBe(401)
    expect((await get(operator, 999_999)).statusCode).toBe(404)
    expect((await put(operator, 999_999, WEEK)).statusCode).toBe(404)
  })

  it.each([
    ['no working day', { hours: [], days_off: [] }],
    ['a weekday of 7', { hours: [{ weekday: 7, start_time: '09:00', end_time: '10:00' }], days_off: [] }],
    ['an end before the start', { hours: [{ weekday: 1, start_time: '17:00', end_time: '09:00' }], days_off: [] }],
    [
      'a day twice',
      {
        hours: [
          { weekday: 1, start_time: '09:00', end_time: '10:00' },
          { weekday: 1, start_time: '11:00', end_time: '12:00' },
        ],
        days_off: [],
      },
    ],
    ['a bad time', { hours: [{ weekday: 1, start_time: '9am', end_time: '10:00' }], days_off: [] }],
    ['a bad date off', { hours: [{ weekday: 1, start_time: '09:00', end_time: '10:00' }], days_off: ['2031-02-30'] }],
    ['no days_off list', { hours: [{ weekday: 1, start_time: '09:00', end_time: '10:00' }] }],
    ['an extra field', { ...WEEK, note: 'x' }],
  ])('%s is a 400 and changes nothing', async (_label, body) => {
    await put(operator, raviWorkerId, WEEK)
    const before = (await get(operator, raviWorkerId)).json()
    const res = await put(ravi, raviWorkerId, body)
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
    expect((await get(operator, raviWorkerId)).json()).toEqual(before)
  })

  it('saving time that no longer covers a booked job lists that job', async () => {
    const worker = await createWorker(t, { name: 'Booked' })
    const date = addDays(todayInIndia(), 3)
    const { assignment, request } = await createTask(t, { workerId: worker.id, date, start: '10:00', end: '12:00' })
    const res = await put(operator, worker.id, {
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '08:00', end_time: '18:00' })),
      days_off: [date],
    })
    expect(res.statusCode).toBe(200)
    const saved = SaveAvailabilityResponseSchema.parse(res.json())
    expect(saved.conflicts.map((c) => c.assignment_id)).toEqual([assignment.id])
    // Named as a person names the job: its request's reference.
    expect(saved.conflicts[0]!.reference).toBe(`TW-${String(request.id).padStart(6, '0')}`)
  })

  it('a worker sees only their own jobs, with the customer and the task', async () => {
    const today = todayInIndia()
    const mine = await createTask(t, { workerId: raviWorkerId, date: today, start: '13:00', end: '14:00' })
    const upcoming = await createTask(t, {
      workerId: raviWorkerId,
      date: addDays(today, 1),
      start: '09:00',
      end: '10:00',
    })
    const past = await createTask(t, {
      workerId: raviWorkerId,
      date: addDays(today, -5),
      start: '09:00',
      end: '10:00',
      status: 'work_completed',
    })
    const theirs = await createTask(t, { workerId: otherWorkerId, date: today, start: '13:00', end: '14:00' })
    const res = await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(ravi) })
    expect(res.statusCode).toBe(200)
    const body = MyJobsResponseSchema.parse(res.json())
    // Their standing (issue 21): no ratings yet; the finished job of five days ago counts as done.
    expect(body.worker).toEqual({
      worker_id: raviWorkerId,
      name: 'Ravi',
      rating_avg: null,
      rating_count: 0,
      jobs_done: 1,
      photo_url: null,
      languages: [],
    })
    expect(body.today).toBe(today)
    const ids = body.jobs.map((j) => j.task_id)
    expect(ids).toContain(mine.task.id)
    expect(ids).toContain(upcoming.task.id)
    expect(ids).not.toContain(past.task.id)
    expect(ids).not.toContain(theirs.task.id)
    expect(body.jobs.find((j) => j.task_id === mine.task.id)).toMatchObject({
      task_name: 'Fix the tap',
      customer_name: 'Customer',
      customer_phone: '+919848012345',
      town: 'Armoor',
      service_name: 'Plumber',
      status: 'assigned',
      start_time: '13:00:00',
    })
  })

  it('a worker cannot move another worker’s job (403) and it stays as it was', async () => {
    const theirs = await createTask(t, { workerId: otherWorkerId })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-status/${theirs.task.id}`,
      headers: bearer(ravi),
      payload: { status: 'work_inprogress', expectedStatus: 'assigned' },
    })
    expect(res.statusCode).toBe(403)
    const jobs = MyJobsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(other) })).json(),
    ).jobs
    expect(jobs.find((j) => j.task_id === theirs.task.id)?.status).toBe('assigned')
  })

  it('a worker login with no worker profile gets an empty list; other roles may not ask', async () => {
    const lone = await loginAs(t, 'worker')
    const res = await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(lone) })
    expect(MyJobsResponseSchema.parse(res.json())).toMatchObject({ worker: null, jobs: [] })
    expect((await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(operator) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/my/jobs' })).statusCode).toBe(401)
  })
})
