import { LedgerCheckResponseSchema, OwedResponseSchema, PaymentResponseSchema, splitAmount } from '@townworks/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { key, payManually, pendingTask, people, taskStatus, type People } from '../../../test/payment-flow'

describe('the ledger balances and agrees with task statuses after any sequence of payments, payouts and refunds', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp()
    p = await people(t)
  })
  afterAll(() => t.close())

  it('splitting a total never loses a paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (total, bps) => {
        const { commission, workerShare } = splitAmount(total, bps)
        expect(commission + workerShare).toBe(total)
        expect(commission).toBe(Math.floor((total * bps) / 10_000))
        expect(workerShare).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  const step = fc.oneof(
    fc.record({ kind: fc.constant('pay' as const), task: fc.nat(3), retry: fc.boolean() }),
    fc.record({ kind: fc.constant('payout' as const), task: fc.nat(3) }),
    fc.record({ kind: fc.constant('refund' as const), task: fc.nat(3) }),
  )

  it('random sequences (25 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 4, maxLength: 4 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (prices, steps) => {
          const ids: number[] = []
          for (const [i, price] of prices.entries()) {
            ids.push(
              await pendingTask(t, {
                customerUserId: p.customer.user.id,
                workerId: i % 2 === 0 ? p.workerId : p.otherWorkerId,
                pricePaise: price,
              }),
            )
          }
          const lastPayment = new Map<number, number>()
          for (const s of steps) {
            const taskId = ids[s.task]!
            const price = prices[s.task]!
            const before = await taskStatus(t, taskId)
            if (s.kind === 'pay') {
              const k = key()
              const res = await payManually(t, p.operator, taskId, price, k)
              expect(res.statusCode).toBe(before === 'payment_pending' ? 200 : 409)
              if (res.statusCode === 200) lastPayment.set(taskId, PaymentResponseSchema.parse(res.json()).payment.id)
              if (s.retry) expect([200, 409]).toContain((await payManually(t, p.operator, taskId, price, k)).statusCode)
            } else if (s.kind === 'payout') {
              const res = await t.app.inject({
                method: 'POST',
                url: '/api/payouts',
                headers: bearer(p.operator),
                payload: {
                  worker_id: s.task % 2 === 0 ? p.workerId : p.otherWorkerId,
                  task_ids: [taskId],
                  method: 'cash',
                },
              })
              expect(res.statusCode).toBe(before === 'payment_received' ? 201 : 409)
            } else {
              const paymentId = lastPayment.get(taskId)
              if (paymentId === undefined) continue
              const res = await t.app.inject({
                method: 'POST',
                url: `/api/payments/${paymentId}/refund`,
                headers: bearer(p.admin),
                payload: { reason: 'Property test refund' },
              })
              expect(res.statusCode).toBe(before === 'payment_received' ? 200 : 409)
            }
          }
          const check = LedgerCheckResponseSchema.parse(
            (await t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(p.admin) })).json(),
          )
          expect(check.problems).toEqual([])
          // What the report says each worker is owed is exactly their share of these paid, not-paid-out tasks.
          const owed = OwedResponseSchema.parse(
            (await t.app.inject({ method: 'GET', url: '/api/payouts/owed', headers: bearer(p.operator) })).json(),
          )
          for (const [i, id] of ids.entries()) {
            const row = owed.workers.flatMap((w) => w.tasks).find((x) => x.task_id === id)
            if ((await taskStatus(t, id)) === 'payment_received') {
              expect(row?.amount_paise).toBe(splitAmount(prices[i]!, 1000).workerShare)
            } else {
              expect(row).toBeUndefined()
            }
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
