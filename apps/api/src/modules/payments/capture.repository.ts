import type { Payment, PaymentMethod } from '@townworks/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { payments, users } from '../../db/schema'

// Payments captured for tasks: rows of `payments`.

const paymentColumns = {
  id: payments.id,
  task_id: payments.taskId,
  amount_paise: payments.amountPaise,
  method: payments.method,
  provider_ref: payments.providerRef,
  order_id: payments.orderId,
  state: payments.state,
  recorded_by: users.username,
  createdAt: payments.createdAt,
  refund_reason: payments.refundReason,
  refundedAt: payments.refundedAt,
  idempotencyKey: payments.idempotencyKey,
}

export interface StoredPayment extends Payment {
  idempotencyKey: string
}

function toPayment(r: {
  createdAt: Date
  refundedAt: Date | null
  method: string
  [k: string]: unknown
}): StoredPayment {
  const { createdAt, refundedAt, ...rest } = r
  return {
    ...(rest as unknown as Omit<StoredPayment, 'created_at' | 'refunded_at'>),
    method: r.method as PaymentMethod,
    created_at: createdAt.toISOString(),
    refunded_at: refundedAt ? refundedAt.toISOString() : null,
  }
}

export async function paymentsOfTask(db: DbOrTx, taskId: number): Promise<Payment[]> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.taskId, taskId))
    .orderBy(asc(payments.id))
  return rows.map((r) => {
    const { idempotencyKey: _key, ...p } = toPayment(r)
    return p
  })
}

export async function findPaymentByKey(db: DbOrTx, key: string): Promise<StoredPayment | undefined> {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.idempotencyKey, key))
  return row ? toPayment(row) : undefined
}

export async function getPayment(db: DbOrTx, id: number): Promise<StoredPayment | undefined> {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.id, id))
  return row ? toPayment(row) : undefined
}

export async function insertCapturedPayment(
  tx: DbOrTx,
  p: {
    taskId: number
    amountPaise: number
    method: PaymentMethod
    providerRef: string | null
    orderId: string | null
    idempotencyKey: string
    recordedBy: number | null
  },
  state: 'captured' | 'unallocated' = 'captured',
): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({ ...p, state })
    .returning({ id: payments.id })
  return row!.id
}

export async function markRefunded(tx: DbOrTx, id: number, reason: string, by: number | null): Promise<void> {
  await tx
    .update(payments)
    .set({ state: 'refunded', refundReason: reason, refundedBy: by, refundedAt: sql`now()` })
    .where(eq(payments.id, id))
}
