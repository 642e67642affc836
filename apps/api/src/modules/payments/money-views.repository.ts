import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { ledgerEntries, payments, payoutTasks } from '../../db/schema'

/**
 * The worker's share of each task's captured payment, from the payment's ledger legs (what Payouts
 * owes and pays); tasks with no captured payment are absent.
 */
export async function capturedSharesOf(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({ taskId: payments.taskId, amount: ledgerEntries.amountPaise })
    .from(payments)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.paymentId, payments.id),
        eq(ledgerEntries.kind, 'payment'),
        sql`${ledgerEntries.account} like 'worker_payable:%'`,
      ),
    )
    .where(and(inArray(payments.taskId, [...taskIds]), eq(payments.state, 'captured')))
  return new Map(rows.map((r) => [r.taskId, -r.amount]))
}

/** Which of these tasks have been paid out to their worker. */
export async function paidOutTaskIds(db: DbOrTx, taskIds: readonly number[]): Promise<Set<number>> {
  if (taskIds.length === 0) return new Set()
  const rows = await db
    .select({ taskId: payoutTasks.taskId })
    .from(payoutTasks)
    .where(inArray(payoutTasks.taskId, [...taskIds]))
  return new Set(rows.map((r) => r.taskId))
}

/** What each task's captured payment brought in (a task has at most one); tasks with none are absent. */
export async function capturedPaidOf(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({ taskId: payments.taskId, amount: sql<number>`sum(${payments.amountPaise})::int` })
    .from(payments)
    .where(and(inArray(payments.taskId, [...taskIds]), eq(payments.state, 'captured')))
    .groupBy(payments.taskId)
  return new Map(rows.map((r) => [r.taskId, Number(r.amount)]))
}
