import { randomUUID } from 'node:crypto'
import {
  MANUAL_PAYMENT_METHODS,
  MAX_AMOUNT_PAISE,
  moneyStateOf,
  PRICE_LOCKED_STATUSES,
  splitAmount,
  type AddLineItemBody,
  type CreatePayoutBody,
  type LedgerCheckResponse,
  type LedgerSummaryQuery,
  type LedgerSummaryResponse,
  type ManualPaymentBody,
  type MoneyState,
  type MyPayoutsResponse,
  type OwedResponse,
  type OwedTask,
  type PaymentMismatch,
  type PaymentOptionsResponse,
  type PaymentMethod,
  type PaymentOrderResponse,
  type PaymentResponse,
  type PaymentWebhookBody,
  type PayoutResponse,
  type PayoutsResponse,
  type RefundBody,
  type SandboxCompleteBody,
  type SandboxCompleteResponse,
  type SetPriceBody,
  type TaskChargesResponse,
  type TaskLineItem,
  type TaskStatus,
  type VerifyPaymentBody,
  type WorkerOwed,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, invalidInput, notFound, pgConstraint, pgErrorCode } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import * as tasksService from '../tasks/tasks.service'
import * as moneyViewsRepository from './money-views.repository'
import * as repository from './payments.repository'
import { hmacHex, signatureMatches, type PaymentProvider } from './providers/provider'

/**
 * What the payment verbs need from the configuration: the online provider (null when neither
 * Razorpay nor the sandbox is on: customers pay the office by hand) and the commission.
 */
export interface PaymentDeps {
  provider: PaymentProvider | null
  commissionBps: number
}

const NO_ONLINE_PAYMENT =
  'Online payment is not available: pay the TownWorks office in cash or UPI; they will record it'

/** The configured online provider, or 404: with none, there is no checkout to open, verify or be told about. */
function onlineProvider(deps: PaymentDeps): PaymentProvider {
  if (!deps.provider) throw new AppError('NOT_FOUND', NO_ONLINE_PAYMENT)
  return deps.provider
}

/** GET /api/payments/options — which online checkout customers are offered, if any. */
export function paymentOptions(deps: PaymentDeps): PaymentOptionsResponse {
  return { online: deps.provider?.name ?? null, manual_methods: [...MANUAL_PAYMENT_METHODS] }
}

/** What is left to settle once a payment is captured: total less paid, and which way it leans (decision 016). */
export function balanceOf(total: number | null, paid: number): { balance: number; mismatch: PaymentMismatch } {
  const balance = (total ?? 0) - paid
  return { balance, mismatch: balance > 0 ? 'underpaid' : balance < 0 ? 'overpaid' : null }
}

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

export const PLATFORM_CASH = 'platform_cash'
export const PLATFORM_COMMISSION = 'platform_commission'
/** A liability: online payments captured for tasks not waiting for payment, owed back to customers (decision 016). */
export const CUSTOMER_REFUNDS_DUE = 'customer_refunds_due'
export const workerPayable = (workerId: number) => `worker_payable:${workerId}`

const PAID_STATUSES: readonly TaskStatus[] = ['payment_received', 'paid_to_worker', 'task_completed']
const STAFF_ROLES = new Set(['operator', 'admin'])

function userOf(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return ctx.user
}

const isStaff = (user: AuthUser | undefined) => user !== undefined && STAFF_ROLES.has(user.role)

/** Write one ledger group, refusing (as a bug, 500) legs that do not sum to zero. */
async function writeGroup(
  tx: DbOrTx,
  kind: 'payment' | 'payout' | 'refund',
  legs: repository.LedgerLeg[],
): Promise<void> {
  const nonZero = legs.filter((l) => l.amountPaise !== 0)
  const sum = nonZero.reduce((s, l) => s + l.amountPaise, 0)
  if (sum !== 0 || nonZero.length < 2) throw new Error(`Unbalanced ${kind} ledger group (sum ${sum})`)
  await repository.insertLedgerGroup(tx, randomUUID(), kind, nonZero)
}

