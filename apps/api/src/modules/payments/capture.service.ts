import {
  MAX_AMOUNT_PAISE,
  splitAmount,
  type CashReceivedBody,
  type ManualPaymentBody,
  type PaymentMethod,
  type PaymentResponse,
  type RefundBody,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { transactionWithRetry } from '../../db/transaction'
import { AppError, notFound, pgConstraint, pgErrorCode } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { paymentCaptures } from '../../shared/metrics'
import * as invoicesService from '../invoices/invoices.service'
import * as tasksService from '../tasks/tasks.service'
import * as chargesRepository from './charges.repository'
import * as captureRepository from './capture.repository'
import * as ledgerRepository from './ledger.repository'
import * as checkoutRepository from './checkout.repository'
import { PAID_STATUSES, type PaymentDeps, totalOf, userOf } from './common'
import { CUSTOMER_REFUNDS_DUE, PLATFORM_CASH, PLATFORM_COMMISSION, workerPayable, writeGroup } from './ledger.service'

// Taking a task's payment (by hand or from the provider) and refunding it (decisions 009, 016).

export interface CaptureInput {
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
  /**
   * The task's own worker records the customer's cash (recordCashReceived): the move to
   * payment_received is theirs, with their note; another amount than what is owed is AMOUNT_CHANGED.
   */
  byWorker?: { note: string | null }
}

/**
 * Store a captured payment (or one held as `unallocated`): a key already used, or a second captured
 * payment for the task, is a 409.
 */
async function insertPayment(
  ctx: Ctx,
  tx: DbOrTx,
  taskId: number,
  input: CaptureInput,
  state: 'captured' | 'unallocated',
): Promise<number> {
  try {
    return await captureRepository.insertCapturedPayment(
      tx,
      {
        taskId,
        amountPaise: input.amountPaise,
        method: input.method,
        providerRef: input.providerRef,
        orderId: input.orderId,
        idempotencyKey: input.idempotencyKey,
        recordedBy: ctx.user?.id ?? null,
      },
      state,
    )
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
}

/**
 * Record a captured payment for a task, once per idempotency key: lock the task (so retries and
 * parallel deliveries queue up), answer a repeat with the payment already stored, refuse a task
 * not waiting for payment or an amount other than what is owed, then write the payment, its
 * balanced ledger group and the move to payment_received, all in the caller's transaction.
 */
export async function capture(
  ctx: Ctx,
  deps: PaymentDeps,
  tx: DbOrTx,
  taskId: number,
  input: CaptureInput,
): Promise<PaymentResponse> {
  const task = await chargesRepository.lockTask(tx, taskId)
  if (!task) throw notFound('Task')
  const existing = await captureRepository.findPaymentByKey(tx, input.idempotencyKey)
  if (existing) {
    if (existing.task_id !== taskId || existing.amount_paise !== input.amountPaise) {
      throw new AppError(
        input.byWorker ? 'IDEMPOTENCY_KEY_REUSED' : 'CONFLICT',
        'This idempotency key was already used for another payment',
      )
    }
    const { idempotencyKey: _key, ...payment } = existing
    return { message: 'Payment already recorded', payment, replayed: true, status: task.status }
  }
  if (task.status !== 'payment_pending') {
    // Money the provider captured is never refused (decision 016): a task paid by hand while the
    // checkout was open, cancelled or sent back holds it as owed back to the customer.
    if (input.asSystem) return captureUnallocated(ctx, deps, tx, task, input)
    throw new AppError(
      'CONFLICT',
      PAID_STATUSES.includes(task.status)
        ? 'This task is already paid'
        : `This task is not waiting for payment: it is ${task.status}`,
      { details: { status: task.status } },
    )
  }
  const items = (await chargesRepository.lineItemsOf(tx, [taskId])).get(taskId) ?? []
  const owed = totalOf(task.pricePaise, items)
  // Captured money with no price to set it against or no worker to share it with is held too.
  if (input.asSystem && (owed === null || task.workerId === null)) return captureUnallocated(ctx, deps, tx, task, input)
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
    throw new AppError(
      input.byWorker ? 'AMOUNT_CHANGED' : 'CONFLICT',
      `The amount ₹${input.amountPaise / 100} differs from what is owed, ₹${owed / 100}`,
      {
        issues: [{ path: 'amount_paise', message: 'Not what is owed' }],
        details: { owed_paise: owed },
      },
    )
  }
  if (task.workerId === null) throw new AppError('CONFLICT', 'This task has no worker to pay')
  const paymentId = await insertPayment(ctx, tx, taskId, input, 'captured')
  const { commission, workerShare } = splitAmount(input.amountPaise, deps.commissionBps)
  await writeGroup(tx, 'payment', [
    { account: PLATFORM_CASH, amountPaise: input.amountPaise, taskId, paymentId },
    { account: workerPayable(task.workerId), amountPaise: -workerShare, taskId, paymentId },
    { account: PLATFORM_COMMISSION, amountPaise: -commission, taskId, paymentId },
  ])
  if (input.orderId) await checkoutRepository.setOrderState(tx, input.orderId, 'paid')
  await tasksService.changeTaskStatus(
    ctx,
    {
      taskId,
      status: 'payment_received',
      expectedStatus: 'payment_pending',
      asSystem: input.asSystem,
      moneyRecorded: true,
      ...(input.byWorker ? { cashByWorker: true, reason: input.byWorker.note ?? undefined } : {}),
    },
    tx,
  )
  // Its receipt or tax invoice, last: the serial's counter stays locked until the commit (decision 060).
  await invoicesService.issueForPayment(tx, deps.invoicing, {
    id: paymentId,
    taskId,
    amountPaise: input.amountPaise,
    held: false,
  })
  const payment = (await captureRepository.getPayment(tx, paymentId))!
  const { idempotencyKey: _key, ...stored } = payment
  return { message: 'Payment recorded', payment: stored, replayed: false, status: 'payment_received' }
}

/** capture() in a transaction of its own; a payment stored (not a replay) is counted once it is committed. */
export async function captureCommitted(
  ctx: Ctx,
  deps: PaymentDeps,
  taskId: number,
  input: CaptureInput,
): Promise<PaymentResponse> {
  const result = await ctx.database.db.transaction((tx) => capture(ctx, deps, tx, taskId, input))
  if (!result.replayed) paymentCaptures.inc({ method: input.method, state: result.payment.state })
  return result
}

/**
 * Record an online capture for a task that is not waiting for payment: the payment is stored as
 * `unallocated` (not counted by the one-captured-payment-per-task index), its ledger group takes
 * the cash and owes it back to the customer (CUSTOMER_REFUNDS_DUE, not the worker's share), the
 * order is marked paid, and the task is left as it is. The office refunds it from /payouts.
 */
async function captureUnallocated(
  ctx: Ctx,
  deps: PaymentDeps,
  tx: DbOrTx,
  task: chargesRepository.MoneyTask,
  input: CaptureInput,
): Promise<PaymentResponse> {
  if (input.amountPaise > MAX_AMOUNT_PAISE) {
    throw new AppError('CONFLICT', `No single payment may exceed ₹${MAX_AMOUNT_PAISE / 100}`, {
      issues: [{ path: 'amount_paise', message: 'Too large' }],
    })
  }
  const paymentId = await insertPayment(ctx, tx, task.id, input, 'unallocated')
  await writeGroup(tx, 'payment', [
    { account: PLATFORM_CASH, amountPaise: input.amountPaise, taskId: task.id, paymentId },
    { account: CUSTOMER_REFUNDS_DUE, amountPaise: -input.amountPaise, taskId: task.id, paymentId },
  ])
  if (input.orderId) await checkoutRepository.setOrderState(tx, input.orderId, 'paid')
  // Money held is acknowledged by a receipt, never a tax invoice: nothing was supplied for it.
  await invoicesService.issueForPayment(tx, deps.invoicing, {
    id: paymentId,
    taskId: task.id,
    amountPaise: input.amountPaise,
    held: true,
  })
  const { idempotencyKey: _key, ...stored } = (await captureRepository.getPayment(tx, paymentId))!
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
  /** Required by the endpoint: route() refuses a call without one. */
  idempotencyKey: string,
): Promise<PaymentResponse> {
  userOf(ctx)
  return captureCommitted(ctx, deps, taskId, {
    amountPaise: body.amount_paise,
    method: body.method,
    providerRef: body.reference ?? null,
    orderId: null,
    idempotencyKey: `manual:${idempotencyKey}`,
    asSystem: false,
  })
}

/** The history's note of a job the worker moves to payment_pending by recording the customer's cash. */
export const CASH_TO_WORKER_NOTE = 'The customer paid the worker in cash'

/**
 * POST /api/my/jobs/:task_id/cash (issue 23, decision 064) — the job's own worker records the cash the
 * customer paid them, once per Idempotency-Key (the payment's own key, per worker): another worker's
 * task reads as missing; a finished job (work_completed) moves to payment_pending first, by the worker,
 * in the same transaction; then the office's capture path: what is owed now or AMOUNT_CHANGED, one
 * payment a task, its ledger group, the move to payment_received and its receipt or invoice.
 */
export async function recordCashReceived(
  ctx: Ctx,
  deps: PaymentDeps,
  taskId: number,
  body: CashReceivedBody,
  /** Required by the endpoint: route() refuses a call without one. */
  idempotencyKey: string,
): Promise<PaymentResponse> {
  const user = userOf(ctx)
  const input: CaptureInput = {
    amountPaise: body.amount_paise,
    method: 'cash',
    providerRef: null,
    orderId: null,
    // The worker's own keys: another worker's same key never matches this payment.
    idempotencyKey: `cash:${user.id}:${idempotencyKey}`,
    asSystem: false,
    byWorker: { note: body.note ?? null },
  }
  const result = await transactionWithRetry(ctx.database.db, async (tx) => {
    const parties = await tasksService.taskParties(tx, taskId, { lock: true })
    // Another worker's task reads as missing (as their start does): no one learns of tasks not theirs.
    if (!parties || !parties.workerUserIds.includes(user.id)) throw notFound('Task')
    if (parties.status === 'work_completed' && !(await captureRepository.findPaymentByKey(tx, input.idempotencyKey))) {
      await tasksService.changeTaskStatus(
        ctx,
        {
          taskId,
          status: 'payment_pending',
          expectedStatus: 'work_completed',
          cashByWorker: true,
          reason: CASH_TO_WORKER_NOTE,
        },
        tx,
      )
    }
    return capture(ctx, deps, tx, taskId, input)
  })
  if (!result.replayed) paymentCaptures.inc({ method: input.method, state: result.payment.state })
  return result
}

/**
 * POST /api/payments/:id/refund — an admin refunds a payment received in error, with a reason:
 * the payment's ledger legs are reversed, the payment is marked refunded, and the task goes back
 * to payment_pending by an admin override carrying the reason, and a credit note corrects the
 * payment's document (decision 060). A task already paid out to its worker is refused: the worker's
 * money has left.
 */
export async function refundPayment(
  ctx: Ctx,
  deps: PaymentDeps,
  paymentId: number,
  body: RefundBody,
): Promise<PaymentResponse> {
  const user = userOf(ctx)
  return ctx.database.db.transaction(async (tx) => {
    const found = await captureRepository.getPayment(tx, paymentId)
    if (!found) throw notFound('Payment')
    const task = await chargesRepository.lockTask(tx, found.task_id)
    // Read again under the task's lock: a parallel refund has finished by now.
    const payment = (await captureRepository.getPayment(tx, paymentId))!
    if (payment.state === 'unallocated') {
      // Money held for a task that was not waiting for it: give it back, the task stays as it is.
      const legs = await ledgerRepository.paymentLegs(tx, paymentId)
      await writeGroup(
        tx,
        'refund',
        legs.map((l) => ({ ...l, amountPaise: -l.amountPaise })),
      )
      await captureRepository.markRefunded(tx, paymentId, body.reason, user.id)
      await invoicesService.issueCreditNote(tx, deps.invoicing, paymentId)
      const { idempotencyKey: _key, ...refunded } = (await captureRepository.getPayment(tx, paymentId))!
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
    const legs = await ledgerRepository.paymentLegs(tx, paymentId)
    await writeGroup(
      tx,
      'refund',
      legs.map((l) => ({ ...l, amountPaise: -l.amountPaise })),
    )
    await captureRepository.markRefunded(tx, paymentId, body.reason, user.id)
    await tasksService.changeTaskStatus(
      ctx,
      { taskId: task!.id, status: 'payment_pending', expectedStatus: 'payment_received', reason: body.reason },
      tx,
    )
    // The credit note of the payment's receipt or invoice, last (its serial's counter is held to the commit).
    await invoicesService.issueCreditNote(tx, deps.invoicing, paymentId)
    const { idempotencyKey: _key, ...refunded } = (await captureRepository.getPayment(tx, paymentId))!
    return { message: 'Payment refunded', payment: refunded, replayed: false, status: 'payment_pending' }
  })
}
