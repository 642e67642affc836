import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  PaymentOrderResponseSchema,
  PaymentResponseSchema,
  SandboxCompleteResponseSchema,
  WorkflowResponseSchema,
} from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { payments } from '../../db/schema'
import { expectBooksBalance, pendingTask, people, taskStatus, type People } from '../../../test/payment-flow'

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex')

const count = async (t: TestApp) => (await t.database.db.select().from(payments)).length

function inject(t: TestApp, s: Session | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
}

function webhookEvent(orderId: string, paymentId: string, amount: number, event = 'payment.captured') {
  return JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
    created_at: 1_700_000_000,
  })
}

function deliver(t: TestApp, raw: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-razorpay-signature': signature } : {}) },
    payload: raw,
  })
}

describe('the sandbox checkout (no provider configured)', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  it('the customer opens an order, approves in the sandbox, verifies: one payment, task payment_received by system', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 77_700,
    })
    const opened = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    expect(opened.statusCode).toBe(200)
    const { order } = PaymentOrderResponseSchema.parse(opened.json())
    expect(order).toMatchObject({ provider: 'sandbox', amount_paise: 77_700, key_id: null, state: 'created' })
    expect(order.checkout_url).toBe(`/pay/sandbox?order=${order.order_id}`)
    // Opening again reuses the open order.
    const reopened = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).json(),
    )
    expect(reopened.order.order_id).toBe(order.order_id)
    expect((await inject(t, p.otherCustomer, 'GET', `/api/payments/orders/${order.order_id}`)).statusCode).toBe(403)
    expect((await inject(t, p.customer, 'GET', '/api/payments/orders/order_nope')).statusCode).toBe(404)

    const done = await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
      order_id: order.order_id,
      outcome: 'approve',
    })
    expect(done.statusCode).toBe(200)
    const answer = SandboxCompleteResponseSchema.parse(done.json())
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    // Double click on Approve, then the page's verify: still one payment.
    expect(
      (
        await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
          order_id: order.order_id,
          outcome: 'approve',
        })
      ).statusCode,
    ).toBe(200)
    const verified = await inject(t, p.customer, 'POST', '/api/payments/verify', {
      razorpay_order_id: answer.razorpay_order_id,
      razorpay_payment_id: answer.razorpay_payment_id,
      razorpay_signature: answer.razorpay_signature,
    })
    expect(verified.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(verified.json())).toMatchObject({
      replayed: true,
      payment: { method: 'sandbox', amount_paise: 77_700 },
    })
    const rows = (await t.database.db.select().from(payments)).filter((x) => x.taskId === taskId)
    expect(rows).toHaveLength(1)
    const wf = WorkflowResponseSchema.parse(
      (await inject(t, p.operator, 'GET', `/api/workflow/${taskId}`)).json(),
    ).workflows
    expect(wf.filter((w) => w.status === 'payment_received')).toEqual([expect.objectContaining({ by: null })])
    const state = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'GET', `/api/payments/orders/${order.order_id}`)).json(),
    )
    expect(state.order.state).toBe('paid')
    await expectBooksBalance(t, p.admin)
  })

  it('order refusals: another customer 403, staff 403 (customers only), not waiting 409, unknown 404, already paid 409', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      status: 'work_completed',
    })
    expect((await inject(t, p.otherCustomer, 'POST', `/api/tasks/${taskId}/payments/order`)).statusCode).toBe(403)
    expect((await inject(t, p.operator, 'POST', `/api/tasks/${taskId}/payments/order`)).statusCode).toBe(403)
    expect((await inject(t, null, 'POST', `/api/tasks/${taskId}/payments/order`)).statusCode).toBe(401)
    expect((await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).statusCode).toBe(409)
    expect((await inject(t, p.customer, 'POST', '/api/tasks/999999/payments/order')).statusCode).toBe(404)
  })

  it('a declined sandbox payment records nothing and leaves the task waiting', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const { order } = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).json(),
    )
    const before = await count(t)
    const res = await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
      order_id: order.order_id,
      outcome: 'decline',
    })
    expect(res.statusCode).toBe(200)
    expect(SandboxCompleteResponseSchema.parse(res.json()).razorpay_signature).toBeNull()
    expect(await count(t)).toBe(before)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    expect(
      (
        await inject(t, p.otherCustomer, 'POST', '/api/payments/sandbox/complete', {
          order_id: order.order_id,
          outcome: 'approve',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
          order_id: 'order_nope',
          outcome: 'approve',
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
          order_id: order.order_id,
          outcome: 'maybe',
        })
      ).statusCode,
    ).toBe(400)
  })

  it('a tampered signature, payment id or amount is refused and records nothing', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const { order } = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).json(),
    )
    const before = await count(t)
    const verify = (body: object) => inject(t, p.customer, 'POST', '/api/payments/verify', body)
    const forged = hmac('not-the-secret', `${order.order_id}|pay_x1`)
    expect(
      (await verify({ razorpay_order_id: order.order_id, razorpay_payment_id: 'pay_x1', razorpay_signature: forged }))
        .statusCode,
    ).toBe(400)
    expect(
      (await verify({ razorpay_order_id: order.order_id, razorpay_payment_id: 'pay_x1', razorpay_signature: 'abc' }))
        .statusCode,
    ).toBe(400)
    expect(
      (await verify({ razorpay_order_id: 'order_nope', razorpay_payment_id: 'pay_x1', razorpay_signature: forged }))
        .statusCode,
    ).toBe(404)
    const raw = webhookEvent(order.order_id, 'pay_x2', order.amount_paise)
    expect((await deliver(t, raw, undefined)).statusCode).toBe(400)
    expect((await deliver(t, raw, hmac('not-the-secret', raw))).statusCode).toBe(400)
    expect((await deliver(t, '{"event": "payment.captured", ', 'ab'.repeat(32))).statusCode).toBe(400)
    expect(await count(t)).toBe(before)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
  })
})

