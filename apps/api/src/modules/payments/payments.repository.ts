import type {
  Payment,
  PaymentMethod,
  PaymentOrder,
  PaymentProviderName,
  Payout,
  PayoutMethod,
  RefundDue,
  TaskLineItem,
  TaskStatus,
} from '@townworks/contract'
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  assignments,
  ledgerEntries,
  paymentOrders,
  payments,
  payouts,
  payoutTasks,
  serviceRequests,
  taskLineItems,
  taskPriceChanges,
  tasks,
  users,
  workers,
} from '../../db/schema'

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

export async function setPrice(tx: DbOrTx, taskId: number, pricePaise: number): Promise<void> {
  await tx
    .update(tasks)
    .set({ pricePaise, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
}

export async function insertPriceChange(
  tx: DbOrTx,
  change: { taskId: number; fromPaise: number | null; toPaise: number; reason: string; changedBy: number | null },
): Promise<void> {
  await tx.insert(taskPriceChanges).values(change)
}

export async function insertLineItem(
  tx: DbOrTx,
  item: { taskId: number; description: string; amountPaise: number; reason: string | null; addedBy: number | null },
): Promise<void> {
  await tx.insert(taskLineItems).values(item)
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

export interface LedgerLeg {
  account: string
  amountPaise: number
  taskId?: number | null
  paymentId?: number | null
  payoutId?: number | null
}

/** Write the legs of one ledger group (the caller has checked they balance). */
export async function insertLedgerGroup(
  tx: DbOrTx,
  groupId: string,
  kind: 'payment' | 'payout' | 'refund',
  legs: readonly LedgerLeg[],
): Promise<void> {
  await tx.insert(ledgerEntries).values(
    legs.map((l) => ({
      groupId,
      kind,
      account: l.account,
      amountPaise: l.amountPaise,
      taskId: l.taskId ?? null,
      paymentId: l.paymentId ?? null,
      payoutId: l.payoutId ?? null,
    })),
  )
}

/** The legs a payment wrote when it was captured. */
export async function paymentLegs(db: DbOrTx, paymentId: number): Promise<LedgerLeg[]> {
  return db
    .select({
      account: ledgerEntries.account,
      amountPaise: ledgerEntries.amountPaise,
      taskId: ledgerEntries.taskId,
      paymentId: ledgerEntries.paymentId,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'payment')))
    .orderBy(asc(ledgerEntries.id))
}

/** The worker's share of a task, from the legs of its captured payment; undefined when it has none. */
export async function capturedShare(
  db: DbOrTx,
  taskId: number,
): Promise<{ paymentId: number; workerAccount: string; sharePaise: number } | undefined> {
  const [row] = await db
    .select({ paymentId: payments.id, account: ledgerEntries.account, amount: ledgerEntries.amountPaise })
    .from(payments)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.paymentId, payments.id),
        eq(ledgerEntries.kind, 'payment'),
        sql`${ledgerEntries.account} like 'worker_payable:%'`,
      ),
    )
    .where(and(eq(payments.taskId, taskId), eq(payments.state, 'captured')))
  return row ? { paymentId: row.paymentId, workerAccount: row.account, sharePaise: -row.amount } : undefined
}

export async function insertOrder(
  tx: DbOrTx,
  o: { orderId: string; taskId: number; provider: PaymentProviderName; amountPaise: number; createdBy: number | null },
): Promise<void> {
  await tx.insert(paymentOrders).values(o)
}

export interface StoredOrder {
  orderId: string
  taskId: number
  provider: PaymentProviderName
  amountPaise: number
  state: PaymentOrder['state']
}

const orderColumns = {
  orderId: paymentOrders.orderId,
  taskId: paymentOrders.taskId,
  provider: paymentOrders.provider,
  amountPaise: paymentOrders.amountPaise,
  state: paymentOrders.state,
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await db.select(orderColumns).from(paymentOrders).where(eq(paymentOrders.orderId, orderId))
  return row
}

/** An order of this task still open for this amount with this provider, newest first. */
export async function findOpenOrder(
  db: DbOrTx,
  taskId: number,
  provider: PaymentProviderName,
  amountPaise: number,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.taskId, taskId),
        eq(paymentOrders.provider, provider),
        eq(paymentOrders.amountPaise, amountPaise),
        eq(paymentOrders.state, 'created'),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1)
  return row
}

export async function setOrderState(tx: DbOrTx, orderId: string, state: StoredOrder['state']): Promise<void> {
  await tx.update(paymentOrders).set({ state }).where(eq(paymentOrders.orderId, orderId))
}

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

/** Balance of every ledger account. */
export async function accountBalances(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<number>`sum(${ledgerEntries.amountPaise})::bigint` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account)
    .orderBy(asc(ledgerEntries.account))
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]))
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

