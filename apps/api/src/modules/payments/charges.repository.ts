import type { QuoteUnit, TaskLineItem, TaskStatus } from '@townworks/contract'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { assignments, serviceRequests, taskLineItems, taskPriceChanges, tasks, users } from '../../db/schema'

// A task's money as payments reads it (price, line items, price changes); writes `task_price_changes` and `task_line_items`.

export interface MoneyTask {
  id: number
  name: string
  status: TaskStatus
  pricePaise: number | null
  customerUserId: number | null
  /** The worker of the task's first active assignment. */
  workerId: number | null
}

async function taskRow(db: DbOrTx, taskId: number, lock: boolean): Promise<MoneyTask | undefined> {
  const query = db
    .select({
      id: tasks.id,
      name: tasks.taskName,
      status: tasks.status,
      pricePaise: tasks.pricePaise,
      customerUserId: serviceRequests.customerId,
    })
    .from(tasks)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .where(eq(tasks.id, taskId))
  const [task] = lock ? await query.for('update', { of: tasks }) : await query
  if (!task) return undefined
  const [assignment] = await db
    .select({ workerId: assignments.workerId })
    .from(assignments)
    .where(and(eq(assignments.taskId, taskId), ne(assignments.status, 'cancelled')))
    .orderBy(asc(assignments.id))
    .limit(1)
  return { ...task, workerId: assignment?.workerId ?? null }
}

/** A task with what money needs to know, locked for the rest of the transaction. */
export const lockTask = (tx: DbOrTx, taskId: number) => taskRow(tx, taskId, true)
/** A task with what money needs to know, unlocked. */
export const getTask = (db: DbOrTx, taskId: number) => taskRow(db, taskId, false)

export async function insertPriceChange(
  tx: DbOrTx,
  change: { taskId: number; fromPaise: number | null; toPaise: number; reason: string; changedBy: number | null },
): Promise<void> {
  await tx.insert(taskPriceChanges).values(change)
}

export interface NewLineItem {
  taskId: number
  description: string
  amountPaise: number
  reason: string | null
  addedBy: number | null
  /** From an accepted quote's line (decision 061): how much of what, and the service it supplies. */
  quantity?: number | null
  unit?: QuoteUnit | null
  serviceId?: number | null
}

export async function insertLineItem(tx: DbOrTx, item: NewLineItem): Promise<void> {
  await insertLineItems(tx, [item])
}

/** Several line items, in the order given (their ids keep it). */
export async function insertLineItems(tx: DbOrTx, items: readonly NewLineItem[]): Promise<void> {
  if (items.length > 0) await tx.insert(taskLineItems).values([...items])
}

/** Line items of several tasks, oldest first each. */
export async function lineItemsOf(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, TaskLineItem[]>> {
  const out = new Map<number, TaskLineItem[]>(taskIds.map((id) => [id, []]))
  if (taskIds.length === 0) return out
  const rows = await db
    .select({
      id: taskLineItems.id,
      taskId: taskLineItems.taskId,
      description: taskLineItems.description,
      amount_paise: taskLineItems.amountPaise,
      quantity: taskLineItems.quantity,
      unit: taskLineItems.unit,
      reason: taskLineItems.reason,
      added_by: users.username,
      createdAt: taskLineItems.createdAt,
    })
    .from(taskLineItems)
    .leftJoin(users, eq(users.id, taskLineItems.addedBy))
    .where(inArray(taskLineItems.taskId, [...taskIds]))
    .orderBy(asc(taskLineItems.id))
  for (const { taskId, createdAt, ...r } of rows) out.get(taskId)!.push({ ...r, created_at: createdAt.toISOString() })
  return out
}

/** Prices of several tasks. */
export async function pricesOf(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, number | null>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({ id: tasks.id, price: tasks.pricePaise })
    .from(tasks)
    .where(inArray(tasks.id, [...taskIds]))
  return new Map(rows.map((r) => [r.id, r.price]))
}

export async function priceChangesOf(db: DbOrTx, taskId: number) {
  const rows = await db
    .select({
      id: taskPriceChanges.id,
      from_paise: taskPriceChanges.fromPaise,
      to_paise: taskPriceChanges.toPaise,
      reason: taskPriceChanges.reason,
      changed_by: users.username,
      createdAt: taskPriceChanges.createdAt,
    })
    .from(taskPriceChanges)
    .leftJoin(users, eq(users.id, taskPriceChanges.changedBy))
    .where(eq(taskPriceChanges.taskId, taskId))
    .orderBy(asc(taskPriceChanges.id))
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() }))
}
