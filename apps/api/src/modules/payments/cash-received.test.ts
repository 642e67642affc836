import { PaymentResponseSchema, WorkflowResponseSchema } from '@townworks/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, type Session } from '../../../test/auth-helpers'
import { createWorker } from '../../../test/fixtures'
import { expectBooksBalance, key, pendingTask, people, taskStatus, type People } from '../../../test/payment-flow'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { invoices, ledgerEntries, notifications, payments, tasks, workflowRecords } from '../../db/schema'
import { CASH_TO_WORKER_NOTE } from './capture.service'

// Issue 23 (decision 064): the job's worker records the cash the customer paid them, once.

describe("a worker records the customer's cash for their own job", () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  const cash = (s: Session | null, taskId: number, body: object, k: string | null = key()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/my/jobs/${taskId}/cash`,
      headers: { ...(s ? bearer(s) : {}), ...(k ? { 'idempotency-key': k } : {}) },
      payload: body,
    })
  const paymentsOf = (taskId: number) => t.database.db.select().from(payments).where(eq(payments.taskId, taskId))
  const invoicesOf = (taskId: number) => t.database.db.select().from(invoices).where(eq(invoices.taskId, taskId))
  const ledgerOf = (taskId: number) =>
    t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.taskId, taskId))
  const movesTo = async (taskId: number, status: 'payment_pending' | 'payment_received') =>
    t.database.db
      .select()
      .from(workflowRecords)
      .where(and(eq(workflowRecords.taskId, taskId), eq(workflowRecords.status, status)))
  const job = (status: 'payment_pending' | 'work_completed' | 'assigned' = 'work_completed', pricePaise = 50_000) =>
    pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, status, pricePaise })

  it('a finished job: paid, moved to payment_received by the worker, one payment and one receipt; a retry changes nothing', async () => {
    const taskId = await job('work_completed', 45_055)
    const k = key()
    const first = await cash(p.workerSession, taskId, { amount_paise: 45_055, note: 'Paid by her son' }, k)
    expect(first.statusCode, first.body).toBe(200)
    const body = PaymentResponseSchema.parse(first.json())
    expect(body).toMatchObject({
      replayed: false,
      status: 'payment_received',
      payment: { amount_paise: 45_055, method: 'cash', state: 'captured', recorded_by: p.workerSession.user.username },
    })
    const again = await cash(p.workerSession, taskId, { amount_paise: 45_055, note: 'Paid by her son' }, k)
    expect(again.statusCode).toBe(200)
    expect(PaymentResponseSchema.parse(again.json())).toMatchObject({ replayed: true, payment: body.payment })
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    expect(await paymentsOf(taskId)).toHaveLength(1)
    expect(await invoicesOf(taskId)).toHaveLength(1)
    expect(await ledgerOf(taskId)).toHaveLength(3)
    const pending = await movesTo(taskId, 'payment_pending')
    const received = await movesTo(taskId, 'payment_received')
    expect(pending).toHaveLength(1)
    expect(received).toHaveLength(1)
    expect(pending[0]).toMatchObject({ byUserId: p.workerSession.user.id, reason: CASH_TO_WORKER_NOTE })
    expect(received[0]).toMatchObject({ byUserId: p.workerSession.user.id, reason: 'Paid by her son' })
    // The customer's messages: "payment received", never "payment due" a moment before it.
    const told = await t.database.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.taskId, taskId))
    expect(told.map((n) => n.event)).toContain('payment_received')
    expect(told.map((n) => n.event)).not.toContain('payment_due')
    const wf = WorkflowResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/workflow/${taskId}`, headers: bearer(p.operator) })).json(),
    )
    expect(wf.workflows.at(-1)).toMatchObject({ status: 'payment_received', by: p.workerSession.user.username })
    await expectBooksBalance(t, p.admin)
  })

  it('My jobs says what a finished, unpaid job’s customer owes in cash, and nothing once it is paid or not yet done', async () => {
    const owedOf = async (taskId: number) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(p.workerSession) })
      expect(res.statusCode, res.body).toBe(200)
      const jobs = (res.json() as { jobs: { task_id: number; cash_owed_paise: number | null }[] }).jobs
      return jobs.find((j) => j.task_id === taskId)?.cash_owed_paise
    }
    const done = await job('work_completed', 61_000)
    const notYet = await job('assigned', 61_000)
    expect(await owedOf(done)).toBe(61_000)
    expect(await owedOf(notYet)).toBeNull()
    expect((await cash(p.workerSession, done, { amount_paise: 61_000 })).statusCode).toBe(200)
    expect(await owedOf(done)).toBeNull()
  })

  it('a job already waiting for payment is paid the same way', async () => {
    const taskId = await job('payment_pending')
    const res = await cash(p.workerSession, taskId, { amount_paise: 50_000 })
    expect(res.statusCode, res.body).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_received')
    // Only the fixture's record of how it got there: the worker made no move to payment_pending.
    expect((await movesTo(taskId, 'payment_pending')).filter((r) => r.byUserId !== null)).toHaveLength(0)
    expect(await movesTo(taskId, 'payment_received')).toMatchObject([
      { byUserId: p.workerSession.user.id, reason: null },
    ])
  })

  it('another amount than what is owed now is 409 AMOUNT_CHANGED with the amount owed; nothing changes', async () => {
    const taskId = await job()
    for (const amount of [49_999, 50_001, 1]) {
      const res = await cash(p.workerSession, taskId, { amount_paise: amount })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'AMOUNT_CHANGED', details: { owed_paise: 50_000 } })
    }
    expect(await taskStatus(t, taskId)).toBe('work_completed')
    expect(await paymentsOf(taskId)).toHaveLength(0)
    expect(await movesTo(taskId, 'payment_pending')).toHaveLength(0)
  })

  it('a replay with a changed amount is 409 IDEMPOTENCY_KEY_REUSED; another key for a paid job is 409: one payment', async () => {
    const taskId = await job()
    const k = key()
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000 }, k)).statusCode).toBe(200)
    const changed = await cash(p.workerSession, taskId, { amount_paise: 60_000 }, k)
    expect(changed.statusCode).toBe(409)
    expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
    const twice = await cash(p.workerSession, taskId, { amount_paise: 50_000 })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toMatch(/already paid/)
    // The same key on another job of theirs is another payment: refused, that job untouched.
    const other = await job()
    expect((await cash(p.workerSession, other, { amount_paise: 50_000 }, k)).json().code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await taskStatus(t, other)).toBe('work_completed')
    expect(await paymentsOf(taskId)).toHaveLength(1)
    expect(await invoicesOf(taskId)).toHaveLength(1)
  })

  it('two identical requests at once record one payment; two keys at once, one payment and one 409', async () => {
    const same = await job()
    const k = key()
    const [a, b] = await Promise.all([
      cash(p.workerSession, same, { amount_paise: 50_000 }, k),
      cash(p.workerSession, same, { amount_paise: 50_000 }, k),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true])
    expect(await paymentsOf(same)).toHaveLength(1)
    const race = await job()
    const answers = await Promise.all([
      cash(p.workerSession, race, { amount_paise: 50_000 }),
      cash(p.workerSession, race, { amount_paise: 50_000 }),
    ])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await paymentsOf(race)).toHaveLength(1)
    expect(await invoicesOf(race)).toHaveLength(1)
    expect(await movesTo(race, 'payment_pending')).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })

  it("only the job's own worker: another worker 404, a customer or the office 403, nobody 401 — nothing recorded", async () => {
    const taskId = await job()
    const strangerUser = await createUser(t, 'worker')
    await createWorker(t, { userId: strangerUser.id, name: 'Not Their Job' })
    const stranger = await login(t, strangerUser)
    expect((await cash(stranger, taskId, { amount_paise: 50_000 })).statusCode).toBe(404)
    expect((await cash(p.customer, taskId, { amount_paise: 50_000 })).statusCode).toBe(403)
    expect((await cash(p.operator, taskId, { amount_paise: 50_000 })).statusCode).toBe(403)
    expect((await cash(null, taskId, { amount_paise: 50_000 })).statusCode).toBe(401)
    // A task that does not exist reads the same as another worker's.
    expect((await cash(p.workerSession, 999_999, { amount_paise: 50_000 })).statusCode).toBe(404)
    expect(await paymentsOf(taskId)).toHaveLength(0)
    expect(await taskStatus(t, taskId)).toBe('work_completed')
    // Another worker's same key on their own job is theirs alone.
    const k = key()
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000 }, k)).statusCode).toBe(200)
    const otherUser = await createUser(t, 'worker')
    const otherWorkerId = (await createWorker(t, { userId: otherUser.id, name: 'Own Job' })).id
    const otherJob = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: otherWorkerId,
      status: 'work_completed',
    })
    const theirs = await cash(await login(t, otherUser), otherJob, { amount_paise: 50_000 }, k)
    expect(theirs.statusCode, theirs.body).toBe(200)
    expect(theirs.json().replayed).toBe(false)
  })

  it('bad input is 400: no key, a malformed key, zero, negative, fractional, over a crore, text, extra fields', async () => {
    const taskId = await job()
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000 }, null)).statusCode).toBe(400)
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000 }, 'bad key!')).statusCode).toBe(400)
    for (const amount_paise of [0, -50_000, 500.5, 1_000_000_001, 1e15, '50000', null]) {
      const res = await cash(p.workerSession, taskId, { amount_paise })
      expect(res.statusCode, String(amount_paise)).toBe(400)
    }
    expect((await cash(p.workerSession, taskId, {})).statusCode).toBe(400)
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000, method: 'upi-manual' })).statusCode).toBe(400)
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000, note: 'x'.repeat(501) })).statusCode).toBe(400)
    expect((await cash(p.workerSession, taskId, { amount_paise: 50_000, note: 'bad\u0000note' })).statusCode).toBe(400)
    expect(await paymentsOf(taskId)).toHaveLength(0)
    expect(await taskStatus(t, taskId)).toBe('work_completed')
  })

  it('a job not finished, or with no price, is 409; nothing moves', async () => {
    const notDone = await job('assigned')
    const early = await cash(p.workerSession, notDone, { amount_paise: 50_000 })
    expect(early.statusCode).toBe(409)
    expect(await taskStatus(t, notDone)).toBe('assigned')
    const noPrice = await job()
    await t.database.db.update(tasks).set({ pricePaise: null }).where(eq(tasks.id, noPrice))
    const unpriced = await cash(p.workerSession, noPrice, { amount_paise: 50_000 })
    expect(unpriced.statusCode).toBe(409)
    expect(await taskStatus(t, noPrice)).toBe('work_completed')
    expect(await paymentsOf(noPrice)).toHaveLength(0)
  })

  it('a flood of calls with new keys records one payment; each other call is a 409', async () => {
    const taskId = await job()
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => cash(p.workerSession, taskId, { amount_paise: i % 2 ? 50_000 : 40_000 })),
    )
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(11)
    expect(await paymentsOf(taskId)).toHaveLength(1)
    await expectBooksBalance(t, p.admin)
  })
})
