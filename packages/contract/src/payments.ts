import { z } from 'zod'
import { CsvFileSchema, DateSchema, IdParamSchema, MAX_ID, MessageResponseSchema, PaiseSchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { QuoteUnitSchema } from './quotes'
import { TaskStatusSchema } from './statuses'
import { MANUAL_PAYMENT_METHODS, MONEY_STATES, PAYMENT_REFERENCE_MAX_LENGTH, PAYOUT_METHODS } from './constants'
export { MONEY_STATES, moneyStateOf } from './constants'
export type { MoneyState } from './constants'
export {
  MANUAL_PAYMENT_METHODS,
  MAX_AMOUNT_PAISE,
  PAYMENT_REFERENCE_MAX_LENGTH,
  PAYOUT_METHODS,
  PRICE_LOCKED_STATUSES,
} from './constants'

/** How a customer's payment came in: recorded by an operator, or confirmed by an online provider. */
export const PAYMENT_METHODS = ['cash', 'upi-manual', 'razorpay', 'sandbox'] as const
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS)
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

export const ManualPaymentMethodSchema = z.enum(MANUAL_PAYMENT_METHODS)

/** Online providers behind one interface; `sandbox` is the in-app checkout used when none is configured. */
export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS)
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>

/**
 * `unallocated`: money an online provider captured for a task that was no longer waiting for
 * payment (paid by hand meanwhile, cancelled, sent back): recorded, held as owed back to the
 * customer, and refunded by the office (decision 016).
 */
export const PAYMENT_STATES = ['created', 'captured', 'failed', 'refunded', 'unallocated'] as const
export const PaymentStateSchema = z.enum(PAYMENT_STATES)

export const PayoutMethodSchema = z.enum(PAYOUT_METHODS)
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>

/** A positive amount of money, in integer paise. */
export const PositivePaiseSchema = PaiseSchema.refine((v) => v > 0, { error: 'Enter an amount above zero' })

/**
 * The platform's commission on a total, in paise: floor(total × bps / 10000); the worker gets
 * the rest, so the two always add up to the total (decision 009).
 */
export function splitAmount(totalPaise: number, commissionBps: number): { commission: number; workerShare: number } {
  const commission = Math.floor((totalPaise * commissionBps) / 10_000)
  return { commission, workerShare: totalPaise - commission }
}

const ReasonSchema = text({ multiline: true }).trim().min(3, { error: 'Say why, in a few words' }).max(500)
const ReferenceSchema = text().trim().max(PAYMENT_REFERENCE_MAX_LENGTH)

/** A material or extra piece of work added to a task's price. */
export const TaskLineItemSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  amount_paise: z.number().int(),
  /** How much of what, when the line came from an accepted quote (decision 061); null for an amount added by hand. */
  quantity: z.number().nullable(),
  unit: QuoteUnitSchema.nullable(),
  reason: z.string().nullable(),
  added_by: z.string().nullable(),
  created_at: z.string(),
})
export type TaskLineItem = z.infer<typeof TaskLineItemSchema>

export const PriceChangeSchema = z.object({
  id: z.number().int(),
  from_paise: z.number().int().nullable(),
  to_paise: z.number().int(),
  reason: z.string(),
  changed_by: z.string().nullable(),
  created_at: z.string(),
})

export const PaymentSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  amount_paise: z.number().int(),
  method: PaymentMethodSchema,
  provider_ref: z.string().nullable(),
  order_id: z.string().nullable(),
  state: PaymentStateSchema,
  recorded_by: z.string().nullable(),
  created_at: z.string(),
  refund_reason: z.string().nullable(),
  refunded_at: z.string().nullable(),
})
export type Payment = z.infer<typeof PaymentSchema>

/**
 * How a captured payment compares with what the task owes: an online payment is never refused
 * (decision 016), so a price changed while the checkout was open leaves the task `overpaid` or
 * `underpaid` for the office to settle (refund, or ask for the rest); null when they agree.
 */
/** Where a task's money stands: one state for every screen (see moneyStateOf). */
export const MoneyStateSchema = z.enum(MONEY_STATES)

