import { LedgerCheckResponseSchema, OwedResponseSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { seedDemoData } from '../../db/seed/demo'
import { tasks } from '../../db/schema'

describe('the demo data keeps its own books', () => {
  let t: TestApp
  let admin: Session
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    await seedDemoData(t.database.db, { commissionBps: t.config.PLATFORM_COMMISSION_BPS })
    admin = await loginAs(t, 'admin')
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  it('a fresh demo database passes GET /api/ledger/check: paid tasks have their payments and ledger rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(admin) })
    expect(res.statusCode).toBe(200)
    const check = LedgerCheckResponseSchema.parse(res.json())
    expect(check.problems).toEqual([])
    expect(check.ok).toBe(true)
    expect(check.checked.tasks).toBeGreaterThanOrEqual(2)
    expect(check.checked.payouts).toBeGreaterThanOrEqual(1)
  })

  it('every demo task its customer has paid (payment_received) is owed to its worker on GET /api/payouts/owed', async () => {
    const paid = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.status, 'payment_received'))
    expect(paid.length).toBeGreaterThan(0)
    const res = await t.app.inject({ method: 'GET', url: '/api/payouts/owed', headers: bearer(operator) })
    const owedIds = OwedResponseSchema.parse(res.json()).workers.flatMap((w) => w.tasks.map((x) => x.task_id))
    for (const { id } of paid) expect(owedIds).toContain(id)
  })
})
