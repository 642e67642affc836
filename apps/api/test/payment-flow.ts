import { LedgerCheckResponseSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from './auth-helpers'
import { createTask, createWorker } from './fixtures'
import type { TestApp } from './test-app'
import { tasks } from '../src/db/schema'

// The people and steps of a payment, shared by the payments' and the invoices' tests.

export interface People {
  operator: Session
  admin: Session
  customer: Session
  otherCustomer: Session
  workerSession: Session
  workerId: number
  otherWorkerId: number
}

/** Staff, two customers and two workers (the first with a login). */
export async function people(t: TestApp): Promise<People> {
  const workerUser = await createUser(t, 'worker')
  return {
    operator: await loginAs(t, 'operator'),
    admin: await loginAs(t, 'admin'),
    customer: await loginAs(t, 'customer'),
    otherCustomer: await loginAs(t, 'customer'),
    workerSession: await login(t, workerUser),
    workerId: (await createWorker(t, { userId: workerUser.id, name: 'Paid Worker' })).id,
    otherWorkerId: (await createWorker(t, { name: 'Other Worker' })).id,
  }
}

/** A task of this customer and worker, waiting for payment, with a price. */
export async function pendingTask(
  t: TestApp,
  p: {
    customerUserId: number
    workerId: number
    pricePaise?: number
    status?: 'payment_pending' | 'work_completed' | 'assigned'
  },
) {
  const { task } = await createTask(t, {
    workerId: p.workerId,
    customerUserId: p.customerUserId,
    status: p.status ?? 'payment_pending',
  })
  await t.database.db
    .update(tasks)
    .set({ pricePaise: p.pricePaise ?? 50_000 })
    .where(eq(tasks.id, task.id))
  return task.id
}

export const key = () => randomUUID()

/** POST /api/tasks/:id/payments/manual */
export function payManually(
  t: TestApp,
  s: Session,
  taskId: number,
  amount: number,
  idempotencyKey: string | null = key(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/payments/manual`,
    headers: { ...bearer(s), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { amount_paise: amount, method: 'cash', reference: 'receipt 12' },
  })
}

export async function taskStatus(t: TestApp, taskId: number): Promise<string> {
  const [row] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId))
  return row!.status
}

/** The admin's ledger check must find nothing wrong. */
export async function expectBooksBalance(t: TestApp, admin: Session): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(admin) })
  expect(res.statusCode).toBe(200)
  const check = LedgerCheckResponseSchema.parse(res.json())
  expect(check.problems).toEqual([])
  expect(check.ok).toBe(true)
}
