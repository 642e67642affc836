import {
  LedgerCheckResponseSchema,
  MAX_AMOUNT_PAISE,
  OwedResponseSchema,
  PaymentOptionsResponseSchema,
  PaymentOrderResponseSchema,
  PaymentResponseSchema,
  TaskChargesResponseSchema,
} from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { paymentOrders, payments, taskLineItems, tasks } from '../../db/schema'
import {
  expectBooksBalance,
  key,
  payManually,
  pendingTask,
  people,
  taskStatus,
  type People,
} from '../../../test/payment-flow'

function inject(t: TestApp, s: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
}

const paymentsOf = async (t: TestApp, taskId: number) =>
  (await t.database.db.select().from(payments)).filter((p) => p.taskId === taskId)

async function charges(t: TestApp, s: Session, taskId: number) {
  const res = await inject(t, s, 'GET', `/api/tasks/${taskId}/charges`)
  expect(res.statusCode).toBe(200)
  return TaskChargesResponseSchema.parse(res.json()).charges
}

async function ledgerCheck(t: TestApp, admin: Session) {
  return LedgerCheckResponseSchema.parse((await inject(t, admin, 'GET', '/api/ledger/check')).json())
}

async function owedTask(t: TestApp, s: Session, taskId: number) {
  const { workers } = OwedResponseSchema.parse((await inject(t, s, 'GET', '/api/payouts/owed')).json())
  return workers.flatMap((w) => w.tasks).find((x) => x.task_id === taskId)
}

describe('in production without Razorpay keys the sandbox checkout is off: no payment without money', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('offers no online checkout: options say none, order creation and sandbox completion answer 404, the task stays unpaid', async () => {
    const options = PaymentOptionsResponseSchema.parse((await inject(t, null, 'GET', '/api/payments/options')).json())
    expect(options).toEqual({ online: null, manual_methods: ['cash', 'upi-manual'] })

    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const order = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    expect(order.statusCode).toBe(404)
    expect(order.json()).toMatchObject({ message: expect.stringContaining('cash or UPI') })

    // Even an order the attacker knows of (say, left from before the sandbox was turned off) cannot be approved.
    await t.database.db.insert(paymentOrders).values({
      orderId: 'order_sbxleftover01',
      taskId,
      provider: 'sandbox',
      amountPaise: 50_000,
      createdBy: p.customer.user.id,
    })
    const complete = await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
      order_id: 'order_sbxleftover01',
      outcome: 'approve',
    })
    expect(complete.statusCode).toBe(404)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    expect(await paymentsOf(t, taskId)).toHaveLength(0)
    expect(await owedTask(t, p.operator, taskId)).toBeUndefined()

    // The office still records cash or UPI by hand.
    expect((await payManually(t, p.operator, taskId, 50_000)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    await expectBooksBalance(t, p.admin)
  })
})

describe('PAYMENTS_SANDBOX=1 turns the sandbox on in production (a demo)', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('options say sandbox, and an approved sandbox order pays the task', async () => {
    const options = PaymentOptionsResponseSchema.parse((await inject(t, null, 'GET', '/api/payments/options')).json())
    expect(options.online).toBe('sandbox')
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const opened = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    expect(opened.statusCode).toBe(200)
    const { order } = PaymentOrderResponseSchema.parse(opened.json())
    const done = await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
      order_id: order.order_id,
      outcome: 'approve',
    })
    expect(done.statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    await expectBooksBalance(t, p.admin)
  })
})

