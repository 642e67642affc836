import { createHmac } from 'node:crypto'
import {
  LedgerCheckResponseSchema,
  OwedResponseSchema,
  PaymentOrderResponseSchema,
  PaymentResponseSchema,
  TaskChargesResponseSchema,
} from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { assignments, ledgerEntries, paymentOrders, payments } from '../../db/schema'
import {
  expectBooksBalance,
  payManually,
  pendingTask,
  people,
  taskStatus,
  type People,
} from '../../../test/payment-flow'

/**
 * Decision 016, dated note of 2026-11-25: money the provider captured for a task that is no longer
 * waiting for payment (paid by hand meanwhile, cancelled, sent back) is recorded as `unallocated`,
 * held as owed back to the customer, shown to the office, and refunded from there.
 */

const WEBHOOK_SECRET = 'webhook-secret-for-unallocated'
const KEY_SECRET = 'key-secret-for-unallocated'
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex')

function inject(t: TestApp, s: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
}

const paymentsOf = async (t: TestApp, taskId: number) =>
  (await t.database.db.select().from(payments)).filter((p) => p.taskId === taskId)
const legCount = async (t: TestApp) => (await t.database.db.select().from(ledgerEntries)).length

async function charges(t: TestApp, s: Session, taskId: number) {
  const res = await inject(t, s, 'GET', `/api/tasks/${taskId}/charges`)
  expect(res.statusCode).toBe(200)
  return TaskChargesResponseSchema.parse(res.json()).charges
}

async function refundsDue(t: TestApp, s: Session) {
  const res = await inject(t, s, 'GET', '/api/payouts/owed')
  expect(res.statusCode).toBe(200)
  return OwedResponseSchema.parse(res.json()).refunds_due
}

function webhook(t: TestApp, orderId: string, paymentId: string, amount: number) {
  const raw = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
    created_at: 1_700_000_000,
  })
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(WEBHOOK_SECRET, raw) },
    payload: raw,
  })
}

