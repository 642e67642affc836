import {
  ErrorBodySchema,
  NEW_TASK_STATUSES,
  ScheduleResponseSchema,
  TaskDetailsResponseSchema,
  WorkflowResponseSchema,
} from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, weekdaysAhead } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import {
  assignments,
  serviceRequests,
  services,
  tasks,
  towns,
  workerDaysOff,
  workerHours,
  workers,
} from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

/** A distinct future Monday-to-Saturday date per call. */
const futureDate = weekdaysAhead(30)

describe('POST /api/schedule: a task and its assignment in one transaction', () => {
  let t: TestApp
  let operator: Session
  let admin: Session
  let plumber: Awaited<ReturnType<typeof createWorker>>

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    admin = await loginAs(t, 'admin')
    plumber = await createWorker(t, { name: 'Pipe Prasad', town: 'Armoor', service: 'Plumber' })
  })
  afterAll(() => t.close())

  const schedule = (s: Session | undefined, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/schedule', headers: s ? bearer(s) : {}, payload: body })

  const body = (over: object = {}) => ({
    taskName: 'Fix the kitchen tap',
    serviceDesc: 'Leaking tap, bring washers',
    workerId: plumber.id,
    date: futureDate(),
    startTime: '10:00',
    endTime: '12:00',
    completionDate: '',
    selectedStatus: 'assigned',
    ...over,
  })

  const count = async () => {
    const db = t.database.db
    return {
      tasks: (await db.select({ id: tasks.id }).from(tasks)).length,
      assignments: (await db.select({ id: assignments.id }).from(assignments)).length,
    }
  }

  async function openRequest(over: { service?: string; town?: string; state?: 'open' | 'scheduled' } = {}) {
    const db = t.database.db
    const [service] = await db
      .select()
      .from(services)
      .where(eq(services.name, over.service ?? 'Plumber'))
    const [town] = await db
      .select()
      .from(towns)
      .where(eq(towns.name, over.town ?? 'Armoor'))
    const [request] = await db
      .insert(serviceRequests)
      .values({
        name: 'Sujatha',
        phone: '+919949012345',
        serviceId: service!.id,
        townId: town!.id,
        serviceDate: futureDate(),
        state: over.state ?? 'open',
      })
      .returning()
    return request!
  }

  it('creates the task, its assignment and one workflow record, and answers 201 with the ids', async () => {
    const b = body({ completionDate: undefined })
    const res = await schedule(operator, b)
    expect(res.statusCode, res.body).toBe(201)
    const { taskId, assignmentId, message } = ScheduleResponseSchema.parse(res.json())
    expect(message).toBe('Schedule created')
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/taskdetails?assignmentId=${assignmentId}`,
      headers: bearer(operator),
    })
    expect(TaskDetailsResponseSchema.parse(details.json()).assignmentdetails).toEqual({
      assignment_id: assignmentId,
      task_id: taskId,
      worker_id: plumber.id,
      task_name: 'Fix the kitchen tap',
      service_desc: 'Leaking tap, bring washers',
      assignment_date: b.date,
      completion_date: null,
      start_time: '10:00',
      end_time: '12:00',
      status: 'assigned',
      // The seed's form sends neither: the worker's town and only service.
      service: 'Plumber',
      town: 'Armoor',
    })
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${taskId}`, headers: bearer(operator) })
    const { workflows } = WorkflowResponseSchema.parse(wf.json())
    expect(workflows).toHaveLength(1)
    expect(workflows[0]).toMatchObject({ status: 'assigned', from_status: null, by: operator.user.username })
  })

  it('accepts the seed client’s shapes: workerId as a string of digits, times with seconds', async () => {
    const res = await schedule(
      admin,
      body({ workerId: String(plumber.id), startTime: '13:00:00', endTime: '14:30:00' }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const [row] = await t.database.db
      .select()
      .from(assignments)
      .where(eq(assignments.id, ScheduleResponseSchema.parse(res.json()).assignmentId))
    expect(row).toMatchObject({ startTime: '13:00:00', endTime: '14:30:00', completionDate: null })
  })

  it('takes the seed client’s untouched status select ("") as assigned', async () => {
    const res = await schedule(operator, body({ selectedStatus: '', startTime: '15:00', endTime: '16:00' }))
    expect(res.statusCode, res.body).toBe(201)
    const { taskId } = ScheduleResponseSchema.parse(res.json())
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskId))
    expect(task!.status).toBe('assigned')
    expect(NEW_TASK_STATUSES).toEqual(['assigned'])
  })

  it('schedules a request: takes its service and town, and marks it scheduled', async () => {
    const request = await openRequest()
    const res = await schedule(operator, body({ requestId: request.id }))
    expect(res.statusCode, res.body).toBe(201)
    const { taskId } = ScheduleResponseSchema.parse(res.json())
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskId))
    expect(task).toMatchObject({ requestId: request.id, serviceId: request.serviceId, townId: request.townId })
    const [after] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id))
    expect(after!.state).toBe('scheduled')
  })

  it('a request already scheduled is a 409, and nothing is stored', async () => {
    const request = await openRequest({ state: 'scheduled' })
    const before = await count()
    const res = await schedule(operator, body({ requestId: request.id }))
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('CONFLICT')
    expect(await count()).toEqual(before)
  })

  it('an unknown request is a 404', async () => {
    const res = await schedule(operator, body({ requestId: 999_999 }))
    expect(res.statusCode).toBe(404)
  })

  it('a worker who does not offer the request’s service in its town is refused, and the request stays open', async () => {
    const request = await openRequest({ service: 'Electrician' })
    const res = await schedule(operator, body({ requestId: request.id }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'CONFLICT', issues: [{ path: 'workerId' }] })
    const [after] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id))
    expect(after!.state).toBe('open')
  })

  it('a service or town that contradicts the request is a 400', async () => {
    const request = await openRequest()
    const res = await schedule(operator, body({ requestId: request.id, town: 'Nirmal' }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ issues: [{ path: 'town' }] })
  })

  it('without a request, the chosen service and town are checked against the worker', async () => {
    expect((await schedule(operator, body({ service: 'Plumber', town: 'Nirmal' }))).statusCode).toBe(409)
    expect((await schedule(operator, body({ service: 'Painter', town: 'Armoor' }))).statusCode).toBe(409)
    const ok = await schedule(operator, body({ service: 'Plumber', town: 'Armoor' }))
    expect(ok.statusCode, ok.body).toBe(201)
  })

  it('double booking a worker is a 409 naming the clash; touching slots are fine', async () => {
    const date = futureDate()
    const first = await schedule(operator, body({ date, startTime: '09:00', endTime: '11:00' }))
    expect(first.statusCode).toBe(201)
    const { assignmentId } = ScheduleResponseSchema.parse(first.json())
    const before = await count()
    const clash = await schedule(operator, body({ date, startTime: '10:30', endTime: '12:00' }))
    expect(clash.statusCode).toBe(409)
    const err = ErrorBodySchema.parse(clash.json())
    expect(err.code).toBe('DOUBLE_BOOKING')
    expect(err.message).toContain('Pipe Prasad')
    expect(err.message).toContain('09:00–11:00')
    expect(err.details).toMatchObject({ clash: { assignmentId } })
    expect(await count()).toEqual(before)
    expect((await schedule(operator, body({ date, startTime: '11:00', endTime: '12:00' }))).statusCode).toBe(201)
  })

  it('a cancelled assignment frees its slot', async () => {
    const date = futureDate()
    const { task } = await createTask(t, {
      workerId: plumber.id,
      date,
      start: '14:00',
      end: '16:00',
      status: 'cancelled',
    })
    expect(task.status).toBe('cancelled')
    const res = await schedule(operator, body({ date, startTime: '14:00', endTime: '16:00' }))
    expect(res.statusCode, res.body).toBe(201)
  })

  it('an unknown worker is a 404 on the worker field; a deactivated one a 409', async () => {
    const unknown = await schedule(operator, body({ workerId: 999_999 }))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', issues: [{ path: 'workerId' }] })
    const retired = await createWorker(t, { name: 'Retired Ramulu' })
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, retired.id))
    const res = await schedule(operator, body({ workerId: retired.id }))
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('deactivated')
  })

  it('outside working hours or on a day off is a 409', async () => {
    const w = await createWorker(t, { name: 'Hours Hari' })
    const date = futureDate()
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    await t.database.db.insert(workerHours).values({ workerId: w.id, weekday, startTime: '08:00', endTime: '12:00' })
    expect(
      (await schedule(operator, body({ workerId: w.id, date, startTime: '11:00', endTime: '13:00' }))).statusCode,
    ).toBe(409)
    const dayOff = addDays(date, 7)
    await t.database.db
      .insert(workerHours)
      .values({ workerId: w.id, weekday: (weekday + 1) % 7, startTime: '08:00', endTime: '12:00' })
    await t.database.db.insert(workerDaysOff).values({ workerId: w.id, day: dayOff })
    expect(
      (await schedule(operator, body({ workerId: w.id, date: dayOff, startTime: '09:00', endTime: '10:00' })))
        .statusCode,
    ).toBe(409)
    expect(
      (await schedule(operator, body({ workerId: w.id, date, startTime: '09:00', endTime: '10:00' }))).statusCode,
    ).toBe(201)
  })

  it.each([
    ['a missing task name', { taskName: '  ' }, 'taskName'],
    ['a worker id that is not a number', { workerId: 'abc' }, 'workerId'],
    ['an empty worker id', { workerId: '' }, 'workerId'],
    ['a fractional worker id', { workerId: 1.5 }, 'workerId'],
    ['an end before the start', { startTime: '12:00', endTime: '10:00' }, 'endTime'],
    ['an end equal to the start', { startTime: '10:00', endTime: '10:00' }, 'endTime'],
    ['a time that is not a time', { startTime: '25:00' }, 'startTime'],
    ['a date that is not a date', { date: '2031-02-30' }, 'date'],
    ['a completion before the day', { completionDate: '2020-01-01' }, 'completionDate'],
    ['a first status other than assigned', { selectedStatus: 'task_completed' }, 'selectedStatus'],
    ['a status that does not exist', { selectedStatus: 'done' }, 'selectedStatus'],
    ['an unknown service', { service: 'Astrologer' }, 'service'],
    ['an unknown field', { priority: 'high' }, undefined],
  ])('%s is a 400 naming the field, and nothing is stored', async (_label, over, field) => {
    const before = await count()
    const res = await schedule(operator, body(over))
    expect(res.statusCode, res.body).toBe(400)
    const err = ErrorBodySchema.parse(res.json())
    expect(err.code).toBe('VALIDATION_FAILED')
    if (field) expect(err.issues?.map((i) => i.path)).toContain(field)
    expect(await count()).toEqual(before)
  })

  it('a date in the past is a 400', async () => {
    const res = await schedule(operator, body({ date: addDays(todayInIndia(), -1) }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ issues: [{ path: 'date' }] })
  })

  it('needs a login (401) and a staff role (403 for customers and workers)', async () => {
    expect((await schedule(undefined, body())).statusCode).toBe(401)
    expect((await schedule(await loginAs(t, 'customer'), body())).statusCode).toBe(403)
    expect((await schedule(await loginAs(t, 'worker'), body())).statusCode).toBe(403)
  })
})