/** What a task owes in all: its price plus its line items; null while no price is set. */
function totalOf(price: number | null, items: readonly TaskLineItem[]): number | null {
  return price === null ? null : price + items.reduce((s, i) => s + i.amount_paise, 0)
}

/** Price, line items and total of several tasks, for the customer's My requests. */
export async function chargesOfTasks(
  ctx: Ctx,
  taskIds: readonly number[],
): Promise<Map<number, { price_paise: number | null; line_items: TaskLineItem[]; total_paise: number | null }>> {
  const prices = await repository.pricesOf(ctx.database.db, taskIds)
  const items = await repository.lineItemsOf(ctx.database.db, taskIds)
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
  const task = await repository.getTask(db, taskId)
  if (!task) throw notFound('Task')
  const items = (await repository.lineItemsOf(db, [taskId])).get(taskId) ?? []
  const total = totalOf(task.pricePaise, items)
  const taskPayments = await repository.paymentsOfTask(db, taskId)
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
      price_changes: await repository.priceChangesOf(db, taskId),
      payments: taskPayments,
      paid_paise: paid,
      balance_paise: settled?.balance ?? null,
      payment_mismatch: settled?.mismatch ?? null,
      refund_due_paise: refundDue,
    },
  }
}

function assertPriceOpen(task: repository.MoneyTask): void {
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
    const task = await repository.lockTask(tx, taskId)
    if (!task) throw notFound('Task')
    assertPriceOpen(task)
    const items = (await repository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
    assertTotalFits(totalOf(body.price_paise, items)!, 'price_paise')
    await repository.insertPriceChange(tx, {
      taskId,
      fromPaise: task.pricePaise,
      toPaise: body.price_paise,
      reason: body.reason,
      changedBy: user.id,
    })
    await repository.setPrice(tx, taskId, body.price_paise)
  })
  return getTaskCharges(ctx, taskId)
}

