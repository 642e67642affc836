import { formatDate, OwedResponseSchema, TaskChargesResponseSchema } from '@townworks/contract'
import { asc, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { officeApp, startWithCustomerCode, weekdaysAhead } from '../../../test/fixtures'
import { notifications, tasks } from '../../db/schema'
import { createDispatcher } from './dispatcher'
import { createLogProvider } from './providers/log-provider'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** Monday-to-Saturday dates some weeks ahead, one per call. */
const weekday = weekdaysAhead(20)

describe('every step of a task that should reach a person produces exactly one message to them', () => {
  const t = officeApp()

  const messages = async () =>
    (await t.database.db.select().from(notifications).orderBy(asc(notifications.id))).map((n) => ({
      event: n.event,
      to: n.to,
      recipient: n.recipientUserId,
      body: n.body,
    }))

  it('request received → scheduled → rebooked → work → payment → payout → closed', async () => {
    const step = async (expected: { event: string; recipient: number | null }[], action: () => Promise<number>) => {
      const before = (await messages()).length
      expect(await action()).toBeLessThan(300)
      const added = (await messages()).slice(before)
      expect(added.map((m) => ({ event: m.event, recipient: m.recipient }))).toEqual(expected)
      return added
    }
    const c = t.customer.user.id
    const w = t.worker.user.id

    // A customer asks for a plumber.
    let requestId = 0
    const [received] = await step([{ event: 'request_received', recipient: c }], async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/servicerequest',
        headers: bearer(t.customer),
        payload: {
          name: 'Lakshmi',
          phone: '98480 12345',
          service: 'Plumber',
          service_date: weekday(),
          town: 'Armoor',
        },
      })
      requestId = res.json().id
      return res.statusCode
    })
    expect(received).toMatchObject({ to: '+919848012345', body: expect.stringContaining('TW-') })

    // An operator schedules it with a worker: the customer and the worker hear of it.
    let assignmentId = 0
    let taskId = 0
    const date = weekday()
    const booked = await step(
      [
        { event: 'task_assigned', recipient: c },
        { event: 'job_assigned', recipient: w },
      ],
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/schedule',
          headers: bearer(t.operator),
          payload: {
            taskName: 'Fix the tap',
            serviceDesc: '',
            workerId: t.workerId,
            date,
            startTime: '10:00',
            endTime: '12:00',
            requestId,
          },
        })
        ;({ assignmentId, taskId } = res.json())
        return res.statusCode
      },
    )
    expect(booked[0]!.body).toContain(`${formatDate(date, 'en')} at 10:00. Worker: Ravi Kumar`)
    // The customer's message carries the start code for the door (issue 21); the worker's never does.
    const code = /Start code (\d{4}): tell it to the worker at your door/.exec(booked[0]!.body)?.[1]
    expect(code).toMatch(/^\d{4}$/)
    expect(booked[1]!.body).not.toContain(code)

    // Saving the edit form unchanged sends nothing; moving it to another worker sends the new booking.
    const update = (over: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/assignmentupdate',
        headers: bearer(t.operator),
        payload: {
          assignment_id: assignmentId,
          worker_id: t.workerId,
          service_desc: '',
          assignment_date: date,
          start_time: '10:00:00',
          end_time: '12:00:00',
          completion_date: '',
          ...over,
        },
      })
    await step([], async () => (await update({})).statusCode)
    // Another worker: the customer hears of the move, the first worker that it was taken off them,
    // the new worker of a new job.
    const moved = await step(
      [
        { event: 'task_moved', recipient: c },
        { event: 'job_removed', recipient: w },
        { event: 'job_assigned', recipient: null },
      ],
      async () =>
        (await update({ worker_id: t.otherWorkerId, start_time: '14:00:00', end_time: '16:00:00' })).statusCode,
    )
    expect(moved[0]!.body).toContain('is moved to')
    expect(moved[0]!.body).toContain('at 14:00. Worker: Srinivas Reddy')
    expect(moved[1]!.body).toContain('is no longer yours')
    await step(
      [
        { event: 'task_moved', recipient: c },
        { event: 'job_removed', recipient: null },
        { event: 'job_assigned', recipient: w },
      ],
      async () => (await update({ worker_id: t.workerId, start_time: '15:00:00', end_time: '17:00:00' })).statusCode,
    )
    // The same worker at another time: "moved" to both, not a second "new job".
    const retimed = await step(
      [
        { event: 'task_moved', recipient: c },
        { event: 'job_moved', recipient: w },
      ],
      async () => (await update({ start_time: '16:00:00', end_time: '18:00:00' })).statusCode,
    )
    expect(retimed[1]!.body).toContain(`job #${taskId} is moved to ${formatDate(date, 'en')} at 16:00`)
    // Saving that booking again sends nothing more.
    await step([], async () => (await update({ start_time: '16:00:00', end_time: '18:00:00' })).statusCode)
    // Every message since the booking names its task (the job page lists them).
    const written = await t.database.db.select().from(notifications)
    expect(written.filter((r) => r.event !== 'request_received').every((r) => r.taskId === taskId)).toBe(true)

    const status = (s: Session, to: string) =>
      t.app
        .inject({ method: 'PUT', url: `/api/update-status/${taskId}`, headers: bearer(s), payload: { status: to } })
        .then((r) => r.statusCode)
    // The worker starts with the start code the customer has (issue 21): no new message for it.
    await step([{ event: 'work_started', recipient: c }], () => startWithCustomerCode(t, t.worker, t.customer, taskId))
    await step([{ event: 'work_paused', recipient: c }], () => status(t.worker, 'work_pending'))
    await step([{ event: 'work_started', recipient: c }], () => status(t.worker, 'work_inprogress'))
    await step([{ event: 'work_completed', recipient: c }], () => status(t.worker, 'work_completed'))
    await step(
      [
        { event: 'work_started', recipient: c },
        { event: 'rework_requested', recipient: w },
      ],
      () => status(t.customer, 'work_inprogress'),
    )
    await step([{ event: 'work_completed', recipient: c }], () => status(t.worker, 'work_completed'))
    await step([{ event: 'payment_due', recipient: c }], () => status(t.customer, 'payment_pending'))
    // Money statuses come from recording the money (decision 023): the cash the customer paid, then
    // the payout, which also closes the task.
    await t.database.db.update(tasks).set({ pricePaise: 60_000 }).where(eq(tasks.id, taskId))
    const charges = TaskChargesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/charges`, headers: bearer(t.operator) })).json(),
    )
    const totalPaise = charges.charges.total_paise!
    const [thanks] = await step([{ event: 'payment_received', recipient: c }], async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${taskId}/payments/manual`,
        headers: { ...bearer(t.operator), 'idempotency-key': randomUUID() },
        payload: { amount_paise: totalPaise, method: 'cash' },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.statusCode
    })
    // The thanks for the payment asks for a rating, with the link that opens it (issue 21).
    expect(thanks!.body).toContain(`Rate your worker: /my/requests?rate=${taskId}`)
    await step(
      [
        { event: 'payout_made', recipient: w },
        { event: 'task_completed', recipient: c },
      ],
      async () => {
        const owed = OwedResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: '/api/payouts/owed', headers: bearer(t.operator) })).json(),
        )
        const mine = owed.workers.find((x) => x.tasks.some((task) => task.task_id === taskId))!
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payouts',
          headers: bearer(t.operator),
          payload: { worker_id: mine.worker_id, task_ids: [taskId], method: 'cash', amount_paise: mine.owed_paise },
        })
        return res.statusCode
      },
    )
    // A refused step sends nothing.
    await step([], async () => ((await status(t.operator, 'work_inprogress')) === 409 ? 200 : 500))

    // And every one of them goes out once.
    const dispatcher = createDispatcher({ database: t.database, provider: createLogProvider(silent), log: silent })
    const total = (await messages()).length
    expect(await dispatcher.drain()).toBe(total)
    expect(await dispatcher.drain()).toBe(0)
    const rows = await t.database.db.select().from(notifications)
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true)
  })
})
