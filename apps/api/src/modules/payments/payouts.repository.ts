import type { PaymentMethod, Payout, PayoutMethod, RefundDue } from '@townworks/contract'
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import { ledgerEntries, payments, payouts, payoutTasks, tasks, users, workers } from '../../db/schema'

// Payouts to workers (`payouts`, `payout_tasks`) and what is still owed to them.

export async function workerName(db: DbOrTx, workerId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: workers.name }).from(workers).where(eq(workers.id, workerId))
  return row?.name
}

export async function workerIdOfUser(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: workers.id }).from(workers).where(eq(workers.userId, userId))
  return row?.id
}

export async function insertPayout(
  tx: DbOrTx,
  p: {
    workerId: number
    amountPaise: number
    method: PayoutMethod
    reference: string | null
    recordedBy: number | null
    taskIds: readonly number[]
  },
): Promise<number> {
  const [row] = await tx
    .insert(payouts)
    .values({
      workerId: p.workerId,
      amountPaise: p.amountPaise,
      method: p.method,
      reference: p.reference,
      recordedBy: p.recordedBy,
    })
    .returning({ id: payouts.id })
  await tx.insert(payoutTasks).values(p.taskIds.map((taskId) => ({ payoutId: row!.id, taskId })))
  return row!.id
}

/** Payouts, newest first, with the tasks each covers and each task's share. */
export async function listPayouts(
  db: DbOrTx,
  filter: { workerId?: number; payoutId?: number } = {},
): Promise<Payout[]> {
  const where = and(
    filter.workerId !== undefined ? eq(payouts.workerId, filter.workerId) : undefined,
    filter.payoutId !== undefined ? eq(payouts.id, filter.payoutId) : undefined,
  )
  const rows = await db
    .select({
      id: payouts.id,
      worker_id: payouts.workerId,
      worker_name: workers.name,
      amount_paise: payouts.amountPaise,
      method: payouts.method,
      reference: payouts.reference,
      recorded_by: users.username,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(workers, eq(workers.id, payouts.workerId))
    .leftJoin(users, eq(users.id, payouts.recordedBy))
    .where(where)
    .orderBy(desc(payouts.id))
    .limit(200)
  if (rows.length === 0) return []
  const covered = await db
    .select({
      payoutId: payoutTasks.payoutId,
      task_id: payoutTasks.taskId,
      task_name: tasks.taskName,
      amount_paise: sql<number>`coalesce((select sum(${ledgerEntries.amountPaise}) from ${ledgerEntries}
        where ${ledgerEntries.payoutId} = ${payoutTasks.payoutId} and ${ledgerEntries.taskId} = ${payoutTasks.taskId}
        and ${ledgerEntries.account} like 'worker_payable:%'), 0)::int`,
    })
    .from(payoutTasks)
    .innerJoin(tasks, eq(tasks.id, payoutTasks.taskId))
    .where(
      inArray(
        payoutTasks.payoutId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(payoutTasks.taskId))
  return rows.map(({ createdAt, ...r }) => ({
    ...r,
    method: r.method as PayoutMethod,
    created_at: createdAt.toISOString(),
    tasks: covered.filter((c) => c.payoutId === r.id).map(({ payoutId: _p, ...c }) => c),
  }))
}

/** Tasks paid by their customer and not yet paid out, with their worker and the worker's share. */
export async function owedTasks(db: DbOrTx, workerId?: number) {
  const rows = await db
    .select({
      task_id: tasks.id,
      task_name: tasks.taskName,
      status: tasks.status,
      account: ledgerEntries.account,
      amount: ledgerEntries.amountPaise,
      paidPaise: payments.amountPaise,
      paidAt: payments.createdAt,
    })
    .from(tasks)
    .innerJoin(payments, and(eq(payments.taskId, tasks.id), eq(payments.state, 'captured')))
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.paymentId, payments.id),
        eq(ledgerEntries.kind, 'payment'),
        workerId !== undefined
          ? eq(ledgerEntries.account, `worker_payable:${workerId}`)
          : sql`${ledgerEntries.account} like 'worker_payable:%'`,
      ),
    )
    .where(eq(tasks.status, 'payment_received'))
    .orderBy(asc(payments.createdAt), asc(tasks.id))
  return rows.map((r) => ({
    workerId: Number(r.account.slice('worker_payable:'.length)),
    task_id: r.task_id,
    task_name: r.task_name,
    status: r.status,
    amount_paise: -r.amount,
    paid_at: r.paidAt.toISOString(),
    /** What the customer's captured payment brought in. */
    paidPaise: r.paidPaise,
  }))
}

