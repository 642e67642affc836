import { ErrorBodySchema, JobResponseSchema, OwedResponseSchema, WorkflowResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { payManually, pendingTask, people, taskStatus, type People } from '../../../test/payment-flow'

// Issue 17, decision 023: a task never reads "Payment received" or "Paid to worker" unless the money
// was recorded, so Payouts, the job page and My requests tell the same story.
describe('statuses that say money moved are reached by recording the money', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  const put = (s: Session, taskId: number, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/update-status/${taskId}`, headers: bearer(s), payload: body })
  const historyOf = async (taskId: number) =>
    WorkflowResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/workflow/${taskId}`, headers: bearer(p.operator) })).json(),
    ).workflows

  it('an operator’s plain change to payment_received is a 409 saying to record the payment, and changes nothing', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const before = await historyOf(taskId)
    for (const body of [
      { status: 'payment_received' },
      { status: 'payment_received', expected_status: 'payment_pending' },
    ]) {
      const res = await put(p.operator, taskId, body)
      expect(res.statusCode).toBe(409)
      const error = ErrorBodySchema.parse(res.json())
      expect(error.code).toBe('MONEY_NOT_RECORDED')
      expect(error.message).toMatch(/cash or UPI/)
    }
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    expect(await historyOf(taskId)).toEqual(before)
    // An admin without a reason is refused the same way.
    expect((await put(p.admin, taskId, { status: 'payment_received' })).json()).toMatchObject({
      code: 'MONEY_NOT_RECORDED',
    })
  })

  it('recording the payment moves the task, and what the worker is owed shows on Payouts at once', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 40_000,
    })
    expect((await payManually(t, p.operator, taskId, 40_000)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    const owed = OwedResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/payouts/owed', headers: bearer(p.operator) })).json(),
    )
    expect(owed.workers.find((w) => w.worker_id === p.workerId)?.tasks.map((x) => x.task_id)).toContain(taskId)
  })

  it('a plain change to paid_to_worker is refused until the payout is recorded on Payouts', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 30_000,
    })
    expect((await payManually(t, p.operator, taskId, 30_000)).statusCode).toBe(200)
    const res = await put(p.operator, taskId, { status: 'paid_to_worker' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'MONEY_NOT_RECORDED' })
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: bearer(p.operator),
      payload: { worker_id: p.workerId, task_ids: [taskId], method: 'cash', amount_paise: 27_000 },
    })
    expect(payout.statusCode, payout.body).toBe(201)
    expect(await taskStatus(t, taskId)).toBe('task_completed')
  })

  it('an admin may still force one with a reason: an override, kept in the history', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const res = await put(p.admin, taskId, { status: 'payment_received', reason: 'Paid at the office before the app' })
    expect(res.statusCode, res.body).toBe(200)
    const last = (await historyOf(taskId)).at(-1)
    expect(last).toMatchObject({ status: 'payment_received', notes: 'Paid at the office before the app' })
  })

  it('the job page offers no button for a money status: the money is recorded instead', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const job = JobResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/jobs/${taskId}`, headers: bearer(p.operator) })).json(),
    )
    expect(job.task.status).toBe('payment_pending')
    expect(job.task.next_statuses).not.toContain('payment_received')
  })
})