/** Platform takings per Asia/Kolkata day between two dates (inclusive; either may be open). */
export async function takingsPerDay(db: DbOrTx, from: string | undefined, to: string | undefined) {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`
  const rows = await db
    .select({
      date: day,
      received: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'payment' and ${ledgerEntries.account} = 'platform_cash'), 0)::bigint`,
      refunded: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'refund' and ${ledgerEntries.account} = 'platform_cash'), 0)::bigint`,
      commission: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'platform_commission'), 0)::bigint`,
      paidOut: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'payout' and ${ledgerEntries.account} = 'platform_cash'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(
      and(
        from ? sql`(${ledgerEntries.createdAt} at time zone 'Asia/Kolkata')::date >= ${from}::date` : undefined,
        to ? sql`(${ledgerEntries.createdAt} at time zone 'Asia/Kolkata')::date <= ${to}::date` : undefined,
      ),
    )
    .groupBy(day)
    .orderBy(day)
  return rows.map((r) => ({
    date: r.date,
    received_paise: Number(r.received),
    refunded_paise: Number(r.refunded),
    commission_paise: Number(r.commission),
    paid_out_paise: Number(r.paidOut),
  }))
}

/** Ledger groups whose legs do not sum to zero. */
export async function unbalancedGroups(db: DbOrTx): Promise<{ groupId: string; total: number }[]> {
  const rows = await db
    .select({ groupId: ledgerEntries.groupId, total: sql<number>`sum(${ledgerEntries.amountPaise})::bigint` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.groupId)
    .having(sql`sum(${ledgerEntries.amountPaise}) <> 0`)
  return rows.map((r) => ({ groupId: r.groupId, total: Number(r.total) }))
}

export async function countGroups(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${ledgerEntries.groupId})::int` }).from(ledgerEntries)
  return row!.n
}

export interface MoneyFact {
  task_id: number
  status: TaskStatus
  price: number | null
  items: number
  captured: number
  captured_amount: number | null
  captured_method: string | null
  captured_cash: number | null
  refunded_net: number | null
  payouts: number
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** Every task that has money attached or a paid status, with what the check compares. */
export async function moneyFacts(db: DbOrTx) {
  const result = await db.execute(sql`
    select t.id as task_id, t.status, t.price_paise as price,
      coalesce((select sum(li.amount_paise) from task_line_items li where li.task_id = t.id), 0)::int as items,
      (select count(*) from payments p where p.task_id = t.id and p.state = 'captured')::int as captured,
      (select max(p.amount_paise) from payments p where p.task_id = t.id and p.state = 'captured')::int as captured_amount,
      (select max(p.method) from payments p where p.task_id = t.id and p.state = 'captured') as captured_method,
      (select sum(le.amount_paise) from ledger_entries le join payments p on p.id = le.payment_id
        where p.task_id = t.id and p.state = 'captured' and le.kind = 'payment' and le.account = 'platform_cash')::int
        as captured_cash,
      (select sum(le.amount_paise) from ledger_entries le join payments p on p.id = le.payment_id
        where p.task_id = t.id and p.state = 'refunded')::int as refunded_net,
      (select count(*) from payout_tasks pt where pt.task_id = t.id)::int as payouts
    from tasks t
    where t.status in ('payment_received', 'paid_to_worker', 'task_completed')
       or exists (select 1 from payments p where p.task_id = t.id)
       or exists (select 1 from payout_tasks pt where pt.task_id = t.id)
    order by t.id`)
  return rowsOf<MoneyFact>(result)
}

/** Each payout's amount against the shares of its tasks and its cash leg. */
export async function payoutFacts(db: DbOrTx) {
  const result = await db.execute(sql`
    select po.id as payout_id, po.amount_paise as amount,
      (select -sum(le.amount_paise) from ledger_entries le where le.payout_id = po.id and le.account = 'platform_cash')::int as cash,
      (select sum(le.amount_paise) from ledger_entries le where le.payout_id = po.id and le.account like 'worker_payable:%')::int as payable
    from payouts po order by po.id`)
  return rowsOf<{ payout_id: number; amount: number; cash: number | null; payable: number | null }>(result)
}

/** Sums the ledger should agree with: captured payments and payouts. */
export async function moneyTotals(db: DbOrTx): Promise<{ captured: number; unallocated: number; paidOut: number }> {
  const result = await db.execute(sql`
    select coalesce((select sum(amount_paise) from payments where state = 'captured'), 0)::bigint as captured,
           coalesce((select sum(amount_paise) from payments where state = 'unallocated'), 0)::bigint as unallocated,
           coalesce((select sum(amount_paise) from payouts), 0)::bigint as paid_out`)
  const row = rowsOf<{ captured: string | number; unallocated: string | number; paid_out: string | number }>(result)[0]!
  return { captured: Number(row.captured), unallocated: Number(row.unallocated), paidOut: Number(row.paid_out) }
}
