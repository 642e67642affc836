import { randomUUID } from 'node:crypto'
import {
  MANUAL_PAYMENT_METHODS,
  type LedgerCheckResponse,
  type LedgerSummaryQuery,
  type LedgerSummaryResponse,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import type { Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import * as ledgerRepository from './ledger.repository'
import * as payoutsRepository from './payouts.repository'
import { PAID_STATUSES, type PaymentDeps } from './common'

// The ledger's accounts, its balanced groups, the takings summary and the books' check (decision 009).

export const PLATFORM_CASH = 'platform_cash'
export const PLATFORM_COMMISSION = 'platform_commission'
/** A liability: online payments captured for tasks not waiting for payment, owed back to customers (decision 016). */
export const CUSTOMER_REFUNDS_DUE = 'customer_refunds_due'
export const workerPayable = (workerId: number) => `worker_payable:${workerId}`

/** Write one ledger group, refusing (as a bug, 500) legs that do not sum to zero. */
export async function writeGroup(
  tx: DbOrTx,
  kind: 'payment' | 'payout' | 'refund',
  legs: ledgerRepository.LedgerLeg[],
): Promise<void> {
  const nonZero = legs.filter((l) => l.amountPaise !== 0)
  const sum = nonZero.reduce((s, l) => s + l.amountPaise, 0)
  if (sum !== 0 || nonZero.length < 2) throw new Error(`Unbalanced ${kind} ledger group (sum ${sum})`)
  await ledgerRepository.insertLedgerGroup(tx, randomUUID(), kind, nonZero)
}

/** GET /api/ledger/summary — what the platform took per day (Asia/Kolkata) between from and to. */
export async function ledgerSummary(
  ctx: Ctx,
  deps: PaymentDeps,
  query: LedgerSummaryQuery,
): Promise<LedgerSummaryResponse> {
  const days = await ledgerRepository.takingsPerDay(ctx.database.db, query.from, query.to)
  const totals = days.reduce(
    (t, d) => ({
      received_paise: t.received_paise + d.received_paise,
      refunded_paise: t.refunded_paise + d.refunded_paise,
      commission_paise: t.commission_paise + d.commission_paise,
      paid_out_paise: t.paid_out_paise + d.paid_out_paise,
    }),
    { received_paise: 0, refunded_paise: 0, commission_paise: 0, paid_out_paise: 0 },
  )
  return { from: query.from ?? null, to: query.to ?? null, commission_bps: deps.commissionBps, totals, days }
}

/**
 * GET /api/ledger/check — prove the books: every ledger group sums to zero; every paid task has
 * exactly one captured payment for what it owes, recorded in the ledger; every paid-out task is
 * in exactly one payout whose amount matches its legs; each worker's payable balance equals the
 * shares of their paid, not-yet-paid-out tasks; platform cash equals payments less payouts.
 */
export async function checkLedger(ctx: Ctx): Promise<LedgerCheckResponse> {
  const db = ctx.database.db
  const problems: string[] = []
  const mismatches: LedgerCheckResponse['mismatches'] = []
  for (const g of await ledgerRepository.unbalancedGroups(db))
    problems.push(`Ledger group ${g.groupId} sums to ${g.total}`)
  const facts = await ledgerRepository.moneyFacts(db)
  for (const f of facts) {
    const paid = PAID_STATUSES.includes(f.status)
    if (paid && f.captured !== 1) problems.push(`Task ${f.task_id} is ${f.status} with ${f.captured} captured payments`)
    if (!paid && f.captured > 0) problems.push(`Task ${f.task_id} is ${f.status} but has a captured payment`)
    if (f.captured === 1) {
      const owed = f.price === null ? null : f.price + f.items
      if (f.captured_amount !== owed) {
        // Online payments are recorded whatever their amount and flagged (decision 016); a hand-recorded one must match.
        const online = !(MANUAL_PAYMENT_METHODS as readonly string[]).includes(f.captured_method ?? '')
        if (online) mismatches.push({ task_id: f.task_id, paid_paise: f.captured_amount ?? 0, owed_paise: owed })
        else problems.push(`Task ${f.task_id} was paid ${f.captured_amount}, owes ${owed}`)
      }
      if (f.captured_cash !== f.captured_amount) {
        problems.push(`Task ${f.task_id}'s payment is ${f.captured_amount} but the ledger took ${f.captured_cash}`)
      }
    }
    if (f.refunded_net !== null && f.refunded_net !== 0) {
      problems.push(`Task ${f.task_id}'s refunded payments do not net to zero in the ledger (${f.refunded_net})`)
    }
    const paidOut = f.status === 'paid_to_worker' || f.status === 'task_completed'
    if (paidOut && f.payouts !== 1) problems.push(`Task ${f.task_id} is ${f.status} but in ${f.payouts} payouts`)
    if (!paidOut && f.payouts > 0) problems.push(`Task ${f.task_id} is ${f.status} but was paid out`)
  }
  const payoutFacts = await ledgerRepository.payoutFacts(db)
  for (const p of payoutFacts) {
    if (p.cash !== p.amount || p.payable !== p.amount) {
      problems.push(`Payout ${p.payout_id} of ${p.amount} has ledger legs of ${p.cash} cash and ${p.payable} payable`)
    }
  }
  const balances = await ledgerRepository.accountBalances(db)
  const owed = await payoutsRepository.owedTasks(db)
  const owedByAccount = new Map<string, number>()
  for (const o of owed) {
    const account = workerPayable(o.workerId)
    owedByAccount.set(account, (owedByAccount.get(account) ?? 0) + o.amount_paise)
  }
  for (const [account, balance] of Object.entries(balances)) {
    if (!account.startsWith('worker_payable:')) continue
    const expected = owedByAccount.get(account) ?? 0
    if (-balance !== expected) problems.push(`${account} holds ${-balance}, but its tasks owe ${expected}`)
  }
  for (const [account, expected] of owedByAccount) {
    if (!(account in balances)) problems.push(`${account} has no ledger entries but is owed ${expected}`)
  }
  const totals = await ledgerRepository.moneyTotals(db)
  const cash = balances[PLATFORM_CASH] ?? 0
  const held = totals.captured + totals.unallocated - totals.paidOut
  if (cash !== held) {
    problems.push(`Platform cash is ${cash}, but payments less payouts are ${held}`)
  }
  const refundsDue = -(balances[CUSTOMER_REFUNDS_DUE] ?? 0)
  if (refundsDue !== totals.unallocated) {
    problems.push(`${CUSTOMER_REFUNDS_DUE} holds ${refundsDue}, but unallocated payments are ${totals.unallocated}`)
  }
  const sum = Object.values(balances).reduce((s, b) => s + b, 0)
  if (sum !== 0) problems.push(`The ledger as a whole sums to ${sum}`)
  return {
    ok: problems.length === 0,
    problems,
    balances,
    mismatches,
    checked: { groups: await ledgerRepository.countGroups(db), tasks: facts.length, payouts: payoutFacts.length },
  }
}

/** GET /api/ledger/export.csv: the ledger's legs between two days, oldest first (decision 045). */
export function exportLedger(ctx: Ctx, query: { from?: string | undefined; to?: string | undefined }): CsvTable {
  return {
    header: ['id', 'created_at', 'group_id', 'kind', 'account', 'amount_paise', 'task_id', 'payment_id', 'payout_id'],
    batches: mapBatches(ledgerRepository.exportLedgerBatches(ctx.database.db, query.from, query.to), (e) => [
      e.id,
      e.createdAt.toISOString(),
      e.groupId,
      e.kind,
      e.account,
      e.amountPaise,
      e.taskId,
      e.paymentId,
      e.payoutId,
    ]),
  }
}
