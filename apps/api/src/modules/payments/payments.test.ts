import {
  LedgerSummaryResponseSchema,
  MyPayoutsResponseSchema,
  OwedResponseSchema,
  PaymentResponseSchema,
  PayoutResponseSchema,
  TaskChargesResponseSchema,
  WorkflowResponseSchema,
} from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { type ledgerEntries, payments, payouts } from '../../db/schema'
import {
  expectBooksBalance,
  key,
  payManually,
  pendingTask,
  people,
  taskStatus,
  type People,
} from '../../../test/payment-flow'

describe('payments and payouts: paid once, paid out once, books balanced', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  const inject = (s: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
  const count = async (table: typeof payments | typeof payouts | typeof ledgerEntries) =>
    (await t.database.db.select().from(table)).length

  it('an operator records cash once per Idempotency-Key; the ledger splits 10% commission, the rest owed to the worker', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 45_055,
    })
    const k = key()
    const first = await payManually(t, p.operator, taskId, 45_055, k)
    expect(first.statusCode).toBe(200)
    const body = PaymentResponseSchema.parse(first.json())
    expect(body).toMatchObject({
      replayed: false,
      status: 'payment_received',
      payment: { amount_paise: 45_055, method: 'cash', state: 'captured' },
    })
    const again = await payManually(t, p.operator, taskId, 45_055, k)
    expect(again.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(again.json())).toMatchObject({
      replayed: true,
      payment: { id: body.payment.id },
    })
    expect(await taskStatus(t, taskId)).toBe('payment_received')

    const owed = OwedResponseSchema.parse((await inject(p.operator, 'GET', '/api/payouts/owed')).json())
    const mine = owed.workers.find((w) => w.worker_id === p.workerId)!
    // floor(45055 × 1000 / 10000) = 4505 commission; the worker gets 40550.
    expect(mine.tasks).toEqual([expect.objectContaining({ task_id: taskId, amount_paise: 40_550 })])
    expect(mine.owed_paise).toBe(40_550)
    const wf = WorkflowResponseSchema.parse((await inject(p.operator, 'GET', `/api/workflow/${taskId}`)).json())
    expect(wf.workflows.filter((w) => w.status === 'payment_received')).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })

  it('scheduling sets the task price from the worker’s price for the service', async () => {
    const res = await inject(p.operator, 'POST', '/api/schedule', {
      taskName: 'Fix the sink',
      serviceDesc: 'Leaking trap',
      workerId: String(p.otherWorkerId),
      date: '2031-06-02',
      startTime: '10:00',
      endTime: '11:00',
      completionDate: '2031-06-02',
      selectedStatus: 'assigned',
    })
    expect(res.statusCode, res.body).toBeLessThan(300)
    const { taskId } = res.json() as { taskId: number }
    const charges = TaskChargesResponseSchema.parse(
      (await inject(p.operator, 'GET', `/api/tasks/${taskId}/charges`)).json(),
    )
    expect(charges.charges).toMatchObject({ price_paise: 45_000, total_paise: 45_000 })
  })

  it('manual payment refusals: no key 400, wrong amount 409, not waiting 409, already paid 409, unknown task 404, bad body 400 — nothing recorded', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const before = await count(payments)
    expect((await payManually(t, p.operator, taskId, 50_000, null)).statusCode).toBe(400)
    expect((await payManually(t, p.operator, taskId, 50_000, 'bad key!')).statusCode).toBe(400)
    const wrong = await payManually(t, p.operator, taskId, 49_999)
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toMatchObject({ code: 'CONFLICT', details: { owed_paise: 50_000 } })
    expect((await payManually(t, p.operator, 999_999, 50_000)).statusCode).toBe(404)
    const notYet = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      status: 'work_completed',
    })
    expect((await payManually(t, p.operator, notYet, 50_000)).statusCode).toBe(409)
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/payments/manual`,
      headers: { ...bearer(p.operator), 'idempotency-key': key() },
      payload: { amount_paise: 50_000, method: 'razorpay', extra: 1 },
    })
    expect(bad.statusCode).toBe(400)
    expect(await count(payments)).toBe(before)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(200)
    // Another key for a task already paid: refused, one payment stays.
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(409)
    expect(await count(payments)).toBe(before + 1)
    // A key reused for another task is refused.
    const k = key()
    const other = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const third = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.operator, other, 50_000, k)).statusCode).toBe(200)
    expect((await payManually(t, p.operator, third, 50_000, k)).statusCode).toBe(409)
    expect(await taskStatus(t, third)).toBe('payment_pending')
  })

  it('only staff record payments, change prices or add line items (401/403)', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.customer, taskId, 50_000)).statusCode).toBe(403)
    expect((await payManually(t, p.workerSession, taskId, 50_000)).statusCode).toBe(403)
    expect(
      (await inject(null, 'PUT', `/api/tasks/${taskId}/price`, { price_paise: 1, reason: 'why not' })).statusCode,
    ).toBe(401)
    expect(
      (await inject(p.customer, 'POST', `/api/tasks/${taskId}/line-items`, { description: 'Pipe', amount_paise: 100 }))
        .statusCode,
    ).toBe(403)
  })

  it('price changes and line items are recorded, shown to the customer, and refused once paid', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      status: 'assigned',
    })
    const priced = await inject(p.operator, 'PUT', `/api/tasks/${taskId}/price`, {
      price_paise: 60_000,
      reason: 'Bigger job',
    })
    expect(priced.statusCode).toBe(200)
    const item = await inject(p.operator, 'POST', `/api/tasks/${taskId}/line-items`, {
      description: 'PVC pipe 2 m',
      amount_paise: 12_345,
      reason: 'Old pipe cracked',
    })
    expect(item.statusCode).toBe(201)
    const charges = TaskChargesResponseSchema.parse(item.json()).charges
    expect(charges).toMatchObject({ price_paise: 60_000, total_paise: 72_345 })
    expect(charges.price_changes).toEqual([
      expect.objectContaining({ from_paise: 50_000, to_paise: 60_000, reason: 'Bigger job' }),
    ])
    expect(charges.line_items).toEqual([
      expect.objectContaining({ description: 'PVC pipe 2 m', added_by: p.operator.user.username }),
    ])

    const mine = await inject(p.customer, 'GET', '/api/my/requests')
    const task = (
      mine.json() as { requests: { task: { id: number; total_paise: number; line_items: unknown[] } | null }[] }
    ).requests
      .map((r) => r.task)
      .find((x) => x?.id === taskId)!
    expect(task).toMatchObject({ price_paise: 60_000, total_paise: 72_345 })
    expect(task.line_items).toHaveLength(1)

    expect(
      (await inject(p.operator, 'PUT', `/api/tasks/${taskId}/price`, { price_paise: 0, reason: 'free' })).statusCode,
    ).toBe(400)
    expect((await inject(p.operator, 'PUT', `/api/tasks/${taskId}/price`, { price_paise: 100 })).statusCode).toBe(400)
    expect(
      (await inject(p.operator, 'PUT', `/api/tasks/999999/price`, { price_paise: 100, reason: 'abc' })).statusCode,
    ).toBe(404)
    expect(
      (await inject(p.operator, 'POST', `/api/tasks/${taskId}/line-items`, { description: 'x', amount_paise: -5 }))
        .statusCode,
    ).toBe(400)

    const paid = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.operator, paid, 50_000)).statusCode).toBe(200)
    const late = await inject(p.operator, 'POST', `/api/tasks/${paid}/line-items`, {
      description: 'Cement',
      amount_paise: 500,
    })
    expect(late.statusCode).toBe(409)
    expect(
      (await inject(p.operator, 'PUT', `/api/tasks/${paid}/price`, { price_paise: 1, reason: 'late change' }))
        .statusCode,
    ).toBe(409)
    const after = TaskChargesResponseSchema.parse(
      (await inject(p.operator, 'GET', `/api/tasks/${paid}/charges`)).json(),
    )
    expect(after.charges).toMatchObject({ total_paise: 50_000, line_items: [] })
    expect((await inject(p.operator, 'GET', `/api/tasks/999999/charges`)).statusCode).toBe(404)
  })

  it('a payout moves its tasks to paid_to_worker then task_completed, once; the worker sees it', async () => {
    const a = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 30_001 })
    const b = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 20_000 })
    expect((await payManually(t, p.operator, a, 30_001)).statusCode).toBe(200)
    expect((await payManually(t, p.operator, b, 20_000)).statusCode).toBe(200)
    // 30001 → commission 3000, share 27001; 20000 → 2000, 18000.
    const wrong = await inject(p.operator, 'POST', '/api/payouts', {
      worker_id: p.workerId,
      task_ids: [a, b],
      method: 'upi',
      amount_paise: 45_000,
    })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toMatchObject({ details: { owed_paise: 45_001 } })
    const res = await inject(p.operator, 'POST', '/api/payouts', {
      worker_id: p.workerId,
      task_ids: [a, b],
      method: 'upi',
      reference: 'UTR 1234',
      amount_paise: 45_001,
    })
    expect(res.statusCode).toBe(201)
    const payout = PayoutResponseSchema.parse(res.json()).payout
    expect(payout).toMatchObject({ amount_paise: 45_001, worker_id: p.workerId, method: 'upi' })
    expect(payout.tasks.map((x) => [x.task_id, x.amount_paise])).toEqual([
      [a, 27_001],
      [b, 18_000],
    ])
    for (const id of [a, b]) {
      expect(await taskStatus(t, id)).toBe('task_completed')
      const wf = WorkflowResponseSchema.parse((await inject(p.operator, 'GET', `/api/workflow/${id}`)).json()).workflows
      expect(wf.slice(-2).map((w) => [w.status, w.by])).toEqual([
        ['paid_to_worker', p.operator.user.username],
        ['task_completed', null],
      ])
    }
    const twice = await inject(p.operator, 'POST', '/api/payouts', {
      worker_id: p.workerId,
      task_ids: [a],
      method: 'cash',
    })
    expect(twice.statusCode).toBe(409)
    const mine = MyPayoutsResponseSchema.parse((await inject(p.workerSession, 'GET', '/api/my/payouts')).json())
    expect(mine.payouts.find((x) => x.id === payout.id)).toMatchObject({ amount_paise: 45_001, reference: 'UTR 1234' })
    await expectBooksBalance(t, p.admin)
  })

  it('payout refusals: unknown worker 404, unknown task 404, not paid 409, another worker’s task 409, bad body 400, not staff 403', async () => {
    const paid = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.operator, paid, 50_000)).statusCode).toBe(200)
    const unpaid = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const before = await count(payouts)
    const post = (s: Session, body: object) => inject(s, 'POST', '/api/payouts', body)
    expect((await post(p.operator, { worker_id: 999_999, task_ids: [paid], method: 'cash' })).statusCode).toBe(404)
    expect((await post(p.operator, { worker_id: p.workerId, task_ids: [999_999], method: 'cash' })).statusCode).toBe(
      404,
    )
    expect(
      (await post(p.operator, { worker_id: p.workerId, task_ids: [paid, unpaid], method: 'cash' })).statusCode,
    ).toBe(409)
    expect((await post(p.operator, { worker_id: p.otherWorkerId, task_ids: [paid], method: 'cash' })).statusCode).toBe(
      409,
    )
    expect((await post(p.operator, { worker_id: p.workerId, task_ids: [], method: 'cash' })).statusCode).toBe(400)
    expect((await post(p.operator, { worker_id: p.workerId, task_ids: [paid, paid], method: 'cash' })).statusCode).toBe(
      400,
    )
    expect((await post(p.operator, { worker_id: p.workerId, task_ids: [paid], method: 'gold' })).statusCode).toBe(400)
    expect((await post(p.workerSession, { worker_id: p.workerId, task_ids: [paid], method: 'cash' })).statusCode).toBe(
      403,
    )
    expect(await count(payouts)).toBe(before)
    expect(await taskStatus(t, paid)).toBe('payment_received')
  })

  it('an admin refunds a payment with a reason: reversed in the ledger, task back to payment_pending, paid again later', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 10_009,
    })
    const paid = PaymentResponseSchema.parse((await payManually(t, p.operator, taskId, 10_009)).json())
    const url = `/api/payments/${paid.payment.id}/refund`
    expect((await inject(p.operator, 'POST', url, { reason: 'Paid twice' })).statusCode).toBe(403)
    expect((await inject(p.admin, 'POST', url, {})).statusCode).toBe(400)
    expect((await inject(p.admin, 'POST', '/api/payments/999999/refund', { reason: 'Paid twice' })).statusCode).toBe(
      404,
    )
    const res = await inject(p.admin, 'POST', url, { reason: 'Recorded against the wrong task' })
    expect(res.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(res.json())).toMatchObject({
      status: 'payment_pending',
      payment: { state: 'refunded' },
    })
    expect((await inject(p.admin, 'POST', url, { reason: 'Again please' })).statusCode).toBe(409)
    const wf = WorkflowResponseSchema.parse(
      (await inject(p.operator, 'GET', `/api/workflow/${taskId}`)).json(),
    ).workflows
    expect(wf.at(-1)).toMatchObject({ status: 'payment_pending', notes: 'Recorded against the wrong task' })
    await expectBooksBalance(t, p.admin)
    expect((await payManually(t, p.operator, taskId, 10_009)).statusCode).toBe(200)
    await expectBooksBalance(t, p.admin)
    // Paid out: the worker's money has left, no refund here.
    const out = await inject(p.operator, 'POST', '/api/payouts', {
      worker_id: p.workerId,
      task_ids: [taskId],
      method: 'cash',
    })
    expect(out.statusCode).toBe(201)
    const charges = TaskChargesResponseSchema.parse(
      (await inject(p.operator, 'GET', `/api/tasks/${taskId}/charges`)).json(),
    )
    const captured = charges.charges.payments.find((x) => x.state === 'captured')!
    expect(
      (await inject(p.admin, 'POST', `/api/payments/${captured.id}/refund`, { reason: 'Too late now' })).statusCode,
    ).toBe(409)
    await expectBooksBalance(t, p.admin)
  })

  it('the takings report sums payments, refunds, commission and payouts per day', async () => {
    const res = await inject(p.operator, 'GET', '/api/ledger/summary')
    expect(res.statusCode).toBe(200)
    const summary = LedgerSummaryResponseSchema.parse(res.json())
    const all = await t.database.db.select().from(payments)
    const received = all.reduce((s, x) => s + x.amountPaise, 0)
    const refunded = all.filter((x) => x.state === 'refunded').reduce((s, x) => s + x.amountPaise, 0)
    const paidOut = (await t.database.db.select().from(payouts)).reduce((s, x) => s + x.amountPaise, 0)
    expect(summary.totals).toMatchObject({
      received_paise: received,
      refunded_paise: refunded,
      paid_out_paise: paidOut,
    })
    expect(summary.totals.commission_paise).toBeGreaterThan(0)
    expect(summary.commission_bps).toBe(1000)
    const empty = LedgerSummaryResponseSchema.parse(
      (await inject(p.operator, 'GET', '/api/ledger/summary?from=2000-01-01&to=2000-01-31')).json(),
    )
    expect(empty.totals.received_paise).toBe(0)
    expect((await inject(p.operator, 'GET', '/api/ledger/summary?from=2030-02-01&to=2030-01-01')).statusCode).toBe(400)
    expect((await inject(p.operator, 'GET', '/api/ledger/summary?from=yesterday')).statusCode).toBe(400)
    expect((await inject(p.customer, 'GET', '/api/ledger/summary')).statusCode).toBe(403)
    expect((await inject(p.operator, 'GET', '/api/ledger/check')).statusCode).toBe(403)
    expect((await inject(p.customer, 'GET', '/api/my/payouts')).statusCode).toBe(403)
  })
})
