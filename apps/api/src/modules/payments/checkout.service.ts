import {
  MANUAL_PAYMENT_METHODS,
  type PaymentOptionsResponse,
  type PaymentOrderResponse,
  type PaymentResponse,
  type PaymentWebhookBody,
  type SandboxCompleteBody,
  type SandboxCompleteResponse,
  type VerifyPaymentBody,
} from '@townworks/contract'
import { AppError, invalidInput, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as chargesRepository from './charges.repository'
import * as checkoutRepository from './checkout.repository'
import { PAID_STATUSES, type PaymentDeps, isStaff, totalOf, userOf } from './common'
import { captureCommitted } from './capture.service'
import { hmacHex, signatureMatches, type PaymentProvider } from './providers/provider'

// Online checkout: orders, the checkout's answer, the provider's webhook and the sandbox (decision 009).

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

function orderAnswer(deps: PaymentDeps, order: checkoutRepository.StoredOrder, taskName: string): PaymentOrderResponse {
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
  const task = await chargesRepository.getTask(ctx.database.db, taskId)
  if (!task) throw notFound('Task')
  if (task.customerUserId !== user.id) throw new AppError('FORBIDDEN', 'This task is not yours')
  if (task.status !== 'payment_pending') {
    throw new AppError(
      'CONFLICT',
      PAID_STATUSES.includes(task.status) ? 'This task is already paid' : 'Confirm the work is done before paying',
      { details: { status: task.status } },
    )
  }
  const items = (await chargesRepository.lineItemsOf(ctx.database.db, [taskId])).get(taskId) ?? []
  const owed = totalOf(task.pricePaise, items)
  if (owed === null || owed <= 0) throw new AppError('CONFLICT', 'This task has no price yet: the office will set one')
  const open = await checkoutRepository.findOpenOrder(ctx.database.db, taskId, provider.name, owed)
  if (open) return orderAnswer(deps, open, task.name)
  const created = await provider.createOrder({
    amountPaise: owed,
    receipt: `task-${taskId}`,
    notes: { task_id: String(taskId) },
  })
  const order: checkoutRepository.StoredOrder = {
    orderId: created.orderId,
    taskId,
    provider: provider.name,
    amountPaise: created.amountPaise,
    state: 'created',
  }
  await checkoutRepository.insertOrder(ctx.database.db, { ...order, createdBy: user.id })
  return orderAnswer(deps, order, task.name)
}

/** An order the caller may see: its task's customer, or staff. */
async function orderFor(ctx: Ctx, orderId: string) {
  const user = userOf(ctx)
  const order = await checkoutRepository.findOrder(ctx.database.db, orderId)
  if (!order) throw notFound('Payment order')
  const task = (await chargesRepository.getTask(ctx.database.db, order.taskId))!
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
  return captureCommitted(ctx, deps, order.taskId, {
    amountPaise: order.amountPaise,
    method: order.provider,
    providerRef: body.razorpay_payment_id,
    orderId: order.orderId,
    idempotencyKey: `${order.provider}:${body.razorpay_payment_id}`,
    asSystem: true,
  })
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
  const order = await checkoutRepository.findOrder(ctx.database.db, entity.order_id)
  if (!order) return { message: 'Not an order of ours', handled: false }
  if (event.event === 'payment.failed') {
    await ctx.database.db.transaction(async (tx) => {
      const current = await checkoutRepository.findOrder(tx, order.orderId)
      if (current?.state === 'created') await checkoutRepository.setOrderState(tx, order.orderId, 'failed')
    })
    return { message: 'Payment failure noted', handled: true }
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') {
    return { message: 'Event acknowledged', handled: false }
  }
  const system: Ctx = { ...ctx, user: undefined }
  const result = await captureCommitted(system, deps, order.taskId, {
    amountPaise: entity.amount,
    method: order.provider,
    providerRef: entity.id,
    orderId: order.orderId,
    idempotencyKey: `${order.provider}:${entity.id}`,
    asSystem: true,
  })
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