/** POST /api/tasks/:id/line-items — add materials or extra work, refused once the customer has paid. */
export async function addLineItem(ctx: Ctx, taskId: number, body: AddLineItemBody): Promise<TaskChargesResponse> {
  const user = userOf(ctx)
  await ctx.database.db.transaction(async (tx) => {
    const task = await repository.lockTask(tx, taskId)
    if (!task) throw notFound('Task')
    assertPriceOpen(task)
    const items = (await repository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
    assertTotalFits(
      (task.pricePaise ?? 0) + items.reduce((s, i) => s + i.amount_paise, 0) + body.amount_paise,
      'amount_paise',
    )
    await repository.insertLineItem(tx, {
      taskId,
      description: body.description,
      amountPaise: body.amount_paise,
      reason: body.reason ?? null,
      addedBy: user.id,
    })
  })
  return getTaskCharges(ctx, taskId)
}

interface CaptureInput {
  amountPaise: number
  method: PaymentMethod
  providerRef: string | null
  orderId: string | null
  idempotencyKey: string
  /**
   * The provider's confirmation moves the status as `system`, and is recorded whatever its amount:
   * the money is captured (decision 016). An operator's recording must match what is owed.
   */
  asSystem: boolean
}

/**
 * Record a captured payment for a task, once per idempotency key: lock the task (so retries and
 * parallel deliveries queue up), answer a repeat with the payment already stored, refuse a task
 * not waiting for payment or an amount other than what is owed, then write the payment, its
 * balanced ledger group and the move to payment_received, all in the caller's transaction.
 */
async function capture(
  ctx: Ctx,
  deps: PaymentDeps,
  tx: DbOrTx,
  taskId: number,
  input: CaptureInput,
): Promise<PaymentResponse> {
  const task = await repository.lockTask(tx, taskId)
  if (!task) throw notFound('Task')
  const existing = await repository.findPaymentByKey(tx, input.idempotencyKey)
  if (existing) {
    if (existing.task_id !== taskId || existing.amount_paise !== input.amountPaise) {
      throw new AppError('CONFLICT', 'This idempotency key was already used for another payment')
    }
    const { idempotencyKey: _key, ...payment } = existing
    return { message: 'Payment already recorded', payment, replayed: true, status: task.status }
  }
  if (task.status !== 'payment_pending') {
    // Money the provider captured is never refused (decision 016): a task paid by hand while the
    // checkout was open, cancelled or sent back holds it as owed back to the customer.
    if (input.asSystem) return captureUnallocated(ctx, tx, task, input)
    throw new AppError(
      'CONFLICT',
      PAID_STATUSES.includes(task.status)
        ? 'This task is already paid'
        : `This task is not waiting for payment: it is ${task.status}`,
      { details: { status: task.status } },
    )
  }
  const items = (await repository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
  const owed = totalOf(task.pricePaise, items)
  // Captured money with no price to set it against or no worker to share it with is held too.
  if (input.asSystem && (owed === null || task.workerId === null)) return captureUnallocated(ctx, tx, task, input)
  if (owed === null) throw new AppError('CONFLICT', 'This task has no price yet: set one before taking payment')
  if (input.amountPaise > MAX_AMOUNT_PAISE) {
    throw new AppError('CONFLICT', `No single payment may exceed ₹${MAX_AMOUNT_PAISE / 100}`, {
      issues: [{ path: 'amount_paise', message: 'Too large' }],
    })
  }
  // An online payment the provider captured is never refused for its amount (decision 016): the
  // price may have changed while the checkout was open. It is recorded, split on what was paid,
  // and the task shows the difference (`payment_mismatch`) for the office to settle.
  if (input.amountPaise !== owed && !input.asSystem) {
    throw new AppError('CONFLICT', `The amount ₹${input.amountPaise / 100} differs from what is owed, ₹${owed / 100}`, {
      issues: [{ path: 'amount_paise', message: 'Not what is owed' }],
      details: { owed_paise: owed },
    })
  }
  if (task.workerId === null) throw new AppError('CONFLICT', 'This task has no worker to pay')
  let paymentId: number
  try {
    paymentId = await repository.insertCapturedPayment(tx, {
      taskId,
      amountPaise: input.amountPaise,
      method: input.method,
      providerRef: input.providerRef,
      orderId: input.orderId,
      idempotencyKey: input.idempotencyKey,
      recordedBy: ctx.user?.id ?? null,
    })
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      throw new AppError(
        'CONFLICT',
        pgConstraint(error)?.includes('idempotency')
          ? 'This idempotency key was already used for another payment'
          : 'This task is already paid',
      )
    }
    throw error
  }
  const { commission, workerShare } = splitAmount(input.amountPaise, deps.commissionBps)
  await writeGroup(tx, 'payment', [
    { account: PLATFORM_CASH, amountPaise: input.amountPaise, taskId, paymentId },
    { account: workerPayable(task.workerId), amountPaise: -workerShare, taskId, paymentId },
    { account: PLATFORM_COMMISSION, amountPaise: -commission, taskId, paymentId },
  ])
  if (input.orderId) await repository.setOrderState(tx, input.orderId, 'paid')
  await tasksService.changeTaskStatus(
    ctx,
    { taskId, status: 'payment_received', expectedStatus: 'payment_pending', asSystem: input.asSystem },
    tx,
  )
  const payment = (await repository.getPayment(tx, paymentId))!
  const { idempotencyKey: _key, ...stored } = payment
  return { message: 'Payment recorded', payment: stored, replayed: false, status: 'payment_received' }
}

/**
 * Record an online capture for a task that is not waiting for payment: the payment is stored as
 * `unallocated` (not counted by the one-captured-payment-per-task index), its ledger group takes
 * the cash and owes it back to the customer (CUSTOMER_REFUNDS_DUE, not the worker's share), the
 * order is marked paid, and the task is left as it is. The office refunds it from /payouts.
 */
async function captureUnallocated(
  ctx: Ctx,
  tx: DbOrTx,
  task: repository.MoneyTask,
  input: CaptureInput,
): Promise<PaymentResponse> {
  if (input.amountPaise > MAX_AMOUNT_PAISE) {
    throw new AppError('CONFLICT', `No single payment may exceed ₹${MAX_AMOUNT_PAISE / 100}`, {
      issues: [{ path: 'amount_paise', message: 'Too large' }],
    })
  }
  let paymentId: number
  try {
    paymentId = await repository.insertCapturedPayment(
      tx,
      {
        taskId: task.id,
        amountPaise: input.amountPaise,
        method: input.method,
        providerRef: input.providerRef,
        orderId: input.orderId,
        idempotencyKey: input.idempotencyKey,
        recordedBy: ctx.user?.id ?? null,
      },
      'unallocated',
    )
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      throw new AppError('CONFLICT', 'This idempotency key was already used for another payment')
    }
    throw error
  }
  await writeGroup(tx, 'payment', [
    { account: PLATFORM_CASH, amountPaise: input.amountPaise, taskId: task.id, paymentId },
    { account: CUSTOMER_REFUNDS_DUE, amountPaise: -input.amountPaise, taskId: task.id, paymentId },
  ])
  if (input.orderId) await repository.setOrderState(tx, input.orderId, 'paid')
  const { idempotencyKey: _key, ...stored } = (await repository.getPayment(tx, paymentId))!
  return {
    message:
      task.status === 'payment_pending'
        ? 'Payment recorded as owed back to the customer: the task has no price or no worker to pay'
        : `Payment recorded as owed back to the customer: the task is ${task.status}, not waiting for payment`,
    payment: stored,
    replayed: false,
    status: task.status,
  }
}