/** Online payments held for tasks that were not waiting for them, not yet refunded, oldest first. */
export async function refundsDue(db: DbOrTx): Promise<RefundDue[]> {
  const rows = await db
    .select({
      payment_id: payments.id,
      task_id: tasks.id,
      task_name: tasks.taskName,
      status: tasks.status,
      amount_paise: payments.amountPaise,
      method: payments.method,
      provider_ref: payments.providerRef,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(tasks, eq(tasks.id, payments.taskId))
    .where(eq(payments.state, 'unallocated'))
    .orderBy(asc(payments.createdAt), asc(payments.id))
  return rows.map(({ createdAt, ...r }) => ({
    ...r,
    method: r.method as PaymentMethod,
    created_at: createdAt.toISOString(),
  }))
}

/** Paid-out totals per worker. */
export async function paidPerWorker(db: DbOrTx): Promise<Map<number, { name: string; paid: number }>> {
  const rows = await db
    .select({
      workerId: workers.id,
      name: workers.name,
      paid: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)::bigint`,
    })
    .from(payouts)
    .innerJoin(workers, eq(workers.id, payouts.workerId))
    .groupBy(workers.id, workers.name)
  return new Map(rows.map((r) => [r.workerId, { name: r.name, paid: Number(r.paid) }]))
}

export async function workerNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(inArray(workers.id, [...ids]))
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** One line of the payouts' CSV: a payout and one task it covers (a payout without tasks has one line, no task). */
export interface PayoutExportRow {
  id: number
  createdAt: Date
  workerId: number
  workerName: string
  amountPaise: number
  method: string
  reference: string | null
  recordedBy: string | null
  taskId: number | null
  taskName: string | null
}

/**
 * Every payout, newest first, a line per task it covers, in batches of payouts read by id (keyset):
 * the CSV export streams them in constant memory (decision 045).
 */
export async function* exportPayoutBatches(db: DbOrTx, batchSize = EXPORT_BATCH): AsyncGenerator<PayoutExportRow[]> {
  let before: number | undefined
  for (;;) {
    const page = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(before === undefined ? undefined : lt(payouts.id, before))
      .orderBy(desc(payouts.id))
      .limit(batchSize)
    if (page.length === 0) return
    const ids = page.map((p) => p.id)
    const rows = await db
      .select({
        id: payouts.id,
        createdAt: payouts.createdAt,
        workerId: payouts.workerId,
        workerName: workers.name,
        amountPaise: payouts.amountPaise,
        method: payouts.method,
        reference: payouts.reference,
        recordedBy: users.username,
        taskId: payoutTasks.taskId,
        taskName: tasks.taskName,
      })
      .from(payouts)
      .innerJoin(workers, eq(workers.id, payouts.workerId))
      .leftJoin(users, eq(users.id, payouts.recordedBy))
      .leftJoin(payoutTasks, eq(payoutTasks.payoutId, payouts.id))
      .leftJoin(tasks, eq(tasks.id, payoutTasks.taskId))
      .where(inArray(payouts.id, ids))
      .orderBy(desc(payouts.id), asc(payoutTasks.taskId))
    yield rows
    if (page.length < batchSize) return
    before = ids.at(-1)
  }
}