describe('Razorpay through its Node library, against a local stand-in for its API', () => {
  let t: TestApp
  let p: People
  let server: Server
  const created: { auth: string | undefined; body: { amount: number; currency: string; receipt: string } }[] = []
  const KEY_ID = 'rzp_test_TownWorks1234'
  const KEY_SECRET = 'key-secret-for-tests'
  const WEBHOOK_SECRET = 'webhook-secret-for-tests'

  beforeAll(async () => {
    let n = 0
    server = createServer((req, res) => {
      let data = ''
      req.on('data', (c: Buffer) => (data += c.toString()))
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/orders') {
          const body = JSON.parse(data) as { amount: number; currency: string; receipt: string }
          created.push({ auth: req.headers.authorization, body })
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(
            JSON.stringify({
              id: `order_TEST${++n}`,
              entity: 'order',
              amount: body.amount,
              currency: body.currency,
              receipt: body.receipt,
              status: 'created',
            }),
          )
          return
        }
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    t = await createTestApp({
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE_URL: `http://127.0.0.1:${port}`,
    })
    p = await people(t)
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('creates the order with basic auth, verifies the checkout signature, and the signed webhook records nothing more', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 123_456,
    })
    const res = await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)
    expect(res.statusCode).toBe(200)
    const { order } = PaymentOrderResponseSchema.parse(res.json())
    expect(order).toMatchObject({ provider: 'razorpay', key_id: KEY_ID, amount_paise: 123_456, checkout_url: null })
    expect(created.at(-1)).toEqual({
      auth: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: expect.objectContaining({ amount: 123_456, currency: 'INR', receipt: `task-${taskId}` }),
    })
    // The sandbox is off when Razorpay is configured.
    expect(
      (
        await inject(t, p.customer, 'POST', '/api/payments/sandbox/complete', {
          order_id: order.order_id,
          outcome: 'approve',
        })
      ).statusCode,
    ).toBe(404)

    const paymentId = 'pay_RZP0001'
    const ok = await inject(t, p.customer, 'POST', '/api/payments/verify', {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmac(KEY_SECRET, `${order.order_id}|${paymentId}`),
    })
    expect(ok.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(ok.json())).toMatchObject({
      replayed: false,
      payment: { method: 'razorpay', provider_ref: paymentId },
    })
    const raw = webhookEvent(order.order_id, paymentId, 123_456)
    const hook = await deliver(t, raw, hmac(WEBHOOK_SECRET, raw))
    expect(hook.statusCode).toBe(200)
    expect(hook.json()).toMatchObject({ handled: true, message: 'Payment already recorded' })
    expect((await t.database.db.select().from(payments)).filter((x) => x.taskId === taskId)).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })

  it('a webhook signed with the key secret instead, or changed after signing, is refused (400) and records nothing', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const { order } = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).json(),
    )
    const before = await count(t)
    const good = webhookEvent(order.order_id, 'pay_RZPgood', 50_000)
    expect((await deliver(t, good, hmac(KEY_SECRET, good))).statusCode).toBe(400)
    // A byte changed after signing.
    expect((await deliver(t, good.replace('50000', '50001'), hmac(WEBHOOK_SECRET, good))).statusCode).toBe(400)
    const other = JSON.stringify({ event: 'refund.created', payload: {} })
    expect((await deliver(t, other, hmac(WEBHOOK_SECRET, other))).json()).toMatchObject({ handled: false })
    expect(await count(t)).toBe(before)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
  })

  it('20 parallel webhook deliveries and checkout confirmations of one payment record one payment', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 99_999,
    })
    const { order } = PaymentOrderResponseSchema.parse(
      (await inject(t, p.customer, 'POST', `/api/tasks/${taskId}/payments/order`)).json(),
    )
    const paymentId = 'pay_RZPparallel'
    const raw = webhookEvent(order.order_id, paymentId, 99_999)
    const signature = hmac(WEBHOOK_SECRET, raw)
    const verifyBody = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmac(KEY_SECRET, `${order.order_id}|${paymentId}`),
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? deliver(t, raw, signature) : inject(t, p.customer, 'POST', '/api/payments/verify', verifyBody),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect((await t.database.db.select().from(payments)).filter((x) => x.taskId === taskId)).toHaveLength(1)
    const wf = WorkflowResponseSchema.parse(
      (await inject(t, p.operator, 'GET', `/api/workflow/${taskId}`)).json(),
    ).workflows
    expect(wf.filter((w) => w.status === 'payment_received')).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })

  it('20 parallel manual recordings with one Idempotency-Key record one payment', async () => {
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tasks/${taskId}/payments/manual`,
          headers: { ...bearer(p.operator), 'idempotency-key': 'same-key-for-all-twenty' },
          payload: { amount_paise: 50_000, method: 'upi-manual', reference: 'UPI ref 991' },
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect(results.filter((r) => (r.json() as { replayed: boolean }).replayed === false)).toHaveLength(1)
    expect((await t.database.db.select().from(payments)).filter((x) => x.taskId === taskId)).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })
})