/** POST /api/tasks/:id/payments/manual — an operator records cash or UPI received, once per Idempotency-Key. */
export async function recordManualPayment(
  ctx: Ctx,
  deps: PaymentDeps,
  taskId: number,
  body: ManualPaymentBody,
  idempotencyKey: string | undefined,
): Promise<PaymentResponse> {
  userOf(ctx)
  if (!idempotencyKey) {
    throw invalidInput('Idempotency-Key', 'Send an Idempotency-Key header so a retry records the payment once')
  }
  return ctx.database.db.transaction((tx) =>
    capture(ctx, deps, tx, taskId, {
      amountPaise: body.amount_paise,
      method: body.method,
      providerRef: body.reference ?? null,
      orderId: null,
      idempotencyKey: `manual:${idempotencyKey}`,
      asSystem: false,
    }),
  )
}

function orderAnswer(deps: PaymentDeps, order: repository.StoredOrder, taskName: string): PaymentOrderResponse {
  return {
    order: {
      order_id: order.orderId,
      task_id: order.taskId,
      task_name: taskName,
      amount_paise: order.amountPaise,
      currency: 'INR',
      provider: order.provider,
      state: order.state,
      key_id: order.provider === 'razorpay' ? (deps.provider?.keyId ?? null) : null,
      checkout_url: order.provider === 'sandbox' ? `/pay/sandbox?order=${encodeURIComponent(order.orderId)}` : null,
    },
  }
}

/** POST /api/tasks/:id/payments/order — the task's customer opens a checkout for what is owed (an open one is reused). */
export async function createPaymentOrder(ctx: Ctx, deps: PaymentDeps, taskId: number): Promise<PaymentOrderResponse> {
  const user = userOf(ctx)
  const provider = onlineProvider(deps)
  const task = await repository.getTask(ctx.database.db, taskId)
  if (!task) throw notFound('Task')
  if (task.customerUserId !== user.id) throw new AppError('FORBIDDEN', 'This task is not yours')
  if (task.status !== 'payment_pending') {
    throw new AppError(
      'CONFLICT',
      PAID_STATUSES.includes(task.status) ? 'This task is already paid' : 'Confirm the work is done before paying',
      { details: { status: task.status } },
    )
  }
  const items = (await repository.lineItemsOf(ctx.database.db, [taskId])).get(taskId) ?? []
  const owed = totalOf(task.pricePaise, items)
  if (owed === null || owed <= 0) throw new AppError('CONFLICT', 'This task has no price yet: the office will set one')
  const open = await repository.findOpenOrder(ctx.database.db, taskId, provider.name, owed)
  if (open) return orderAnswer(deps, open, task.name)
  const created = await provider.createOrder({
    amountPaise: owed,
    receipt: `task-${taskId}`,
    notes: { task_id: String(taskId) },
  })
  const order: repository.StoredOrder = {
    orderId: created.orderId,
    taskId,
    provider: provider.name,
    amountPaise: created.amountPaise,
    state: 'created',
  }
  await repository.insertOrder(ctx.database.db, { ...order, createdBy: user.id })
  return orderAnswer(deps, order, task.name)
}

