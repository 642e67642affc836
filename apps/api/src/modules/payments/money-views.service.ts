import { moneyStateOf, splitAmount, type MoneyState } from '@townworks/contract'
import type { Ctx } from '../../shared/context'
import { chargesOfTasks } from './charges.service'
import * as moneyViewsRepository from './money-views.repository'

/** Where each task's money stands (the one money state) and what its captured payment brought in. */
export async function moneyStatesOf(
  ctx: Ctx,
  taskIds: readonly number[],
): Promise<Map<number, { state: MoneyState; paidPaise: number; totalPaise: number | null }>> {
  const charges = await chargesOfTasks(ctx, taskIds)
  const paid = await moneyViewsRepository.capturedPaidOf(ctx.database.db, taskIds)
  return new Map(
    taskIds.map((id) => {
      const total = charges.get(id)?.total_paise ?? null
      const paidPaise = paid.get(id) ?? 0
      return [id, { state: moneyStateOf(total, paidPaise), paidPaise, totalPaise: total }]
    }),
  )
}

/** Where a task's money stands and what its worker gets, as every screen shows it (job page, My requests, My jobs). */
export interface MoneyView {
  state: MoneyState
  /** The worker's share as Payouts counts it: of the captured payment, else of the total at the commission; null without a price. */
  workerSharePaise: number | null
  paidOut: boolean
  /** Price plus line items; null without a price. */
  totalPaise: number | null
}

/**
 * The money state and the worker's share of several tasks, from the same numbers as Payouts (the
 * captured payment's ledger legs) and as the charges (price plus line items, less what was paid).
 */
export async function moneyViewsOf(
  ctx: Ctx,
  taskIds: readonly number[],
  commissionBps: number,
): Promise<Map<number, MoneyView>> {
  const db = ctx.database.db
  const states = await moneyStatesOf(ctx, taskIds)
  const shares = await moneyViewsRepository.capturedSharesOf(db, taskIds)
  const paidOut = await moneyViewsRepository.paidOutTaskIds(db, taskIds)
  return new Map(
    taskIds.map((id) => {
      const { state, totalPaise } = states.get(id)!
      const share = shares.get(id) ?? (totalPaise === null ? null : splitAmount(totalPaise, commissionBps).workerShare)
      return [id, { state, workerSharePaise: share, paidOut: paidOut.has(id), totalPaise }]
    }),
  )
}