export const PAYMENT_MISMATCHES = ['overpaid', 'underpaid'] as const
export const PaymentMismatchSchema = z.enum(PAYMENT_MISMATCHES).nullable()
export type PaymentMismatch = z.infer<typeof PaymentMismatchSchema>

/** What a task costs: its price, line items, total, and the split at the current commission. */
export const TaskChargesSchema = z.object({
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
  price_paise: z.number().int().nullable(),
  line_items: z.array(TaskLineItemSchema),
  total_paise: z.number().int().nullable(),
  price_changes: z.array(PriceChangeSchema),
  payments: z.array(PaymentSchema),
  /** What the task's captured payment brought in; 0 while none is captured. */
  paid_paise: z.number().int(),
  /** Total less what was paid, once a payment is captured: above 0 the customer still owes, below 0 the office owes them. */
  balance_paise: z.number().int().nullable(),
  payment_mismatch: PaymentMismatchSchema,
  /** Online payments captured while the task was not waiting for payment, not yet refunded: owed back to the customer. */
  refund_due_paise: z.number().int(),
})
export type TaskCharges = z.infer<typeof TaskChargesSchema>

export const TaskChargesResponseSchema = z.object({ charges: TaskChargesSchema })
export type TaskChargesResponse = z.infer<typeof TaskChargesResponseSchema>

export const SetPriceBodySchema = z.strictObject({ price_paise: PositivePaiseSchema, reason: ReasonSchema })
export type SetPriceBody = z.infer<typeof SetPriceBodySchema>

export const AddLineItemBodySchema = z.strictObject({
  description: text().trim().min(2, { error: 'Describe the material or work' }).max(200),
  amount_paise: PositivePaiseSchema,
  reason: ReasonSchema.optional(),
})
export type AddLineItemBody = z.infer<typeof AddLineItemBodySchema>

export const ManualPaymentBodySchema = z.strictObject({
  amount_paise: PositivePaiseSchema,
  method: ManualPaymentMethodSchema,
  reference: ReferenceSchema.optional(),
})
export type ManualPaymentBody = z.infer<typeof ManualPaymentBodySchema>

/**
 * POST /api/my/jobs/{task_id}/cash (issue 23, decision 064): the job's worker took the customer's cash.
 * `amount_paise` must be what the customer owes now (else 409 AMOUNT_CHANGED with details.owed_paise);
 * `note`, the worker's few words on it (kept in the task's history).
 */
export const CashReceivedBodySchema = z.strictObject({
  amount_paise: PositivePaiseSchema,
  note: text({ multiline: true }).trim().min(1).max(500).optional(),
})
export type CashReceivedBody = z.infer<typeof CashReceivedBodySchema>

export const PaymentResponseSchema = MessageResponseSchema.extend({
  payment: PaymentSchema,
  /** True when this answer repeats an earlier one for the same idempotency key. */
  replayed: z.boolean(),
  status: TaskStatusSchema,
})
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>

/** An online checkout for a task: what the web needs to open Razorpay's checkout or the sandbox. */
export const PaymentOrderSchema = z.object({
  order_id: z.string(),
  task_id: z.number().int(),
  task_name: z.string(),
  amount_paise: z.number().int(),
  currency: z.literal('INR'),
  provider: PaymentProviderSchema,
  state: z.enum(['created', 'paid', 'failed']),
  /** Razorpay's public key id, for its checkout; null in the sandbox. */
  key_id: z.string().nullable(),
  /** The in-app checkout page for the sandbox; null for Razorpay. */
  checkout_url: z.string().nullable(),
})
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>

export const PaymentOrderResponseSchema = z.object({ order: PaymentOrderSchema })
export type PaymentOrderResponse = z.infer<typeof PaymentOrderResponseSchema>

/** What Razorpay's checkout hands the page after a payment; the server checks the signature. */
export const VerifyPaymentBodySchema = z.strictObject({
  razorpay_order_id: text().min(1).max(100),
  razorpay_payment_id: text().min(1).max(100),
  razorpay_signature: text().regex(/^[0-9a-f]{64}$/, { error: 'The signature is 64 hex digits' }),
})
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBodySchema>

