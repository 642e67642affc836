import {
  MAX_AMOUNT_PAISE,
  PRICE_LOCKED_STATUSES,
  type AddLineItemBody,
  type QuoteUnit,
  type SetPriceBody,
  type TaskChargesResponse,
  type TaskLineItem,
  type TaskStatus,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as tasksService from '../tasks/tasks.service'
import * as chargesRepository from './charges.repository'
import * as captureRepository from './capture.repository'
import { balanceOf, totalOf, userOf } from './common'

// A task's charges: its price, line items and price changes, and what it owes (decision 009).

/** Refuse a price or line item that would take the task's total past what one task may cost. */
function assertTotalFits(total: number, path: 'price_paise' | 'amount_paise'): void {
  if (total > MAX_AMOUNT_PAISE) {
    throw new AppError(
      'CONFLICT',
      `This would make the task cost ₹${total / 100}, more than one task may cost (₹${MAX_AMOUNT_PAISE / 100}). ` +
        'Split the work into several tasks.',
      { issues: [{ path, message: 'Above the most one task may cost' }], details: { max_paise: MAX_AMOUNT_PAISE } },
    )
  }
}

/** Price, line items and total of several tasks, for the customer's My requests. */
export async function chargesOfTasks(
  ctx: Ctx,
  taskIds: readonly number[],
): Promise<Map<number, { price_paise: number | null; line_items: TaskLineItem[]; total_paise: number | null }>> {
  const prices = await chargesRepository.pricesOf(ctx.database.db, taskIds)
  const items = await chargesRepository.lineItemsOf(ctx.database.db, taskIds)
  return new Map(
    taskIds.map((id) => {
      const price = prices.get(id) ?? null
      const lineItems = items.get(id) ?? []
      return [id, { price_paise: price, line_items: lineItems, total_paise: totalOf(price, lineItems) }]
    }),
  )
}

/** A task's price, line items, price changes and payments. */
export async function getTaskCharges(
  ctx: Ctx,
  taskId: number,
  db: DbOrTx = ctx.database.db,
): Promise<TaskChargesResponse> {
  const task = await chargesRepository.getTask(db, taskId)
  if (!task) throw notFound('Task')
  const items = (await chargesRepository.lineItemsOf(db, [taskId])).get(taskId) ?? []
  const total = totalOf(task.pricePaise, items)
  const taskPayments = await captureRepository.paymentsOfTask(db, taskId)
  const captured = taskPayments.filter((p) => p.state === 'captured')
  const paid = captured.reduce((sum, p) => sum + p.amount_paise, 0)
  const settled = captured.length > 0 ? balanceOf(total, paid) : null
  const refundDue = taskPayments.filter((p) => p.state === 'unallocated').reduce((sum, p) => sum + p.amount_paise, 0)
  return {
    charges: {
      task_id: task.id,
      task_name: task.name,
      status: task.status,
      price_paise: task.pricePaise,
      line_items: items,
      total_paise: total,
      price_changes: await chargesRepository.priceChangesOf(db, taskId),
      payments: taskPayments,
      paid_paise: paid,
      balance_paise: settled?.balance ?? null,
      payment_mismatch: settled?.mismatch ?? null,
      refund_due_paise: refundDue,
    },
  }
}

function assertPriceOpen(task: chargesRepository.MoneyTask): void {
  if ((PRICE_LOCKED_STATUSES as readonly TaskStatus[]).includes(task.status)) {
    throw new AppError(
      'CONFLICT',
      task.status === 'cancelled'
        ? 'This task is cancelled: its price no longer changes'
        : 'The customer has already paid: the price is settled',
      { details: { status: task.status } },
    )
  }
}

/** PUT /api/tasks/:id/price — an operator adjusts the price with a reason, recorded, before the customer pays. */
export async function setTaskPrice(ctx: Ctx, taskId: number, body: SetPriceBody): Promise<TaskChargesResponse> {
  const user = userOf(ctx)
  await ctx.database.db.transaction(async (tx) => {
    const task = await chargesRepository.lockTask(tx, taskId)
    if (!task) throw notFound('Task')
    assertPriceOpen(task)
    const items = (await chargesRepository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
    assertTotalFits(totalOf(body.price_paise, items)!, 'price_paise')
    await chargesRepository.insertPriceChange(tx, {
      taskId,
      fromPaise: task.pricePaise,
      toPaise: body.price_paise,
      reason: body.reason,
      changedBy: user.id,
    })
    await tasksService.setTaskPrice(tx, taskId, body.price_paise)
  })
  return getTaskCharges(ctx, taskId)
}

/** POST /api/tasks/:id/line-items — add materials or extra work, refused once the customer has paid. */
export async function addLineItem(ctx: Ctx, taskId: number, body: AddLineItemBody): Promise<TaskChargesResponse> {
  const user = userOf(ctx)
  await ctx.database.db.transaction(async (tx) => {
    const task = await chargesRepository.lockTask(tx, taskId)
    if (!task) throw notFound('Task')
    assertPriceOpen(task)
    const items = (await chargesRepository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
    assertTotalFits(
      (task.pricePaise ?? 0) + items.reduce((s, i) => s + i.amount_paise, 0) + body.amount_paise,
      'amount_paise',
    )
    await chargesRepository.insertLineItem(tx, {
      taskId,
      description: body.description,
      amountPaise: body.amount_paise,
      reason: body.reason ?? null,
      addedBy: user.id,
    })
  })
  return getTaskCharges(ctx, taskId)
}

/** One line of an accepted quote, as it becomes a task's line item (decision 061). */
export interface QuotedLineItem {
  description: string
  amountPaise: number
  quantity: number
  unit: QuoteUnit
  serviceId: number | null
}

/**
 * The charges of a task made from an accepted quote, in the scheduling transaction (decision 061):
 * each quote line becomes a line item, in order, with its quantity, unit and service, the quote
 * named as the reason. The task's price (the quote's visit charge) is set when it is created. What
 * the task then owes is the quote's total exactly; later changes take the usual path, with a reason.
 */
export async function addQuotedLineItems(
  tx: DbOrTx,
  taskId: number,
  items: readonly QuotedLineItem[],
  reason: string,
  addedBy: number | null,
): Promise<void> {
  await chargesRepository.insertLineItems(
    tx,
    items.map((item) => ({ taskId, ...item, reason, addedBy })),
  )
}