describe('a capture for a task no longer waiting for payment is recorded as owed back to the customer (decision 016)', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    // Razorpay keys with no reachable API: orders are inserted directly, captures come as signed webhooks.
    t = await createTestApp({
      RAZORPAY_KEY_ID: 'rzp_test_Unallocated01',
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    })
    p = await people(t)
  })
  afterAll(() => t.close())

  async function razorpayOrder(taskId: number, orderId: string, amount = 50_000) {
    await t.database.db
      .insert(paymentOrders)
      .values({ orderId, taskId, provider: 'razorpay', amountPaise: amount, createdBy: p.customer.user.id })
  }

  it('paid by hand while the checkout was open, then the webhook: 2xx, unallocated and refund due, ledger ok, a redelivery records nothing', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    await razorpayOrder(taskId, 'order_RZPhandpaid01')
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')

    const first = await webhook(t, 'order_RZPhandpaid01', 'pay_RZPhandpaid01', 50_000)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ handled: true })
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    const stored = await paymentsOf(t, taskId)
    expect(stored.map((x) => [x.method, x.state])).toEqual([
      ['cash', 'captured'],
      ['razorpay', 'unallocated'],
    ])
    const held = stored.find((x) => x.state === 'unallocated')!

    expect(await charges(t, p.operator, taskId)).toMatchObject({
      paid_paise: 50_000,
      balance_paise: 0,
      payment_mismatch: null,
      refund_due_paise: 50_000,
    })
    expect(await refundsDue(t, p.operator)).toContainEqual(
      expect.objectContaining({
        payment_id: held.id,
        task_id: taskId,
        status: 'payment_received',
        amount_paise: 50_000,
        method: 'razorpay',
        provider_ref: 'pay_RZPhandpaid01',
      }),
    )
    // The worker is owed their share of the cash once, not of the money held for the customer.
    const owed = OwedResponseSchema.parse((await inject(t, p.operator, 'GET', '/api/payouts/owed')).json())
    expect(owed.workers.flatMap((w) => w.tasks).filter((x) => x.task_id === taskId)).toHaveLength(1)
    const check = LedgerCheckResponseSchema.parse((await inject(t, p.admin, 'GET', '/api/ledger/check')).json())
    expect(check.problems).toEqual([])
    expect(check.ok).toBe(true)
    expect(check.balances['customer_refunds_due']).toBe(-50_000)

    // The same delivery again, and the checkout's own confirmation: nothing new.
    const legs = await legCount(t)
    const again = await webhook(t, 'order_RZPhandpaid01', 'pay_RZPhandpaid01', 50_000)
    expect(again.statusCode).toBe(200)
    const verify = await inject(t, p.customer, 'POST', '/api/payments/verify', {
      razorpay_order_id: 'order_RZPhandpaid01',
      razorpay_payment_id: 'pay_RZPhandpaid01',
      razorpay_signature: hmac(KEY_SECRET, 'order_RZPhandpaid01|pay_RZPhandpaid01'),
    })
    expect(verify.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(verify.json())).toMatchObject({ replayed: true })
    expect(await paymentsOf(t, taskId)).toHaveLength(2)
    expect(await legCount(t)).toBe(legs)
    await expectBooksBalance(t, p.admin)
  })

  it('a capture for a cancelled task: 2xx, unallocated, the task stays cancelled; refunding it clears the refund due and the books stay ok', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    await razorpayOrder(taskId, 'order_RZPcancelled1', 50_000)
    const cancel = await inject(t, p.admin, 'PUT', `/api/update-status/${taskId}`, {
      status: 'cancelled',
      reason: 'Customer called off the job',
    })
    expect(cancel.statusCode).toBe(200)

    const res = await webhook(t, 'order_RZPcancelled1', 'pay_RZPcancelled1', 50_000)
    expect(res.statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('cancelled')
    const [held] = await paymentsOf(t, taskId)
    expect(held).toMatchObject({ state: 'unallocated', amountPaise: 50_000 })
    expect(await charges(t, p.operator, taskId)).toMatchObject({ paid_paise: 0, refund_due_paise: 50_000 })
    expect((await refundsDue(t, p.operator)).map((r) => r.task_id)).toContain(taskId)
    await expectBooksBalance(t, p.admin)

    // Only an admin refunds (the existing path); the task is left as it is.
    const byOperator = await inject(t, p.operator, 'POST', `/api/payments/${held!.id}/refund`, {
      reason: 'Giving it back',
    })
    expect(byOperator.statusCode).toBe(403)
    const refund = await inject(t, p.admin, 'POST', `/api/payments/${held!.id}/refund`, {
      reason: 'Task was cancelled: money returned to the customer',
    })
    expect(refund.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(refund.json())).toMatchObject({
      status: 'cancelled',
      payment: { state: 'refunded' },
    })
    expect(await taskStatus(t, taskId)).toBe('cancelled')
    expect(await charges(t, p.operator, taskId)).toMatchObject({ refund_due_paise: 0 })
    expect((await refundsDue(t, p.operator)).map((r) => r.task_id)).not.toContain(taskId)
    const check = LedgerCheckResponseSchema.parse((await inject(t, p.admin, 'GET', '/api/ledger/check')).json())
    expect(check.problems).toEqual([])
    expect(check.ok).toBe(true)

    // Refunded once: a second refund is refused, and a late redelivery records nothing new.
    expect((await inject(t, p.admin, 'POST', `/api/payments/${held!.id}/refund`, { reason: 'Again' })).statusCode).toBe(
      409,
    )
    expect((await webhook(t, 'order_RZPcancelled1', 'pay_RZPcancelled1', 50_000)).statusCode).toBe(200)
    expect(await paymentsOf(t, taskId)).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })

  it('a capture for a task waiting for payment but with no active worker is held as owed back too (2xx), the task unpaid', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    await razorpayOrder(taskId, 'order_RZPnoworker01', 50_000)
    await t.database.db.update(assignments).set({ status: 'cancelled' }).where(eq(assignments.taskId, taskId))
    expect((await webhook(t, 'order_RZPnoworker01', 'pay_RZPnoworker01', 50_000)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    expect((await paymentsOf(t, taskId)).map((x) => x.state)).toEqual(['unallocated'])
    await expectBooksBalance(t, p.admin)
  })

  it('a hand-recorded payment for a task not waiting for payment is still refused (409): the operator holds that cash', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(200)
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(409)
    expect(await paymentsOf(t, taskId)).toHaveLength(1)
  })
})

describe('the sandbox checkout approved after the office recorded the payment by hand', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  it('records the capture as unallocated (2xx), the task stays paid once, the books stay ok', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const opened = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    const { order } = PaymentOrderResponseSchema.parse(opened.json())
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(200)
    const approve = () =>
      inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', { order_id: order.order_id, outcome: 'approve' })
    expect((await approve()).statusCode).toBe(200)
    expect((await approve()).statusCode).toBe(200)
    expect((await paymentsOf(t, taskId)).map((x) => x.state).sort()).toEqual(['captured', 'unallocated'])
    expect(await charges(t, p.operator, taskId)).toMatchObject({ refund_due_paise: 50_000 })
    await expectBooksBalance(t, p.admin)
  })
})