/** A provider's webhook event (Razorpay's shape); only what TownWorks reads is checked. */
export const PaymentWebhookBodySchema = z.looseObject({
  event: text().min(1).max(100),
  payload: z.looseObject({
    payment: z
      .looseObject({
        entity: z.looseObject({
          id: text().min(1).max(100),
          order_id: text().min(1).max(100).nullable().optional(),
          amount: z.number().int(),
          currency: text().max(10).optional(),
          status: text().max(50).optional(),
        }),
      })
      .optional(),
  }),
})
export type PaymentWebhookBody = z.infer<typeof PaymentWebhookBodySchema>

export const WebhookResponseSchema = MessageResponseSchema.extend({ handled: z.boolean() })

/** Which online checkout customers are offered (null: none — they pay the office in cash or UPI). */
export const PaymentOptionsResponseSchema = z.object({
  online: PaymentProviderSchema.nullable(),
  manual_methods: z.array(ManualPaymentMethodSchema),
})
export type PaymentOptionsResponse = z.infer<typeof PaymentOptionsResponseSchema>

export const SandboxCompleteBodySchema = z.strictObject({
  order_id: text().min(1).max(100),
  outcome: z.enum(['approve', 'decline']),
})
export type SandboxCompleteBody = z.infer<typeof SandboxCompleteBodySchema>

/** The sandbox answers as Razorpay's checkout would: a signed payment to verify, or a decline. */
export const SandboxCompleteResponseSchema = MessageResponseSchema.extend({
  outcome: z.enum(['approve', 'decline']),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string().nullable(),
})
export type SandboxCompleteResponse = z.infer<typeof SandboxCompleteResponseSchema>

export const RefundBodySchema = z.strictObject({ reason: ReasonSchema })
export type RefundBody = z.infer<typeof RefundBodySchema>

export const OwedTaskSchema = z.object({
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
  amount_paise: z.number().int(),
  paid_at: z.string(),
  /** The task's total less what its customer paid (decision 016): not 0 when the price changed during checkout. */
  balance_paise: z.number().int(),
  payment_mismatch: PaymentMismatchSchema,
  /** How many photos of the finished work its worker added: the office looks before paying. */
  photo_count: z.number().int(),
})
export type OwedTask = z.infer<typeof OwedTaskSchema>

export const WorkerOwedSchema = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  owed_paise: z.number().int(),
  paid_paise: z.number().int(),
  tasks: z.array(OwedTaskSchema),
})
export type WorkerOwed = z.infer<typeof WorkerOwedSchema>

/** A payment captured online for a task that was not waiting for payment: the office gives it back (decision 016). */
export const RefundDueSchema = z.object({
  payment_id: z.number().int(),
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
  amount_paise: z.number().int(),
  method: PaymentMethodSchema,
  provider_ref: z.string().nullable(),
  created_at: z.string(),
})
export type RefundDue = z.infer<typeof RefundDueSchema>

export const OwedResponseSchema = z.object({
  workers: z.array(WorkerOwedSchema),
  /** Unallocated online payments not yet refunded, oldest first. */
  refunds_due: z.array(RefundDueSchema),
})
export type OwedResponse = z.infer<typeof OwedResponseSchema>

export const CreatePayoutBodySchema = z.strictObject({
  worker_id: z.number().int().positive().max(MAX_ID),
  task_ids: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, { error: 'Choose at least one task' })
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A task is listed twice' }),
  method: PayoutMethodSchema,
  reference: ReferenceSchema.optional(),
  /** When given, must equal what the tasks owe: guards against a stale screen. */
  amount_paise: PositivePaiseSchema.optional(),
})
export type CreatePayoutBody = z.infer<typeof CreatePayoutBodySchema>

export const PayoutSchema = z.object({
  id: z.number().int(),
  worker_id: z.number().int(),
  worker_name: z.string(),
  amount_paise: z.number().int(),
  method: PayoutMethodSchema,
  reference: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
  tasks: z.array(z.object({ task_id: z.number().int(), task_name: z.string(), amount_paise: z.number().int() })),
})
export type Payout = z.infer<typeof PayoutSchema>

export const PayoutResponseSchema = MessageResponseSchema.extend({ payout: PayoutSchema })
export type PayoutResponse = z.infer<typeof PayoutResponseSchema>