/** An order the caller may see: its task's customer, or staff. */
async function orderFor(ctx: Ctx, orderId: string) {
  const user = userOf(ctx)
  const order = await repository.findOrder(ctx.database.db, orderId)
  if (!order) throw notFound('Payment order')
  const task = (await repository.getTask(ctx.database.db, order.taskId))!
  if (!isStaff(user) && task.customerUserId !== user.id) throw new AppError('FORBIDDEN', 'This payment is not yours')
  return { order, task }
}

/** GET /api/payments/orders/:orderId */
export async function getPaymentOrder(ctx: Ctx, deps: PaymentDeps, orderId: string): Promise<PaymentOrderResponse> {
  const { order, task } = await orderFor(ctx, orderId)
  return orderAnswer(deps, order, task.name)
}

/**
 * POST /api/payments/verify — the checkout's answer is accepted only when its signature is the
 * HMAC-SHA256 of `order_id|payment_id` with the checkout secret; the provider's payment id is the
 * idempotency key, so this and the webhook record one payment between them.
 */
export async function verifyPayment(ctx: Ctx, deps: PaymentDeps, body: VerifyPaymentBody): Promise<PaymentResponse> {
  const provider = onlineProvider(deps)
  const { order } = await orderFor(ctx, body.razorpay_order_id)
  if (order.provider !== provider.name) {
    throw new AppError('CONFLICT', 'This order belongs to a payment provider that is no longer in use')
  }
  const payload = `${body.razorpay_order_id}|${body.razorpay_payment_id}`
  if (!signatureMatches(provider.checkoutSecret, payload, body.razorpay_signature)) {
    throw invalidInput('razorpay_signature', 'The payment signature does not match: the payment was not accepted')
  }
  return ctx.database.db.transaction((tx) =>
    capture(ctx, deps, tx, order.taskId, {
      amountPaise: order.amountPaise,
      method: order.provider,
      providerRef: body.razorpay_payment_id,
      orderId: order.orderId,
      idempotencyKey: `${order.provider}:${body.razorpay_payment_id}`,
      asSystem: true,
    }),
  )
}

/**
 * POST /api/payments/webhook — a provider's event, accepted only when X-Razorpay-Signature is the
 * HMAC-SHA256 of the raw body with the webhook secret. `payment.captured` / `order.paid` record
 * the payment (once per provider payment id); `payment.failed` marks the order; others are acknowledged.
 */
export async function handleWebhook(
  ctx: Ctx,
  deps: PaymentDeps,
  rawBody: string,
  signature: string | undefined,
  event: PaymentWebhookBody,
): Promise<{ message: string; handled: boolean }> {
  if (!signatureMatches(onlineProvider(deps).webhookSecret, rawBody, signature)) {
    throw invalidInput('X-Razorpay-Signature', 'The webhook signature does not match')
  }
  const entity = event.payload.payment?.entity
  if (!entity?.order_id) return { message: 'Event acknowledged', handled: false }
  const order = await repository.findOrder(ctx.database.db, entity.order_id)
  if (!order) return { message: 'Not an order of ours', handled: false }
  if (event.event === 'payment.failed') {
    await ctx.database.db.transaction(async (tx) => {
      const current = await repository.findOrder(tx, order.orderId)
      if (current?.state === 'created') await repository.setOrderState(tx, order.orderId, 'failed')
    })
    return { message: 'Payment failure noted', handled: true }
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') {
    return { message: 'Event acknowledged', handled: false }
  }
  const system: Ctx = { database: ctx.database, user: undefined }
  const result = await ctx.database.db.transaction((tx) =>
    capture(system, deps, tx, order.taskId, {
      amountPaise: entity.amount,
      method: order.provider,
      providerRef: entity.id,
      orderId: order.orderId,
      idempotencyKey: `${order.provider}:${entity.id}`,
      asSystem: true,
    }),
  )
  return { message: result.replayed ? 'Payment already recorded' : 'Payment recorded', handled: true }
}

