import type { TaskStatus } from '@townworks/contract'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import { indiaDayStart } from '../../db/india-time'
import { ledgerEntries, payments } from '../../db/schema'

// The double-entry ledger (`ledger_entries`) and the facts the ledger check compares (decision 009).

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

/** Balance of every ledger account. */
export async function accountBalances(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<number>`sum(${ledgerEntries.amountPaise})::bigint` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account)
    .orderBy(asc(ledgerEntries.account))
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]))
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

/** One leg of the ledger as its CSV writes it. */
export interface LedgerExportRow {
  id: number
  createdAt: Date
  groupId: string
  kind: string
  account: string
  amountPaise: number
  taskId: number | null
  paymentId: number | null
  payoutId: number | null
}

/**
 * The ledger's legs made between two Asia/Kolkata days (inclusive; either may be open), oldest
 * first, in batches read by id (keyset, over ledger_entries_created_idx for the bounds): the CSV
 * export streams a ledger of any size in constant memory (decision 045).
 */
export async function* exportLedgerBatches(
  db: DbOrTx,
  from: string | undefined,
  to: string | undefined,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<LedgerExportRow[]> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        groupId: ledgerEntries.groupId,
        kind: ledgerEntries.kind,
        account: ledgerEntries.account,
        amountPaise: ledgerEntries.amountPaise,
        taskId: ledgerEntries.taskId,
        paymentId: ledgerEntries.paymentId,
        payoutId: ledgerEntries.payoutId,
      })
      .from(ledgerEntries)
      .where(
        and(
          gt(ledgerEntries.id, after),
          from ? sql`${ledgerEntries.createdAt} >= ${indiaDayStart(from)}` : undefined,
          to ? sql`${ledgerEntries.createdAt} < ${indiaDayStart(to, 1)}` : undefined,
        ),
      )
      .orderBy(asc(ledgerEntries.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows
    if (rows.length < batchSize) return
    after = rows.at(-1)!.id
  }
}