export const PayoutsResponseSchema = z.object({ payouts: z.array(PayoutSchema) })
export type PayoutsResponse = z.infer<typeof PayoutsResponseSchema>

export const MyPayoutsResponseSchema = z.object({
  owed_paise: z.number().int(),
  payouts: z.array(PayoutSchema),
})
export type MyPayoutsResponse = z.infer<typeof MyPayoutsResponseSchema>

export const LedgerSummaryQuerySchema = z
  .object({ from: DateSchema.optional(), to: DateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
export type LedgerSummaryQuery = z.infer<typeof LedgerSummaryQuerySchema>

const TakingsSchema = z.object({
  received_paise: z.number().int(),
  refunded_paise: z.number().int(),
  commission_paise: z.number().int(),
  paid_out_paise: z.number().int(),
})

export const LedgerSummaryResponseSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  commission_bps: z.number().int(),
  totals: TakingsSchema,
  days: z.array(TakingsSchema.extend({ date: z.string() })),
})
export type LedgerSummaryResponse = z.infer<typeof LedgerSummaryResponseSchema>

export const LedgerCheckResponseSchema = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  balances: z.record(z.string(), z.number().int()),
  /** Online payments recorded for another amount than the task owes: flagged for the office, not a fault of the books. */
  mismatches: z.array(
    z.object({ task_id: z.number().int(), paid_paise: z.number().int(), owed_paise: z.number().int().nullable() }),
  ),
  checked: z.object({ groups: z.number().int(), tasks: z.number().int(), payouts: z.number().int() }),
})
export type LedgerCheckResponse = z.infer<typeof LedgerCheckResponseSchema>

const taskParams = z.object({ id: IdParamSchema })