describe('captured money is never refused (decision 016) and amounts stay within what the columns hold', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  async function openOrder(taskId: number) {
    const res = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    expect(res.statusCode).toBe(200)
    return PaymentOrderResponseSchema.parse(res.json()).order
  }

  const approve = (orderId: string) =>
    inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', { order_id: orderId, outcome: 'approve' })

  it('a price raised between order and capture: the payment is recorded, the task flagged underpaid, the ledger check ok', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 50_000,
    })
    const order = await openOrder(taskId)
    const raised = await inject(t, p.operator, 'PUT', `/api/tasks/${taskId}/price`, {
      price_paise: 60_000,
      reason: 'Extra pipe fitting found on site',
    })
    expect(raised.statusCode).toBe(200)

    expect((await approve(order.order_id)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    const stored = await paymentsOf(t, taskId)
    expect(stored).toEqual([expect.objectContaining({ amountPaise: 50_000, state: 'captured' })])

    expect(await charges(t, p.operator, taskId)).toMatchObject({
      total_paise: 60_000,
      paid_paise: 50_000,
      balance_paise: 10_000,
      payment_mismatch: 'underpaid',
    })
    expect(await owedTask(t, p.operator, taskId)).toMatchObject({
      balance_paise: 10_000,
      payment_mismatch: 'underpaid',
    })
    const check = await ledgerCheck(t, p.admin)
    expect(check.problems).toEqual([])
    expect(check.ok).toBe(true)
    expect(check.mismatches).toContainEqual({ task_id: taskId, paid_paise: 50_000, owed_paise: 60_000 })
  })

  it('a price lowered between order and capture: recorded and flagged overpaid; refunding lets the customer pay the new price', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 50_000,
    })
    const order = await openOrder(taskId)
    await inject(t, p.operator, 'PUT', `/api/tasks/${taskId}/price`, { price_paise: 40_000, reason: 'Discount agreed' })
    // The page's verify after the sandbox's approval goes through the same capture.
    expect((await approve(order.order_id)).statusCode).toBe(200)
    expect(await charges(t, p.operator, taskId)).toMatchObject({ balance_paise: -10_000, payment_mismatch: 'overpaid' })
    await expectBooksBalance(t, p.admin)

    const [payment] = await paymentsOf(t, taskId)
    const refund = await inject(t, p.admin, 'POST', `/api/payments/${payment!.id}/refund`, {
      reason: 'Paid the old price; refunding so the customer pays the new one',
    })
    expect(refund.statusCode).toBe(200)
    expect(await charges(t, p.operator, taskId)).toMatchObject({ balance_paise: null, payment_mismatch: null })
    const again = await openOrder(taskId)
    expect(again.amount_paise).toBe(40_000)
    expect((await approve(again.order_id)).statusCode).toBe(200)
    expect(await charges(t, p.operator, taskId)).toMatchObject({
      paid_paise: 40_000,
      balance_paise: 0,
      payment_mismatch: null,
    })
    await expectBooksBalance(t, p.admin)
  })

  it('a payment recorded by hand must still match what is owed (409), and records nothing', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 50_000,
    })
    expect((await payManually(t, p.operator, taskId, 40_000)).statusCode).toBe(409)
    expect(await paymentsOf(t, taskId)).toHaveLength(0)
  })

  it('a line item that would take the total past ₹1 crore is refused at once (409), nothing stored; the payment path never 500s', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const nearLimit = MAX_AMOUNT_PAISE - 100
    const priced = await inject(t, p.operator, 'PUT', `/api/tasks/${taskId}/price`, {
      price_paise: nearLimit,
      reason: 'A whole building',
    })
    expect(priced.statusCode).toBe(200)
    const tooMuch = await inject(t, p.operator, 'POST', `/api/tasks/${taskId}/line-items`, {
      description: 'Cement, 20 bags',
      amount_paise: 200,
    })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json()).toMatchObject({ message: expect.stringContaining('more than one task may cost') })
    expect((await t.database.db.select().from(taskLineItems).where(eq(taskLineItems.taskId, taskId))).length).toBe(0)

    // A price above the limit, alone or with the items already there.
    const over = await inject(t, p.operator, 'PUT', `/api/tasks/${taskId}/price`, {
      price_paise: MAX_AMOUNT_PAISE + 1,
      reason: 'Too much',
    })
    expect(over.statusCode).toBe(400)
    const fits = await inject(t, p.operator, 'POST', `/api/tasks/${taskId}/line-items`, {
      description: 'Cement, 1 bag',
      amount_paise: 100,
    })
    expect(fits.statusCode).toBe(201)
    const pricedPastItems = await inject(t, p.operator, 'PUT', `/api/tasks/${taskId}/price`, {
      price_paise: MAX_AMOUNT_PAISE,
      reason: 'Raise it all',
    })
    expect(pricedPastItems.statusCode).toBe(409)
    const [row] = await t.database.db.select({ price: tasks.pricePaise }).from(tasks).where(eq(tasks.id, taskId))
    expect(row!.price).toBe(nearLimit)

    // Paying the largest total a task may have works: online and by hand.
    const order = await openOrder(taskId)
    expect(order.amount_paise).toBe(MAX_AMOUNT_PAISE)
    expect((await approve(order.order_id)).statusCode).toBe(200)
    const otherTask = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: MAX_AMOUNT_PAISE,
    })
    const manual = await payManually(t, p.operator, otherTask, MAX_AMOUNT_PAISE, key())
    expect(manual.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(manual.json()).payment.amount_paise).toBe(MAX_AMOUNT_PAISE)
    await expectBooksBalance(t, p.admin)

    // Two such tasks together are more than one payout may carry: a clear 409, then one payout each works.
    const both = await inject(t, p.operator, 'POST', '/api/payouts', {
      worker_id: p.workerId,
      task_ids: [taskId, otherTask],
      method: 'bank',
    })
    expect(both.statusCode).toBe(409)
    expect(both.json()).toMatchObject({ message: expect.stringContaining('several payouts') })
    for (const id of [taskId, otherTask]) {
      const one = await inject(t, p.operator, 'POST', '/api/payouts', {
        worker_id: p.workerId,
        task_ids: [id],
        method: 'bank',
      })
      expect(one.statusCode).toBe(201)
    }
    await expectBooksBalance(t, p.admin)
  })
})