/**
 * POST /api/payments/sandbox/complete — the in-app checkout approves or declines: the server signs
 * the event as the provider would and delivers it through the webhook's own path, then answers
 * as Razorpay's checkout does (a signed order|payment pair the page verifies).
 */
export async function completeSandboxPayment(
  ctx: Ctx,
  deps: PaymentDeps,
  body: SandboxCompleteBody,
): Promise<SandboxCompleteResponse> {
  const provider = deps.provider
  if (provider?.name !== 'sandbox') {
    throw new AppError(
      'NOT_FOUND',
      provider ? 'The sandbox checkout is off: payments go through the configured provider' : NO_ONLINE_PAYMENT,
    )
  }
  const { order } = await orderFor(ctx, body.order_id)
  if (order.provider !== 'sandbox') throw new AppError('CONFLICT', 'This order is not a sandbox order')
  // One payment id per order: a double click on Approve is the same payment.
  const paymentId = `pay_sbx${order.orderId.replace(/^order_sbx/, '')}`
  const approve = body.outcome === 'approve'
  const event = {
    entity: 'event',
    event: approve ? 'payment.captured' : 'payment.failed',
    payload: {
      payment: {
        entity: {
          id: paymentId,
          order_id: order.orderId,
          amount: order.amountPaise,
          currency: 'INR',
          status: approve ? 'captured' : 'failed',
          method: 'upi',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  }
  const raw = JSON.stringify(event)
  await handleWebhook(ctx, deps, raw, hmacHex(provider.webhookSecret, raw), event)
  return {
    message: approve ? 'Payment approved' : 'Payment declined',
    outcome: body.outcome,
    razorpay_order_id: order.orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: approve ? hmacHex(provider.checkoutSecret, `${order.orderId}|${paymentId}`) : null,
  }
}

/**
 * POST /api/payments/:id/refund — an admin refunds a payment received in error, with a reason:
 * the payment's ledger legs are reversed, the payment is marked refunded, and the task goes back
 * to payment_pending by an admin override carrying the reason. A task already paid out to its
 * worker is refused: the worker's money has left.
 */
export async function refundPayment(ctx: Ctx, paymentId: number, body: RefundBody): Promise<PaymentResponse> {
  const user = userOf(ctx)
  return ctx.database.db.transaction(async (tx) => {
    const found = await repository.getPayment(tx, paymentId)
    if (!found) throw notFound('Payment')
    const task = await repository.lockTask(tx, found.task_id)
    // Read again under the task's lock: a parallel refund has finished by now.
    const payment = (await repository.getPayment(tx, paymentId))!
    if (payment.state === 'unallocated') {
      // Money held for a task that was not waiting for it: give it back, the task stays as it is.
      const legs = await repository.paymentLegs(tx, paymentId)
      await writeGroup(
        tx,
        'refund',
        legs.map((l) => ({ ...l, amountPaise: -l.amountPaise })),
      )
      await repository.markRefunded(tx, paymentId, body.reason, user.id)
      const { idempotencyKey: _key, ...refunded } = (await repository.getPayment(tx, paymentId))!
      return { message: 'Payment refunded', payment: refunded, replayed: false, status: task!.status }
    }
    if (payment.state !== 'captured') {
      throw new AppError('CONFLICT', `Only a received payment can be refunded; this one is ${payment.state}`)
    }
    if (task!.status !== 'payment_received') {
      throw new AppError(
        'CONFLICT',
        'This task was already paid out to the worker: its payment cannot be refunded here',
        {
          details: { status: task!.status },
        },
      )
    }
    const legs = await repository.paymentLegs(tx, paymentId)
    await writeGroup(
      tx,
      'refund',
      legs.map((l) => ({ ...l, amountPaise: -l.amountPaise })),
    )
    await repository.markRefunded(tx, paymentId, body.reason, user.id)
    await tasksService.changeTaskStatus(
      ctx,
      { taskId: task!.id, status: 'payment_pending', expectedStatus: 'payment_received', reason: body.reason },
      tx,
    )
    const { idempotencyKey: _key, ...refunded } = (await repository.getPayment(tx, paymentId))!
    return { message: 'Payment refunded', payment: refunded, replayed: false, status: 'payment_pending' }
  })
}

/** GET /api/payouts/owed — per worker: tasks paid by the customer and not yet paid out, and what was paid. */
export async function listOwed(ctx: Ctx): Promise<OwedResponse> {
  const db = ctx.database.db
  const owed = await repository.owedTasks(db)
  const paid = await repository.paidPerWorker(db)
  const ids = [...new Set([...owed.map((o) => o.workerId), ...paid.keys()])]
  const names = await repository.workerNames(db, ids)
  const charges = await chargesOfTasks(ctx, [...new Set(owed.map((o) => o.task_id))])
  const workers: WorkerOwed[] = ids.map((id) => {
    const tasks = owed
      .filter((o) => o.workerId === id)
      .map(({ workerId: _w, paidPaise, ...t }): OwedTask => {
        const { balance, mismatch } = balanceOf(charges.get(t.task_id)?.total_paise ?? null, paidPaise)
        return { ...t, balance_paise: balance, payment_mismatch: mismatch }
      })
    return {
      worker_id: id,
      name: names.get(id) ?? `Worker ${id}`,
      owed_paise: tasks.reduce((s, t) => s + t.amount_paise, 0),
      paid_paise: paid.get(id)?.paid ?? 0,
      tasks,
    }
  })
  workers.sort((a, b) => b.owed_paise - a.owed_paise || a.name.localeCompare(b.name))
  return { workers, refunds_due: await repository.refundsDue(db) }
}

/** GET /api/payouts */
export async function listPayouts(ctx: Ctx): Promise<PayoutsResponse> {
  return { payouts: await repository.listPayouts(ctx.database.db) }
}

/**
 * POST /api/payouts — pay a worker for tasks their customers have paid: each task must be
 * payment_received and the worker's; the amount is the sum of their shares from the ledger.
 * One transaction writes the payout, its tasks (a task is paid out once: unique), the balanced
 * ledger legs, and moves each task to paid_to_worker (the operator) then task_completed (system).
 */
export async function createPayout(ctx: Ctx, body: CreatePayoutBody): Promise<PayoutResponse> {
  const user = userOf(ctx)
  try {
    const payoutId = await ctx.database.db.transaction(async (tx) => {
      const name = await repository.workerName(tx, body.worker_id)
      if (!name) {
        throw new AppError('NOT_FOUND', 'Worker was not found', {
          issues: [{ path: 'worker_id', message: 'No worker has this ID' }],
        })
      }
      const legs: repository.LedgerLeg[] = []
      let total = 0
      // Lock in id order, so two payouts over overlapping tasks cannot deadlock.
      for (const taskId of [...body.task_ids].sort((a, b) => a - b)) {
        const task = await repository.lockTask(tx, taskId)
        if (!task) {
          throw new AppError('NOT_FOUND', `Task ${taskId} was not found`, {
            issues: [{ path: 'task_ids', message: `No task ${taskId}` }],
          })
        }
        if (task.status !== 'payment_received') {
          throw new AppError(
            'CONFLICT',
            task.status === 'paid_to_worker' || task.status === 'task_completed'
              ? `Task ${taskId} is already paid out`
              : `Task ${taskId} is not paid by its customer yet (it is ${task.status})`,
            { details: { task_id: taskId, status: task.status } },
          )
        }
        if (task.workerId !== body.worker_id) {
          throw new AppError('CONFLICT', `Task ${taskId} is not ${name}'s`, { details: { task_id: taskId } })
        }
        const share = await repository.capturedShare(tx, taskId)
        if (!share || share.workerAccount !== workerPayable(body.worker_id)) {
          throw new AppError('CONFLICT', `Task ${taskId} has no payment owed to ${name}`)
        }
        total += share.sharePaise
        legs.push(
          { account: workerPayable(body.worker_id), amountPaise: share.sharePaise, taskId },
          { account: PLATFORM_CASH, amountPaise: -share.sharePaise, taskId },
        )
      }
      if (body.amount_paise !== undefined && body.amount_paise !== total) {
        throw new AppError('CONFLICT', `These tasks owe ₹${total / 100}, not ₹${body.amount_paise / 100}`, {
          issues: [{ path: 'amount_paise', message: 'Not what these tasks owe' }],
          details: { owed_paise: total },
        })
      }
      if (total <= 0) throw new AppError('CONFLICT', 'Nothing is owed for these tasks')
      if (total > MAX_AMOUNT_PAISE) {
        throw new AppError(
          'CONFLICT',
          `These tasks owe ₹${total / 100}, more than one payout may carry (₹${MAX_AMOUNT_PAISE / 100}): pay them in several payouts`,
          {
            issues: [{ path: 'task_ids', message: 'Too much for one payout' }],
            details: { max_paise: MAX_AMOUNT_PAISE },
          },
        )
      }
      const id = await repository.insertPayout(tx, {
        workerId: body.worker_id,
        amountPaise: total,
        method: body.method,
        reference: body.reference ?? null,
        recordedBy: user.id,
        taskIds: body.task_ids,
      })
      await writeGroup(
        tx,
        'payout',
        legs.map((l) => ({ ...l, payoutId: id })),
      )
      for (const taskId of body.task_ids) {
        await tasksService.changeTaskStatus(
          ctx,
          { taskId, status: 'paid_to_worker', expectedStatus: 'payment_received' },
          tx,
        )
        await tasksService.changeTaskStatus(
          ctx,
          { taskId, status: 'task_completed', expectedStatus: 'paid_to_worker', asSystem: true },
          tx,
        )
      }
      return id
    })
    const [payout] = await repository.listPayouts(ctx.database.db, { payoutId })
    return { message: 'Payout recorded', payout: payout! }
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT', 'One of these tasks was paid out a moment ago')
    throw error
  }
}

/** GET /api/my/payouts — the logged-in worker's payouts and what is still owed to them. */
export async function listMyPayouts(ctx: Ctx): Promise<MyPayoutsResponse> {
  const user = userOf(ctx)
  const workerId = await repository.workerIdOfUser(ctx.database.db, user.id)
  if (workerId === undefined) return { owed_paise: 0, payouts: [] }
  const owed = await repository.owedTasks(ctx.database.db, workerId)
  return {
    owed_paise: owed.reduce((s, t) => s + t.amount_paise, 0),
    payouts: await repository.listPayouts(ctx.database.db, { workerId }),
  }
}

/** GET /api/ledger/summary — what the platform took per day (Asia/Kolkata) between from and to. */
export async function ledgerSummary(
  ctx: Ctx,
  deps: PaymentDeps,
  query: LedgerSummaryQuery,
): Promise<LedgerSummaryResponse> {
  const days = await repository.takingsPerDay(ctx.database.db, query.from, query.to)
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
  for (const g of await repository.unbalancedGroups(db)) problems.push(`Ledger group ${g.groupId} sums to ${g.total}`)
  const facts = await repository.moneyFacts(db)
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
  const payoutFacts = await repository.payoutFacts(db)
  for (const p of payoutFacts) {
    if (p.cash !== p.amount || p.payable !== p.amount) {
      problems.push(`Payout ${p.payout_id} of ${p.amount} has ledger legs of ${p.cash} cash and ${p.payable} payable`)
    }
  }
  const balances = await repository.accountBalances(db)
  const owed = await repository.owedTasks(db)
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
  const totals = await repository.moneyTotals(db)
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
    checked: { groups: await repository.countGroups(db), tasks: facts.length, payouts: payoutFacts.length },
  }
}

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
      return [id, { state, workerSharePaise: share, paidOut: paidOut.has(id) }]
    }),
  )
}