/** The payments endpoints. */
export const paymentsEndpoints = {
  taskCharges: endpoint({
    method: 'GET',
    path: '/api/tasks/:id/charges',
    access: STAFF,
    tag: 'payments',
    summary: "A task's price, line items, price changes and payments",
    params: taskParams,
    response: TaskChargesResponseSchema,
  }),
  setTaskPrice: endpoint({
    method: 'PUT',
    path: '/api/tasks/:id/price',
    access: STAFF,
    tag: 'payments',
    summary: "Adjust a task's price with a reason, before the customer pays",
    params: taskParams,
    body: SetPriceBodySchema,
    response: TaskChargesResponseSchema,
  }),
  addLineItem: endpoint({
    method: 'POST',
    path: '/api/tasks/:id/line-items',
    access: STAFF,
    tag: 'payments',
    status: 201,
    summary: 'Add materials or extra work to a task, before the customer pays',
    params: taskParams,
    body: AddLineItemBodySchema,
    response: TaskChargesResponseSchema,
  }),
  recordManualPayment: endpoint({
    method: 'POST',
    path: '/api/tasks/:id/payments/manual',
    access: STAFF,
    tag: 'payments',
    idempotencyKey: 'required',
    summary: 'Record a cash or UPI payment received by hand; send an Idempotency-Key header',
    params: taskParams,
    body: ManualPaymentBodySchema,
    response: PaymentResponseSchema,
  }),
  recordCashReceived: endpoint({
    method: 'POST',
    path: '/api/my/jobs/:task_id/cash',
    access: ['worker'],
    tag: 'payments',
    idempotencyKey: 'required',
    summary: "The job's worker records the customer's cash (what is owed now); send an Idempotency-Key header",
    params: z.object({ task_id: IdParamSchema }),
    body: CashReceivedBodySchema,
    response: PaymentResponseSchema,
  }),
  createPaymentOrder: endpoint({
    method: 'POST',
    path: '/api/tasks/:id/payments/order',
    access: ['customer'],
    tag: 'payments',
    summary: 'Open an online checkout (Razorpay order, or the sandbox) for the caller’s own task',
    params: taskParams,
    response: PaymentOrderResponseSchema,
  }),
  getPaymentOrder: endpoint({
    method: 'GET',
    path: '/api/payments/orders/:orderId',
    access: 'authenticated',
    tag: 'payments',
    summary: 'An online checkout: its task, amount and state (its customer or staff)',
    params: z.object({ orderId: text().min(1).max(100) }),
    response: PaymentOrderResponseSchema,
  }),
  verifyPayment: endpoint({
    method: 'POST',
    path: '/api/payments/verify',
    access: 'authenticated',
    tag: 'payments',
    summary: 'Accept a checkout payment after checking its signature (HMAC-SHA256 of order_id|payment_id)',
    body: VerifyPaymentBodySchema,
    response: PaymentResponseSchema,
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    tag: 'payments',
    summary: "The provider's signed webhook (X-Razorpay-Signature: HMAC-SHA256 of the raw body)",
    body: PaymentWebhookBodySchema,
    response: WebhookResponseSchema,
  }),
  paymentOptions: endpoint({
    method: 'GET',
    path: '/api/payments/options',
    access: 'public',
    tag: 'payments',
    summary: 'Which online checkout is offered (Razorpay, the sandbox, or none: pay the office in cash or UPI)',
    response: PaymentOptionsResponseSchema,
  }),
  completeSandboxPayment: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/complete',
    access: 'authenticated',
    tag: 'payments',
    summary:
      'The in-app sandbox checkout approves or declines an order (only when it is on: PAYMENTS_SANDBOX; 404 otherwise)',
    body: SandboxCompleteBodySchema,
    response: SandboxCompleteResponseSchema,
  }),
  refundPayment: endpoint({
    method: 'POST',
    path: '/api/payments/:id/refund',
    access: ['admin'],
    tag: 'payments',
    summary:
      'Refund a payment received in error, with a reason; the task goes back to payment_pending (an unallocated payment is refunded without touching the task)',
    params: taskParams,
    body: RefundBodySchema,
    response: PaymentResponseSchema,
  }),
  payoutsOwed: endpoint({
    method: 'GET',
    path: '/api/payouts/owed',
    access: STAFF,
    tag: 'payments',
    summary: 'Per worker: what is owed (tasks paid by the customer, not yet paid out) and what was paid',
    response: OwedResponseSchema,
  }),
  listPayouts: endpoint({
    method: 'GET',
    path: '/api/payouts',
    access: STAFF,
    tag: 'payments',
    summary: 'Payouts recorded, newest first',
    response: PayoutsResponseSchema,
  }),
  exportPayouts: endpoint({
    method: 'GET',
    path: '/api/payouts/export.csv',
    access: STAFF,
    tag: 'payments',
    summary: 'Payouts as CSV, newest first, one row per payout and task covered (decision 045)',
    response: CsvFileSchema,
  }),
  createPayout: endpoint({
    method: 'POST',
    path: '/api/payouts',
    access: STAFF,
    tag: 'payments',
    status: 201,
    summary: 'Record a payout to a worker covering tasks; they move to paid_to_worker, then task_completed',
    body: CreatePayoutBodySchema,
    response: PayoutResponseSchema,
  }),
  myPayouts: endpoint({
    method: 'GET',
    path: '/api/my/payouts',
    access: ['worker'],
    tag: 'payments',
    summary: "The logged-in worker's payouts and what is still owed to them",
    response: MyPayoutsResponseSchema,
  }),
  ledgerSummary: endpoint({
    method: 'GET',
    path: '/api/ledger/summary',
    access: STAFF,
    tag: 'payments',
    summary: 'Platform takings per day (Asia/Kolkata) between from and to',
    query: LedgerSummaryQuerySchema,
    response: LedgerSummaryResponseSchema,
  }),
  exportLedger: endpoint({
    method: 'GET',
    path: '/api/ledger/export.csv',
    access: STAFF,
    tag: 'payments',
    summary: 'The ledger entries between from and to (Asia/Kolkata days) as CSV, oldest first (decision 045)',
    query: LedgerSummaryQuerySchema,
    response: CsvFileSchema,
  }),
  ledgerCheck: endpoint({
    method: 'GET',
    path: '/api/ledger/check',
    access: ['admin'],
    tag: 'payments',
    summary: 'Prove the ledger balances and agrees with task statuses, payments and payouts',
    response: LedgerCheckResponseSchema,
  }),
} as const
