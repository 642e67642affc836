import { MyJobsResponseSchema, WorkflowResponseSchema } from '@townworks/contract'
import { START_CODE_MAX_TRIES } from '@townworks/contract/constants'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, login, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, customerStartCode, officeApp, weekdaysAhead } from '../../../test/fixtures'
import { notifications, tasks, taskStartCodes } from '../../db/schema'
import { OFFICE_START_NOTE } from './tasks.service'

const weekday = weekdaysAhead(40)

describe('the start code proves the worker came (issue 21)', () => {
  const t = officeApp({ town: 'Nirmal' })

  const send = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(s), ...(payload ? { payload } : {}) })

  /** A customer's request, scheduled with the cast's worker: the task waits for its start code. */
  async function bookedJob(workerId = t.workerId) {
    const date = weekday()
    const request = await send(t.customer, 'POST', '/api/servicerequest', {
      name: 'Lakshmi Devi',
      phone: '98480 12345',
      service: 'Plumber',
      service_date: date,
      town: 'Nirmal',
    })
    expect(request.statusCode, request.body).toBeLessThan(300)
    const res = await send(t.operator, 'POST', '/api/schedule', {
      taskName: 'Fix the kitchen tap',
      serviceDesc: '',
      workerId,
      date,
      startTime: '10:00',
      endTime: '12:00',
      requestId: request.json().id,
    })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { taskId: number }).taskId
  }

  const statusOf = async (taskId: number) =>
    (await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)))[0]!.status
  const history = async (taskId: number) =>
    WorkflowResponseSchema.parse((await send(t.operator, 'GET', `/api/workflow/${taskId}`)).json()).workflows
  const start = (s: Session, taskId: number, start_code: string) =>
    send(s, 'POST', `/api/tasks/${taskId}/start`, { start_code })
  const myJob = async (taskId: number) =>
    MyJobsResponseSchema.parse((await send(t.worker, 'GET', '/api/my/jobs')).json()).jobs.find(
      (j) => j.task_id === taskId,
    )
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

  it('the customer sees 4 digits; the worker starts with them, and the history says so', async () => {
    const taskId = await bookedJob()
    const code = await customerStartCode(t, t.customer, taskId)
    expect(code).toMatch(/^\d{4}$/)
    expect((await myJob(taskId))?.start_code).toEqual({ state: 'needed', tries_left: START_CODE_MAX_TRIES })

    const res = await start(t.worker, taskId, code)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ task_id: taskId, status: 'work_inprogress', previous_status: 'assigned' })
    const last = (await history(taskId)).at(-1)!
    expect(last).toMatchObject({ status: 'work_inprogress', proof: 'start_code', notes: null })
    expect(last.by).toBe(t.worker.user.username)
    const [row] = await t.database.db.select().from(taskStartCodes).where(eq(taskStartCodes.taskId, taskId))
    expect(row!.confirmedByUserId).toBe(t.worker.user.id)
    expect(row!.confirmedAt).not.toBeNull()
    // Once started the code is no longer shown to anyone, and a second start is refused.
    await expect(customerStartCode(t, t.customer, taskId)).rejects.toThrow(/No start code/)
    expect((await myJob(taskId))?.start_code).toBeNull()
    expect((await start(t.worker, taskId, code)).statusCode).toBe(409)
  })

  it('a worker cannot start without the code: the plain status change is refused and nothing moves', async () => {
    const taskId = await bookedJob()
    const res = await send(t.worker, 'PUT', `/api/update-status/${taskId}`, { status: 'work_inprogress' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'START_CODE_REQUIRED', details: { tries_left: START_CODE_MAX_TRIES } })
    expect(await statusOf(taskId)).toBe('assigned')
    expect((await history(taskId)).length).toBe(1)
  })

  it(`wrong codes count down; after ${START_CODE_MAX_TRIES} the tries are used up and the office is told once`, async () => {
    const taskId = await bookedJob()
    const code = await customerStartCode(t, t.customer, taskId)
    const wrong = wrongCodeFor(code)
    for (let left = START_CODE_MAX_TRIES - 1; left >= 1; left--) {
      const res = await start(t.worker, taskId, wrong)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'CODE_WRONG', details: { tries_left: left } })
    }
    const last = await start(t.worker, taskId, wrong)
    expect(last.statusCode).toBe(410)
    expect(last.json()).toMatchObject({ code: 'CODE_TRIES_USED', details: { tries_left: 0 } })
    // Even the right code is refused now, and the task has not moved.
    expect((await start(t.worker, taskId, code)).statusCode).toBe(410)
    expect(await statusOf(taskId)).toBe('assigned')
    expect((await myJob(taskId))?.start_code).toEqual({ state: 'used_up', tries_left: 0 })
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'start_code_tries_used'), eq(notifications.taskId, taskId)))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.body).toContain(`job #${taskId}`)
    expect(alerts[0]!.body).not.toContain(code)
  })

  it('the office may start without the code; its reason (or a plain note) stays in the history', async () => {
    const withReason = await bookedJob()
    const res = await send(t.operator, 'PUT', `/api/update-status/${withReason}`, {
      status: 'work_inprogress',
      reason: 'The customer is away; her son let the worker in',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await history(withReason)).at(-1)).toMatchObject({
      status: 'work_inprogress',
      notes: 'The customer is away; her son let the worker in',
      proof: null,
    })
    // The seed's own client sends no reason: the start is still recorded as made without the code.
    const plain = await bookedJob()
    expect(
      (await send(t.operator, 'PUT', `/api/update-status/${plain}`, { status: 'work_inprogress' })).statusCode,
    ).toBe(200)
    expect((await history(plain)).at(-1)).toMatchObject({ notes: OFFICE_START_NOTE, proof: null })
  })

  it("another worker's task reads as missing, a bad code is a 400 that counts no try, customers may not call it", async () => {
    const taskId = await bookedJob()
    const code = await customerStartCode(t, t.customer, taskId)
    const otherUser = await createUser(t, 'worker')
    await createWorker(t, { name: 'Other Worker', town: 'Nirmal', userId: otherUser.id })
    const other = await login(t, otherUser)
    expect((await start(other, taskId, code)).statusCode).toBe(404)
    for (const bad of ['12a4', '123', '12345', ' ', '١٢٣٤']) {
      const res = await start(t.worker, taskId, bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    expect((await myJob(taskId))?.start_code).toEqual({ state: 'needed', tries_left: START_CODE_MAX_TRIES })
    expect((await start(t.customer, taskId, code)).statusCode).toBe(403)
    expect((await start(t.worker, 987_654, code)).statusCode).toBe(404)
    expect(await statusOf(taskId)).toBe('assigned')
  })

  it('a task with no start code (booked before codes existed) just starts by its worker', async () => {
    const { task } = await createTask(t, { workerId: t.workerId })
    expect((await myJob(task.id))?.start_code ?? null).toBeNull()
    const res = await send(t.worker, 'PUT', `/api/update-status/${task.id}`, { status: 'work_inprogress' })
    expect(res.statusCode, res.body).toBe(200)
  })
})
